/**
 * Reservation › Get Guest History: one item per input item summarising a guest's bookings at the
 * restaurant (visits, no-shows, cancellations, upcoming, first and last visit, next booking, party
 * size, amounts, profile: ../../../shared/guests/history). The guest is found as Find finds them
 * (./helpers/guestMatch) in a period listed through 60-day windows (./helpers/period).
 *
 * Many items, one read: every item of a run that asks about the same restaurant and period shares
 * one listing of it (../../operationHelpers/runCache), so 500 guests looked up in one run cost the
 * period's window requests once, not 500 times.
 */
import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { addLocalDays, addLocalYears } from '../../../shared/dateWindows';
import { guestHistory } from '../../../shared/guests/history';
import { RESTAURANTS, restaurantsChoice } from '../../../shared/parameters';
import { apiPath, idValue, routingUrl } from '../../../shared/paths';
import { vocabularyOf } from '../../../shared/reading/context';
import { simplifyOption } from '../../operationHelpers/descriptions';
import { booleanInput } from '../../operationHelpers/inputValues';
import {
	restaurantFacts,
	restaurantIdOf,
	runsAsAgentTool,
} from '../../operationHelpers/readParameters';
import {
	apiOperation,
	pairWithItem,
	simplifyItems,
	type Pagination,
} from '../../operationHelpers/routing';
import { sharedByRun } from '../../operationHelpers/runCache';
import { CHAIN_REQUESTS_AT_ONCE, chainHistoryItem } from './helpers/chainItem';
import { RESERVATION_FIELDS } from './helpers/fields';
import { byGuest, matchedBookings, otherGuests, otherGuestsNote } from './helpers/chainHistory';
import type { RestaurantListing } from './helpers/chainListings';
import type { GuestQuery } from './helpers/guestMatch';
import { guestQueryOf, guestSearchFields } from './helpers/guestSearch';
import {
	periodFields,
	periodOf,
	reservationsOfPeriod,
	type PeriodDefaults,
} from './helpers/period';
import { withReading } from './helpers/reading';

/** Days after today that the default period reaches: bookings already made for the next months. */
const DAYS_AHEAD = 90;

/** Empty From: one year before the start of today; empty To: the end of the 90th day after today. */
const HISTORY_PERIOD: PeriodDefaults = {
	from: (startOfToday) => addLocalYears(startOfToday, -1),
	to: (_from, startOfToday) => addLocalDays(startOfToday, DAYS_AHEAD + 1),
};

/** Values of the Restaurants parameter (saved in workflows: never change them). */

const getGuestHistory: Pagination = async function (requestData) {
	const query = guestQueryOf(this);
	const includeReservations = booleanInput(
		this,
		this.getNodeParameter('includeReservations', true),
		'Include Reservations',
		true,
	);
	const json =
		this.getNodeParameter('restaurants', RESTAURANTS.one) === RESTAURANTS.all
			? await chainHistoryItem(this, query, HISTORY_PERIOD, includeReservations)
			: await oneRestaurantHistory.call(this, requestData, query, includeReservations);
	return pairWithItem(this.getItemIndex(), [{ json }]);
};

/**
 * The chosen restaurant's reservation list. The operation's own URL names no restaurant: with All
 * Accessible Restaurants the Restaurant field is hidden, and n8n cannot read a hidden locator.
 */
const listingOf = (
	requestData: DeclarativeRestApiSettings.ResultOptions,
	restaurantId: string,
): DeclarativeRestApiSettings.ResultOptions => ({
	...requestData,
	options: { ...requestData.options, url: apiPath('reservations', { restaurantId }) },
});

