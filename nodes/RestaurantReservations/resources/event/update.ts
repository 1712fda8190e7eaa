/**
 * Event Update (spec 4.6): the API replaces the whole event, so the event is read first and sent
 * back whole, with only the fields the user set changed.
 */
import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { apiPath, routingUrl } from '../../../shared/paths';
import { apiRequest } from '../../../shared/transport';
import { fieldsCollection, simplifyOption } from '../../shared/descriptions';
import { requireChanges, restaurantIdOf } from '../../shared/readParameters';
import { apiOperation, simplify, withBody } from '../../shared/routing';
import { eventBody, eventIdOf } from './body';
import {
	EVENT_FIELDS,
	EVENT_TIME_DESCRIPTION,
	eventFieldOptions,
	eventIdField,
	ticketsField,
} from './fields';
import { ticketsOf, withTickets } from './tickets';

/** Fields of the read event that the server sets itself. */
const READ_ONLY = ['id', 'lastStatusChange'];

async function buildBody(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const eventId = eventIdOf(this);
	// Checked before the event is read: a mistake in the parameters sends nothing at all.
	const changes = await eventBody(this, this.getNodeParameter('updateFields', {}) as IDataObject);
	requireChanges(this, changes);
	const path = apiPath('event', { restaurantId: restaurantIdOf(this), eventId });
	const current = await apiRequest<IDataObject>(this, {
		method: 'GET',
		path,
		itemIndex: this.getItemIndex(),
	});
	if (changes.floors) changes.floors = withTickets(current.floors, ticketsOf(changes.floors));
	const body: IDataObject = Object.fromEntries(
		Object.entries(current).filter(([key]) => !READ_ONLY.includes(key)),
	);
	return withBody(requestOptions, { ...body, ...changes });
}

export const operation = apiOperation({
	value: 'update',
	name: 'Update',
	action: 'Update an event',
	description:
		'Change the fields you set; the event is read first and everything else is sent back unchanged',
	method: 'PUT',
	url: routingUrl('event'),
	preSend: [buildBody],
	postReceive: [simplify(EVENT_FIELDS)],
});

export const fields: INodeProperties[] = [
	restaurantLocator,
	eventIdField,
	fieldsCollection('updateFields', [
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			placeholder: 'e.g. Wine tasting',
			description: 'Name of the event',
		},
		{
			displayName: 'Start Date',
			name: 'startDate',
			type: 'dateTime',
			default: '',
			description: `Start of the event. ${EVENT_TIME_DESCRIPTION}.`,
		},
		{
			displayName: 'End Date',
			name: 'endDate',
			type: 'dateTime',
			default: '',
			description: `End of the event. ${EVENT_TIME_DESCRIPTION}.`,
		},
		ticketsField('The new tickets of the event: they replace the tickets on its first floor'),
		...eventFieldOptions(),
	]),
	simplifyOption(EVENT_FIELDS),
];
