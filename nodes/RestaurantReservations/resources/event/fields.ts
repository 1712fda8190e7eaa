/**
 * Event parameters (spec 2.9) and the body parts they build: restaurant-local dates, the list of
 * specific dates, and tickets placed in the floor layout (floors[].event.tickets[]), whose amounts
 * follow the price rules (spec 8) and are checked before anything is sent.
 */
import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { checkPrice, describeViolation } from '../../../shared/money';
import { RESTAURANT_PATH } from '../../shared/descriptions';
import { onlySet, splitList } from '../../shared/routing';
import { localReservationTime } from '../reservation/fields';

export const EVENTS_PATH = `${RESTAURANT_PATH}/events`;

/** What Simplify keeps of an event (RestaurantFullContract has over 15 fields). */
export const EVENT_FIELDS = ['id', 'name', 'description', 'promoImage', 'startDate', 'endDate', 'isOffline', 'isPublic', 'dates', 'lastStatusChange'] as const;

/** Name of the floor that tickets are placed on when the event has no floor yet. */
export const DEFAULT_FLOOR = 'Main room';

export const EVENT_TIME_DESCRIPTION =
	"Restaurant-local date and time. A time with a UTC offset or 'Z' (for example from {{ $now }}) is converted to the restaurant's time zone before sending";

/** Fields that Create shows as Additional Fields and Update as Update Fields. */
export function eventFieldOptions(): INodeProperties[] {
	return [
		{ displayName: 'Dates', name: 'dates', type: 'string', default: '', placeholder: 'e.g. 2026-12-03, 2026-12-10', description: 'Comma-separated specific dates of a recurring event' },
		{ displayName: 'Description', name: 'description', type: 'string', typeOptions: { rows: 3 }, default: '', description: 'Description shown to guests' },
		{ displayName: 'Is Public', name: 'isPublic', type: 'boolean', default: true, description: 'Whether guests can see the event publicly' },
		{ displayName: 'Promo Image', name: 'promoImage', type: 'string', default: '', placeholder: 'e.g. https://example.com/gala.jpg', description: 'URL of the promotional image' },
	];
}

export function ticketsField(description: string): INodeProperties {
	return {
		displayName: 'Tickets',
		name: 'tickets',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Ticket',
		default: {},
		description,
		options: [
			{
				displayName: 'Ticket',
				name: 'ticket',
				values: [
					{ displayName: 'Title', name: 'title', type: 'string', default: '', placeholder: 'e.g. Standard ticket', description: 'Title of the ticket' },
					{ displayName: 'Type', name: 'type', type: 'string', default: 'standard', placeholder: 'e.g. vip', description: 'Ticket type, e.g. standard or vip' },
					{ displayName: 'Description', name: 'description', type: 'string', default: '', description: 'Description of the ticket' },
					{ displayName: 'Amount', name: 'amount', type: 'number', typeOptions: { numberPrecision: 0 }, default: 0, description: 'Ticket cost, a whole number, 0 or more' },
				],
			},
		],
	};
}

interface TicketParameter {
	title?: string;
	type?: string;
	description?: string;
	amount?: number | string;
}

/** EventTicketContract[] from the Tickets parameter; amounts checked, nothing sent on a violation. */
export function ticketsBody(context: IExecuteSingleFunctions, tickets: IDataObject | undefined): IDataObject[] | undefined {
	const list = (tickets?.ticket as TicketParameter[] | undefined) ?? [];
	if (list.length === 0) return undefined;
	return list.map((ticket, i) => {
		const amount = Number(ticket.amount ?? 0);
		const field = `Tickets[${i}].amount`;
		const violation = checkPrice(field, amount);
		const problem = violation ? describeViolation(violation) : Number.isInteger(amount) ? undefined : `${field} is ${amount}: it must be a whole number`;
		if (problem) {
			throw new NodeOperationError(context.getNode(), `Event not sent: ${problem}`, {
				description: 'Ticket amounts are whole numbers, 0 or more. Nothing was sent to the restaurant.',
				itemIndex: context.getItemIndex(),
			});
		}
		return onlySet({ title: ticket.title, type: ticket.type, description: ticket.description, amount });
	});
}

/** Places tickets on the event's first floor, or on a new "Main room" floor. */
export function withTickets(floors: unknown, tickets: IDataObject[]): IDataObject[] {
	const list = Array.isArray(floors) ? [...(floors as IDataObject[])] : [];
	if (list.length === 0) return [{ name: DEFAULT_FLOOR, event: { tickets } }];
	list[0] = { ...list[0], event: { ...((list[0].event as IDataObject | null) ?? {}), tickets } };
	return list;
}

/** The tickets placed by withTickets on a new floor layout. */
export function ticketsOf(floors: unknown): IDataObject[] {
	const first = (floors as IDataObject[])[0];
	return ((first?.event as IDataObject | undefined)?.tickets as IDataObject[] | undefined) ?? [];
}

/**
 * The event fields of the parameters as body fields: only what is set, dates restaurant-local,
 * `dates` as a list, tickets on the floor layout of `floors`.
 */
export async function eventBody(context: IExecuteSingleFunctions, fields: IDataObject, floors?: unknown): Promise<IDataObject> {
	const { tickets, ...rest } = fields;
	const body = onlySet(rest);
	if (typeof body.startDate === 'string') body.startDate = await localReservationTime(context, 'Start Date', body.startDate);
	if (typeof body.endDate === 'string') body.endDate = await localReservationTime(context, 'End Date', body.endDate);
	if (body.dates !== undefined) body.dates = splitList(body.dates);
	const ticketList = ticketsBody(context, tickets as IDataObject | undefined);
	if (ticketList) body.floors = withTickets(floors, ticketList);
	return body;
}

/** The event ID of the parameters: a whole number (spec 4.6), else an error before any request. */
export function eventIdOf(context: IExecuteSingleFunctions): number {
	const value = context.getNodeParameter('eventId') as string | number;
	const id = Number(value);
	if (value === '' || !Number.isInteger(id) || id <= 0) {
		throw new NodeOperationError(context.getNode(), `Event ID "${value}" is not valid: it must be a whole number, e.g. 5001`, {
			description: 'Pick the event from the list, or give its numeric ID. Nothing was sent.',
			itemIndex: context.getItemIndex(),
		});
	}
	return id;
}

/** First step of every operation on one event: checks the event ID. */
export async function checkEventId(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	eventIdOf(this);
	return requestOptions;
}

/** The path of the event chosen in the parameters. */
export const EVENT_PATH = `${EVENTS_PATH}/{{$parameter.eventId}}`;

export const eventIdField: INodeProperties = {
	displayName: 'Event Name or ID',
	name: 'eventId',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getEvents', loadOptionsDependsOn: ['restaurantId.value'] },
	default: '',
	required: true,
	description: 'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
	displayOptions: { show: { resource: ['event'], operation: ['get', 'update', 'delete', 'copy', 'publish', 'unpublish'] } },
};
