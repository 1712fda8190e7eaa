/**
 * The Guests watch: the Reservations watch's listing and comparison of the period
 * (../reservations/watch), its changes read for their guests (./guestBook) against the known
 * guests (./ledger). At a restaurant's first listing, and once a day when occasions are watched,
 * the History before the period is read too: the baseline of known guests, and their profiles.
 */
import type { IDataObject } from 'n8n-workflow';
import { mapWithConcurrency } from '../../../shared/concurrency';
import { splitIntoWindows, WINDOW_CONCURRENCY } from '../../../shared/dateWindows';
import { toLocalDate } from '../../../shared/localTime';
import { stateRoleOf } from '../../../shared/reading/record';
import { listWindow } from '../../api/requests';
import type { StoredRestaurant } from '../../state/storedState';
import type { StateRole } from '../../../shared/reading/states';
import type { ListedRecord } from '../../state/records';
import type { Listing, PollScope, Restaurant, WatchTarget } from '../../types';
import { horizonAt } from '../reservations/horizon';
import { isNewReservation, reservationWatch, sortByTime } from '../reservations/watch';
import type { ChangeItem } from '../reservations/changes';
import type { BookingChange } from './guestBook';
import { guestBook } from './guestBook';
import { GUEST_EVENTS, GUEST_TRIGGER_EVENTS } from './triggerEvents';

export function guestWatch(scope: PollScope): WatchTarget {
	const { context, settings, clock, now, vocabulary, stored } = scope;
	const watched = settings.reservations;
	const guests = settings.guests;
	if (!watched || !guests) throw new Error('The Guests watch needs its settings');
	const reservations = reservationWatch({
		...scope,
		settings: { ...settings, reservations: { ...watched, moments: undefined } },
	});
	const book = guestBook(scope, guests);
	const roleOf = (reservation: IDataObject) => stateRoleOf(reservation, vocabulary);
	const watchesOccasions = settings.events.has(GUEST_EVENTS.occasionComing);

	return {
		...reservations,
		async list(restaurant) {
			const listing = await reservations.list(restaurant);
			const previous = stored?.restaurants[restaurant.key]?.snapshot;
			if (readsHistory(previous, restaurant)) listing.history = await listHistory(listing);
			return listing;
		},
		created: (listed, restaurant, previous) =>
			bookingChange(listed, restaurant, roleOf(listed.value), {
				newBooking: isNewReservation(listed.value, restaurant.timeZone, previous),
			}),
		changed(before, listed, restaurant, previous) {
			const diff = watched.format.changeSince(
				before,
				previous.description,
				listed.value,
				vocabulary,
				restaurant.timeZone,
			);
			if (!diff || diff.previousStateRole === diff.stateRole) return undefined;
			return bookingChange(listed, restaurant, diff.stateRole, {
				previousStateRole: diff.previousStateRole,
				newBooking: false,
			});
		},
		moments: undefined,
		sendsMissedAfterFirstListing: false,
		order: (items) => sortByTime(items as ChangeItem[]),
		samples: (listings) => GUEST_TRIGGER_EVENTS.samples(book.samplesOf(listings), settings.events),
		settle: (outcomes) => book.settle(outcomes),
	};

	/** At the first listing, or on a new day of the restaurant when occasions are watched. */
	function readsHistory(previous: StoredRestaurant | undefined, restaurant: Restaurant): boolean {
		if (guests!.historyDays <= watched!.lookBackDays) return false;
		if (!previous) return true;
		return watchesOccasions && previous.sweptOn !== todayOf(restaurant.timeZone);
	}

	/** The bookings of [now - History, the period's start), in <= 60-day windows. */
	async function listHistory(listing: Listing): Promise<IDataObject[]> {
		const { restaurant } = listing;
		const from = horizonAt(new Date(now), restaurant.timeZone, guests!.historyDays, 0).from;
		const lists = await mapWithConcurrency(
			splitIntoWindows(from, listing.horizonFrom),
			WINDOW_CONCURRENCY,
			async (window) =>
				(await listWindow(context, restaurant.key, window, watched!.filters, clock)).reservations,
		);
		return lists.flat();
	}

	function todayOf(timeZone: string): string {
		return toLocalDate(new Date(now), timeZone);
	}
}

/** A booking's change for ./guestBook to settle (never emitted as it is). */
function bookingChange(
	listed: ListedRecord,
	restaurant: Restaurant,
	stateRole: StateRole,
	change: { previousStateRole?: StateRole; newBooking: boolean },
): BookingChange {
	return {
		event: 'booking',
		restaurantId: restaurant.id,
		reservationId: listed.id,
		reservation: listed.value,
		stateRole,
		...change,
	};
}
