/**
 * What the booking rules need to judge a booking at one restaurant, read from the API: the rules it
 * publishes (configuration and settings, spec 2.7 and 2.8), its time zone and wall clock now, and
 * its current bookings of the days concerned (to count bookings and covers per slot).
 */
import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';
import {
	bookingRulesOf,
	NEAREST_SEARCH_DAYS,
	type BookingContext,
	type BookingRules,
} from '../../../../shared/bookingRules';
import { addLocalDays } from '../../../../shared/dateWindows';
import { toLocalDateTime } from '../../../../shared/localTime';
import { vocabularyOf } from '../../../../shared/reading/context';
import { apiPath } from '../../../../shared/paths';
import { apiRequest } from '../../../../shared/transport';
import { restaurantIdOf, zoneOfProfile } from '../../../operationHelpers/readParameters';
import { heldPlaces } from './heldPlaces';

export interface RestaurantBookingContext extends BookingContext {
	restaurantId: string;
	rules: BookingRules;
	timeZone: string;
}

/**
 * The rules, clock and bookings of the item's restaurant for the days `fromDate` to `toDate`
 * (both `YYYY-MM-DD`, the second excluded), leaving out the booking `exceptId` (one being moved).
 */
export async function loadBookingContext(
	item: IExecuteSingleFunctions,
	fromDate: string,
	toDate: string,
	exceptId?: string,
): Promise<RestaurantBookingContext> {
	const restaurantId = restaurantIdOf(item);
	const get = <T>(path: string, qs?: IDataObject) =>
		apiRequest<T>(item, { method: 'GET', path, qs, itemIndex: item.getItemIndex() });
	const ids = { restaurantId };
	const [configuration, settings, profile, reservations, vocabulary] = await Promise.all([
		get<{ reservationSettings?: IDataObject }>(apiPath('configuration', ids)),
		get<IDataObject>(apiPath('settings', ids)),
		get<IDataObject>(apiPath('restaurant', ids)),
		get<IDataObject[]>(apiPath('reservations', ids), {
			from: `${fromDate}T00:00:00`,
			to: `${toDate}T00:00:00`,
			includeEvents: true,
		}),
		vocabularyOf(item),
	]);
	const timeZone = await zoneOfProfile(item, profile);
	return {
		restaurantId,
		rules: bookingRulesOf(configuration.reservationSettings ?? {}, settings),
		timeZone,
		now: toLocalDateTime(new Date(), timeZone),
		bookings: heldPlaces(reservations, timeZone, vocabulary, exceptId),
	};
}

/** The context for judging one time and finding the nearest bookable times around it. */
export async function loadBookingContextAround(
	item: IExecuteSingleFunctions,
	time: string,
	exceptId?: string,
): Promise<RestaurantBookingContext> {
	return await loadBookingContext(
		item,
		addLocalDays(time, -NEAREST_SEARCH_DAYS).slice(0, 10),
		addLocalDays(time, NEAREST_SEARCH_DAYS + 1).slice(0, 10),
		exceptId,
	);
}