/** The guest at the chosen restaurant (One Restaurant, the default). */
async function oneRestaurantHistory(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	query: GuestQuery,
	includeReservations: boolean,
): Promise<IDataObject> {
	const restaurantId = restaurantIdOf(this);
	const { timeZone, country } = await restaurantFacts(this);
	const period = await periodOf(this, timeZone, HISTORY_PERIOD);
	const vocabulary = await vocabularyOf(this);
	// Event bookings are the guest's bookings too; the API leaves them out unless asked.
	const qs = { ...(requestData.options.qs as IDataObject), includeEvents: true, ...period };
	const ofPeriod = await sharedByRun(
		this,
		'reservationsOfPeriod',
		[restaurantId, period.from, period.to],
		async () => await reservationsOfPeriod(this, listingOf(requestData, restaurantId), qs),
	);
	// The search may match more than one guest (a shared name, an e-mail two guests gave): the item
	// is about one of them, chosen as the chain's is (./helpers/chainHistory), the others named.
	const listing: RestaurantListing = {
		restaurant: { id: idValue(restaurantId), name: null, timeZone, country },
		period,
		reservations: ofPeriod,
	};
	const [guestBookings = [], ...others] = byGuest(matchedBookings([listing], query, vocabulary));
	const bookings = guestBookings.map(({ booking }) => booking);
	const summary = guestHistory(guestBookings, { now: Date.now(), timeZone, country });
	const { found, guest, ...counts } = summary;
	const json: IDataObject = {
		found,
		guest: guest as unknown as IDataObject,
		restaurantId: idValue(restaurantId),
		timeZone,
		period: { ...period },
		...(counts as unknown as IDataObject),
		otherGuests: otherGuests(others, { identity: !runsAsAgentTool(this) }),
		otherGuestsNote: otherGuestsNote(query, others.length),
	};
	if (includeReservations) {
		const items = simplifyItems(
			this,
			bookings.map((booking) => ({ json: booking })),
			RESERVATION_FIELDS,
		);
		json.reservations = withReading(items, timeZone, vocabulary).map((item) => item.json);
	}
	return json;
}

export const operation = apiOperation({
	value: 'getGuestHistory',
	name: 'Get Guest History',
	action: "Get a guest's history",
	description:
		"Summarise a guest's bookings found by name, phone or email: visits, no-shows, cancellations, upcoming bookings, first and last visit, average party size and amount spent. One item per guest asked about, with found false when they have no booking in the period (default: the last year and the next 90 days).",
	method: 'GET',
	url: routingUrl('restaurants'),
	pagination: getGuestHistory,
});

const forOne = { show: { restaurants: [RESTAURANTS.one] } };
const forAll = { show: { restaurants: [RESTAURANTS.all] } };

export const fields: INodeProperties[] = [
	...restaurantsChoice({
		all: "Every restaurant the access token reaches: the guest once for the whole chain, with each restaurant's part",
		description: "Where to read the guest's bookings",
	}),
	{
		displayName:
			"Returns one item per guest asked about: found (true or false), the counts of visits, no-shows, cancellations and upcoming bookings, the first and last visit, and the bookings themselves. Many guests in one run read the restaurant's bookings once.",
		name: 'guestHistoryNotice',
		type: 'notice',
		default: '',
		displayOptions: forOne,
	},
	{
		displayName:
			"Reads every restaurant the access token reaches: the list of restaurants, then each one's bookings of the period, one request per 60 days of it (20 restaurants and the default period: about 160 requests). Every guest of the run shares that one reading. The guest is joined across restaurants by phone (a number without prefix read in each restaurant's country), else email, else name, and summed up for the chain, with each restaurant's counts under restaurants. A restaurant that fails is named under failedRestaurants while the others count.",
		name: 'guestHistoryAllNotice',
		type: 'notice',
		default: '',
		displayOptions: forAll,
	},
	...guestSearchFields,
	...periodFields('one year before today', '90 days after today, that day included'),
	{
		displayName: 'Include Reservations',
		name: 'includeReservations',
		type: 'boolean',
		default: true,
		description:
			"Whether to add the guest's bookings under reservations, sorted by time, each with its stateRole; off: only the summary",
	},
	simplifyOption(RESERVATION_FIELDS),
	...updateDisplayOptions(forAll, [CHAIN_REQUESTS_AT_ONCE]),
];
