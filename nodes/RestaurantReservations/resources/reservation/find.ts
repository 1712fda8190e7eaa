/**
 * Reservation Find: the reservations of one guest, by name, phone or email, in a period. The API has
 * no search, so the node lists the period (in windows of at most 60 days, ./period) and keeps the
 * guest's reservations (./guestMatch). Made for AI agents that take bookings by phone or chat.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { addLocalDays, MAX_RANGE_DAYS } from '../../../shared/dateWindows';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { vocabularyOf } from '../../../shared/reading/context';
import { stateRoleOf } from '../../../shared/reading/record';
import { returnAllAndLimit, simplifyOption } from '../../operationHelpers/descriptions';
import { restaurantFacts, resultLimit } from '../../operationHelpers/readParameters';
import {
	apiOperation,
	limitItems,
	pairWithItem,
	simplifyItems,
	type Pagination,
} from '../../operationHelpers/routing';
import { RESERVATION_FIELDS } from './helpers/fields';
import { isGuestsReservation } from './helpers/guestMatch';
import { guestQueryOf, guestSearchFields } from './helpers/guestSearch';
import {
	periodFields,
	periodOf,
	reservationsOfPeriod,
	type PeriodDefaults,
} from './helpers/period';
import { withReading } from './helpers/reading';

/** Empty From: the start of today in the restaurant; empty To: 60 days after From. */
const FIND_PERIOD: PeriodDefaults = {
	from: (startOfToday) => startOfToday,
	to: (from) => addLocalDays(from, MAX_RANGE_DAYS),
};

const findGuest: Pagination = async function (requestData) {
	const query = guestQueryOf(this);
	const { timeZone, country } = await restaurantFacts(this);
	const period = await periodOf(this, timeZone, FIND_PERIOD);
	const includeCancelled = this.getNodeParameter('includeCancelled', false) as boolean;
	const vocabulary = await vocabularyOf(this);
	// Event bookings are the guest's bookings too; the API leaves them out unless asked.
	const qs = { ...(requestData.options.qs as IDataObject), includeEvents: true, ...period };
	const found = (await reservationsOfPeriod(this, requestData, qs))
		.filter(
			(reservation) => includeCancelled || stateRoleOf(reservation, vocabulary) !== 'cancelled',
		)
		.filter((reservation) => isGuestsReservation(reservation, query, country))
		.map((json) => ({ json }));
	const items = withReading(
		limitItems(simplifyItems(this, found, RESERVATION_FIELDS), resultLimit(this)),
		timeZone,
		vocabulary,
	);
	return pairWithItem(this.getItemIndex(), items);
};

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
	...guestSearchFields,
	...periodFields('today', '60 days after From'),
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
