import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { fieldsCollection, nameField, simplifyOption } from '../../shared/descriptions';
import { collectionOf } from '../../shared/readParameters';
import { apiOperation, simplify } from '../../shared/routing';
import { eventBody } from './body';
import { EVENT_FIELDS, EVENT_TIME_DESCRIPTION, eventFieldOptions, ticketsField } from './fields';

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
	{
		displayName: 'Start Date',
		name: 'startDate',
		type: 'dateTime',
		default: '',
		required: true,
		description: `Start of the event. ${EVENT_TIME_DESCRIPTION}.`,
	},
	{
		displayName: 'End Date',
		name: 'endDate',
		type: 'dateTime',
		default: '',
		required: true,
		description: `End of the event, not before the start. ${EVENT_TIME_DESCRIPTION}.`,
	},
	ticketsField(
		'Tickets of the event; they are placed in the floor layout, on a floor named "Main room"',
	),
	fieldsCollection('additionalFields', eventFieldOptions()),
	simplifyOption(EVENT_FIELDS),
];
