/**
 * Reservation Find: the reservations of one guest, by name, phone or email, in a period. The API has
 * no search, so the node lists the period (in windows of at most 60 days, ./period) and keeps the
 * guest's reservations (./guestMatch). Made for AI agents that take bookings by phone or chat.
 */
import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { addLocalDays, MAX_RANGE_DAYS } from '../../../shared/dateWindows';
import { toLocalDateTime } from '../../../shared/localTime';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { vocabularyOf } from '../../../shared/reading/context';
import { stateRoleOf } from '../../../shared/reading/record';
import { returnAllAndLimit, simplifyOption } from '../../operationHelpers/descriptions';
import { textInput } from '../../operationHelpers/inputValues';
import {
	restaurantLocalTime,
	restaurantTimeZone,
	resultLimit,
} from '../../operationHelpers/readParameters';
import {
	apiOperation,
	limitItems,
	pairWithItem,
	simplifyItems,
} from '../../operationHelpers/routing';
import { RESERVATION_FIELDS } from './helpers/fields';
import { guestQuery, isGuestsReservation, type GuestQuery } from './helpers/guestMatch';
import { reservationsOfPeriod, requireOrderedPeriod, type Period } from './helpers/period';
import { withReading } from './helpers/reading';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The guest criteria of the item; none, or one that cannot work, stops the item before any request. */
function queryOf(item: IExecuteSingleFunctions): GuestQuery {
	const text = (name: string, field: string, example: string) =>
		textInput(item, item.getNodeParameter(name, ''), field, `Give ${field} as text, ${example}.`);
	const result = guestQuery({
		customerName: text('customerName', 'Guest Name', 'e.g. Anna Schmidt'),
		phone: text('phone', 'Phone', 'e.g. +49 30 1234567'),
		email: text('email', 'Email', 'e.g. anna@example.com'),
	});
	if ('query' in result) return result.query;
	throw new NodeOperationError(item.getNode(), result.problem.message, {
		description: result.problem.fix,
		itemIndex: item.getItemIndex(),
	});
}

/**
 * The period, restaurant-local: From (default the start of today in the restaurant) to To (default
 * 60 days later). A date alone as To includes that whole day.
 */
async function periodOf(item: IExecuteSingleFunctions, timeZone: string): Promise<Period> {
	const fix =
		"Give a date-time such as 2026-11-22T19:30 (the restaurant's local time), or leave it empty.";
	const fromText = textInput(item, item.getNodeParameter('from', ''), 'From', fix);
	const toText = textInput(item, item.getNodeParameter('to', ''), 'To', fix);
	const from = fromText
		? await restaurantLocalTime(item, 'From', fromText, timeZone)
		: `${toLocalDateTime(new Date(), timeZone).slice(0, 10)}T00:00:00`;
	let to = addLocalDays(from, MAX_RANGE_DAYS);
	if (toText) {
		to = await restaurantLocalTime(item, 'To', toText, timeZone);
		if (DATE_ONLY.test(toText)) to = addLocalDays(to, 1);
	}
	requireOrderedPeriod(item, { from, to });
	return { from, to };
}

async function findGuest(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const query = queryOf(this);
	const timeZone = await restaurantTimeZone(this);
	const period = await periodOf(this, timeZone);
	const includeCancelled = this.getNodeParameter('includeCancelled', false) as boolean;
	const vocabulary = await vocabularyOf(this);
	// Event bookings are the guest's bookings too; the API leaves them out unless asked.
	const qs = { ...(requestData.options.qs as IDataObject), includeEvents: true, ...period };
	const found = (await reservationsOfPeriod(this, requestData, qs))
		.filter(
			(reservation) => includeCancelled || stateRoleOf(reservation, vocabulary) !== 'cancelled',
		)
		.filter((reservation) => isGuestsReservation(reservation, query))
		.map((json) => ({ json }));
	const items = withReading(
		limitItems(simplifyItems(this, found, RESERVATION_FIELDS), resultLimit(this)),
		timeZone,
		vocabulary,
	);
	return pairWithItem(this.getItemIndex(), items);
}

export const operation = apiOperation({
	value: 'find',
	name: 'Find',
	action: 'Find reservations of a guest',
	description:
		"Find a guest's reservations by name, phone or email in a period (default: the next 60 days). Returns them sorted by time, none when nothing matches; times are restaurant-local, and each reservation carries the restaurant's timeZone.",
	method: 'GET',
	url: routingUrl('reservations'),
	pagination: findGuest,
});

export const fields: INodeProperties[] = [
	restaurantLocator,
	{
		displayName: 'Guest Name',
		name: 'customerName',
		type: 'string',
		default: '',
		placeholder: 'e.g. zoe muller',
		description:
			'The guest\'s name or part of it: any case, accents optional, every word given must appear in the name ("zoe muller" finds "Zoë Müller-Lüdenscheid"). Give one or more of Guest Name, Phone and Email; with several, a reservation must match all of them.',
	},
	{
		displayName: 'Phone',
		name: 'phone',
		type: 'string',
		default: '',
		placeholder: 'e.g. +49 30 1234567',
		description:
			"The guest's phone number in any format (+49 30 1234567, 030-123 4567, (030) 1234567), at least 6 digits. Compared by digits only; a missing country code or leading 0 does not matter. Give one or more of Guest Name, Phone and Email; with several, a reservation must match all of them.",
	},
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		description:
			"The guest's email address, any case; must match the whole address. Give one or more of Guest Name, Phone and Email; with several, a reservation must match all of them.",
	},
	{
		displayName: 'From',
		name: 'from',
		type: 'dateTime',
		default: '',
		description:
			"Start of the period, restaurant-local, included: YYYY-MM-DDTHH:mm, or a date YYYY-MM-DD for the start of that day. A time with an offset or 'Z' is converted to the restaurant's time zone. Empty: today.",
	},
	{
		displayName: 'To',
		name: 'to',
		type: 'dateTime',
		default: '',
		description:
			'End of the period, restaurant-local, not included: YYYY-MM-DDTHH:mm, or a date YYYY-MM-DD to include that whole day. Empty: 60 days after From. Any length of period works.',
	},
	{
		displayName: 'Include Cancelled',
		name: 'includeCancelled',
		type: 'boolean',
		default: false,
		description: 'Whether to return cancelled reservations too',
	},
	...returnAllAndLimit,
	simplifyOption(RESERVATION_FIELDS),
];
