/**
 * Get Guest History's item across restaurants (All Accessible Restaurants): the restaurants
 * (./accessibleRestaurants), their bookings of the period (./chainListings), the guest joined and
 * summed up (./chainHistory). A restaurant that fails is named under `failedRestaurants`; when
 * every one fails, the item fails with the first one's error, as with One Restaurant.
 */
import type { IDataObject, IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';
import { vocabularyOf } from '../../../../shared/reading/context';
import { checkedRequestsAtOnce, requestsAtOnceField } from '../../../../shared/requestsAtOnce';
import { runsAsAgentTool } from '../../../operationHelpers/readParameters';
import { simplifyItems } from '../../../operationHelpers/routing';
import { accessibleRestaurants } from './accessibleRestaurants';
import {
	byGuest,
	chainSummary,
	matchedBookings,
	otherGuests,
	otherGuestsNote,
	restaurantBreakdown,
	type ChainBooking,
} from './chainHistory';
import { chainListings, type ChainListings } from './chainListings';
import { RESERVATION_FIELDS } from './fields';
import type { GuestQuery } from './guestMatch';
import type { PeriodDefaults } from './period';
import { withReading } from './reading';
import type { StateVocabulary } from '../../../../shared/reading/vocabulary';

export const CHAIN_REQUESTS_AT_ONCE = requestsAtOnceField(
	"The most API requests under way at once while every restaurant's bookings are read, across all restaurants and their periods (1 to 32). More reads many restaurants faster; fewer is gentler with the API. Every guest of the run shares one reading.",
);

function failedRestaurants(chain: ChainListings): IDataObject[] {
	return chain.failed.map(({ restaurant, failure }) => ({
		restaurantId: restaurant.id,
		name: restaurant.name,
		message: failure.message,
		...(failure.code ? { code: failure.code } : {}),
		...(failure.httpCode ? { httpCode: failure.httpCode } : {}),
		...(failure.description ? { description: failure.description } : {}),
	}));
}

/** The guest's bookings as Include Reservations lists them: each with its restaurant, by time. */
function reservationsOf(
	item: IExecuteSingleFunctions,
	bookings: readonly ChainBooking[],
	vocabulary: StateVocabulary,
): IDataObject[] {
	return bookings.map(({ booking, listing }) => {
		const [simplified] = simplifyItems(item, [{ json: booking }], RESERVATION_FIELDS);
		const [read] = withReading([simplified], listing.restaurant.timeZone, vocabulary);
		return {
			...read.json,
			restaurantId: listing.restaurant.id,
			restaurantName: listing.restaurant.name,
		};
	});
}

/** The item's JSON for the guest of `query` across every accessible restaurant. */
export async function chainHistoryItem(
	item: IExecuteSingleFunctions,
	query: GuestQuery,
	defaults: PeriodDefaults,
	includeReservations: boolean,
): Promise<INodeExecutionData['json']> {
	const requestsAtOnce = checkedRequestsAtOnce(
		item.getNode(),
		item.getNodeParameter('requestsAtOnce', undefined),
		item.getItemIndex(),
	);
	const restaurants = await accessibleRestaurants(item);
	const chain = await chainListings(item, restaurants, defaults, requestsAtOnce);
	if (chain.listed.length === 0 && chain.failed.length > 0) throw chain.failed[0].failure.error;
	const vocabulary = await vocabularyOf(item);
	const now = Date.now();
	const [guest = [], ...others] = byGuest(matchedBookings(chain.listed, query, vocabulary));
	const { found, guest: contact, ...counts } = chainSummary(guest, now);
	const json: IDataObject = {
		found,
		guest: contact as unknown as IDataObject,
		...(counts as unknown as IDataObject),
		restaurants: restaurantBreakdown(chain.listed, guest, now),
		restaurantsRead: chain.listed.length,
		failedRestaurants: failedRestaurants(chain),
		otherGuests: otherGuests(others, { identity: !runsAsAgentTool(item) }),
		otherGuestsNote: otherGuestsNote(query, others.length),
	};
	if (includeReservations) json.reservations = reservationsOf(item, guest, vocabulary);
	return json;
}
