/**
 * Event Update (spec 4.6): the API replaces the whole event, so the event is read first and sent
 * back whole, with only the fields the user set changed.
 */
import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { apiPath, routingUrl } from '../../../shared/paths';
import { apiRequest } from '../../../shared/transport';
import { fieldOptions } from '../../operationHelpers/apiFields';
import { fieldsCollection, simplifyOption } from '../../operationHelpers/descriptions';
import {
	collectionOf,
	requireChanges,
	restaurantIdOf,
} from '../../operationHelpers/readParameters';
import { apiOperation, simplify } from '../../operationHelpers/routing';
import { eventBody, eventIdOf } from './helpers/body';
import { EVENT_API_FIELDS } from './helpers/apiFields';
import { EVENT_FIELDS, eventIdField, ticketsField } from './helpers/fields';
import { ticketsOf, withTickets } from './helpers/tickets';

/** Fields of the read event that the server sets itself. */
const READ_ONLY = ['id', 'lastStatusChange'];

async function requestBody(item: IExecuteSingleFunctions): Promise<IDataObject | IDataObject[]> {
	const eventId = eventIdOf(item);
	// Checked before the event is read: a mistake in the parameters sends nothing at all.
	const changes = await eventBody(item, collectionOf(item, 'updateFields'));
	requireChanges(item, changes);
	const path = apiPath('event', { restaurantId: restaurantIdOf(item), eventId });
	const current = await apiRequest<IDataObject>(item, {
		method: 'GET',
		path,
		itemIndex: item.getItemIndex(),
	});
	if (changes.floors) changes.floors = withTickets(current.floors, ticketsOf(changes.floors));
	const body: IDataObject = Object.fromEntries(
		Object.entries(current).filter(([key]) => !READ_ONLY.includes(key)),
	);
	return { ...body, ...changes };
}

export const operation = apiOperation({
	value: 'update',
	name: 'Update',
	action: 'Update an event',
	description:
		'Change the fields you set; the event is read first and everything else is sent back unchanged',
	method: 'PUT',
	url: routingUrl('event'),
	body: requestBody,
	postReceive: [simplify(EVENT_FIELDS)],
});

export const fields: INodeProperties[] = [
	restaurantLocator,
	eventIdField,
	fieldsCollection('updateFields', [
		...fieldOptions(EVENT_API_FIELDS, 'updateFields'),
		ticketsField('The new tickets of the event: they replace the tickets on its first floor'),
	]),
	simplifyOption(EVENT_FIELDS),
];
