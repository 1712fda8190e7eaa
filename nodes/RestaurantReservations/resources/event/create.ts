import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { fieldOptions } from '../../operationHelpers/apiFields';
import { fieldsCollection, nameField, simplifyOption } from '../../operationHelpers/descriptions';
import { collectionOf } from '../../operationHelpers/readParameters';
import { apiOperation, simplify } from '../../operationHelpers/routing';
import { eventBody } from './helpers/body';
import { EVENT_API_FIELDS, eventDateField } from './helpers/apiFields';
import { EVENT_FIELDS, ticketsField } from './helpers/fields';

async function requestBody(item: IExecuteSingleFunctions): Promise<IDataObject | IDataObject[]> {
	const fields: IDataObject = {
		name: item.getNodeParameter('name'),
		startDate: item.getNodeParameter('startDate'),
		endDate: item.getNodeParameter('endDate'),
		...collectionOf(item, 'additionalFields'),
		tickets: item.getNodeParameter('tickets', {}),
	};
	return await eventBody(item, fields);
}

export const operation = apiOperation({
	value: 'create',
	name: 'Create',
	action: 'Create an event',
	description:
		'Create a restaurant event as a draft, optionally with tickets; publish it with Publish',
	method: 'POST',
	url: routingUrl('events'),
	body: requestBody,
	postReceive: [simplify(EVENT_FIELDS)],
});

export const fields: INodeProperties[] = [
	restaurantLocator,
	nameField('event', 'Wine tasting', true),
	eventDateField('startDate', 'Start of the event', true),
	eventDateField('endDate', 'End of the event, not before the start', true),
	ticketsField(
		'Tickets of the event; they are placed in the floor layout, on a floor named "Main room"',
	),
	fieldsCollection('additionalFields', fieldOptions(EVENT_API_FIELDS, 'additionalFields')),
	simplifyOption(EVENT_FIELDS),
];
