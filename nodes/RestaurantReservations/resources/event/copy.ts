import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { simplifyOption } from '../../operationHelpers/descriptions';
import { collectionOf } from '../../operationHelpers/readParameters';
import { apiOperation, simplify } from '../../operationHelpers/routing';
import { checkEventId, eventBody } from './helpers/body';
import { eventDateField, eventDescriptionField } from './helpers/apiFields';
import { EVENT_FIELDS, eventIdField } from './helpers/fields';

async function requestBody(item: IExecuteSingleFunctions): Promise<IDataObject | IDataObject[]> {
	const fields: IDataObject = {
		name: item.getNodeParameter('newName'),
		...collectionOf(item, 'copyFields'),
	};
	return await eventBody(item, fields);
}

export const operation = apiOperation({
	value: 'copy',
	name: 'Copy',
	action: 'Copy an event',
	description:
		'Create a new draft event from an existing one, with a new name and dates; everything else is copied',
	method: 'POST',
	url: routingUrl('eventCopy'),
	preSend: [checkEventId],
	body: requestBody,
	postReceive: [simplify(EVENT_FIELDS)],
});

export const fields: INodeProperties[] = [
	restaurantLocator,
	eventIdField,
	{
		displayName: 'New Name',
		name: 'newName',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Jazz Thursdays (spring)',
		description: 'Name of the new event',
	},
	{
		displayName: 'Additional Fields',
		name: 'copyFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'Fields of the new event; the ones not set are copied from the source event',
		options: [
			eventDescriptionField,
			eventDateField('endDate', 'End of the new event'),
			eventDateField('startDate', 'Start of the new event'),
		],
	},
	simplifyOption(EVENT_FIELDS),
];
