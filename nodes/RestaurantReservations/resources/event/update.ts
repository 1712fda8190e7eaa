/**
 * Event Update (spec 4.6): the API replaces the whole event, so the event is read first and sent
 * back whole, with only the fields the user set changed.
 */
import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { apiRequest, paths } from '../../../shared/transport';
import { fieldsCollection } from '../../shared/descriptions';
import { apiOperation, requireChanges, simplify, withBody } from '../../shared/routing';
import { EVENT_FIELDS, EVENT_PATH, EVENT_TIME_DESCRIPTION, eventBody, eventFieldOptions, eventIdOf, ticketsField, ticketsOf, withTickets } from './fields';

const show = { resource: ['event'], operation: ['update'] };

/** Fields of the read event that the server sets itself. */
const READ_ONLY = ['id', 'lastStatusChange'];

async function buildBody(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const eventId = eventIdOf(this);
	const restaurantId = this.getNodeParameter('restaurantId', undefined, { extractValue: true }) as string;
	const fields = this.getNodeParameter('updateFields', {}) as IDataObject;
	// Checked before the event is read: a mistake in the parameters sends nothing at all.
	const changes = await eventBody(this, fields);
	requireChanges(this, changes);
	const current = await apiRequest<IDataObject>(this, { method: 'GET', path: `${paths.restaurant(restaurantId)}/events/${eventId}`, itemIndex: this.getItemIndex() });
	if (changes.floors) changes.floors = withTickets(current.floors, ticketsOf(changes.floors));
	const body: IDataObject = Object.fromEntries(Object.entries(current).filter(([key]) => !READ_ONLY.includes(key)));
	return withBody(requestOptions, { ...body, ...changes });
}

export const update = apiOperation({
	value: 'update',
	name: 'Update',
	action: 'Update an event',
	description: 'Change the fields you set; the event is read first and everything else is sent back unchanged',
	method: 'PUT',
	url: `=${EVENT_PATH}`,
	preSend: [buildBody],
	postReceive: [simplify(EVENT_FIELDS)],
});

export const updateFields: INodeProperties[] = [
	fieldsCollection('updateFields', show, [
			{ displayName: 'Name', name: 'name', type: 'string', default: '', placeholder: 'e.g. Wine tasting', description: 'Name of the event' },
			{ displayName: 'Start Date', name: 'startDate', type: 'dateTime', default: '', description: `Start of the event. ${EVENT_TIME_DESCRIPTION}.` },
			{ displayName: 'End Date', name: 'endDate', type: 'dateTime', default: '', description: `End of the event. ${EVENT_TIME_DESCRIPTION}.` },
			ticketsField('The new tickets of the event: they replace the tickets on its first floor'),
			...eventFieldOptions(),
		]),
];
