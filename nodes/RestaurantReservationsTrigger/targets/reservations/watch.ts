/**
 * The Reservations watch: each restaurant's horizon listed in <= 60-day windows, a reservation
 * missing from the list while its stored time is inside the horizon read by ID (it moved while the
 * windows were fetched, or left), new ones reported only when they are new (not merely in view
 * because the horizon moved), items in reservation time order. Reservations that leave are dropped
 * without an event.
 */
import type { IDataObject } from 'n8n-workflow';
import { mapWithConcurrency } from '../../../shared/concurrency';
import { WINDOW_CONCURRENCY } from '../../../shared/dateWindows';
import type { ChangeItem } from './changes';
import { createdItem, updateItem } from './changes';
import { getReservation, listWindow } from '../../api/requests';
import { requireZone } from '../../api/restaurants';
import type { Horizon } from './horizon';
import { horizonAt, inRange } from './horizon';
import { momentItems } from './moments';
import type { ReservationPick } from './triggerEvents';
import { RESERVATION_TRIGGER_EVENTS } from './triggerEvents';
import { stateOf, stateRoleOf } from '../../../shared/reading/record';
import type { StateRole } from '../../../shared/reading/states';
import { stateFilter } from '../../../shared/reading/vocabulary';
import type { ListedRecord } from '../../state/records';
import type { StoredRestaurant } from '../../state/storedState';
import type {
	ListFilters,
	Listing,
	PollScope,
	Restaurant,
	TriggerItem,
	WatchTarget,
} from '../../types';

export function reservationWatch({
	context,
	settings,
	clock,
	now,
	vocabulary,
}: PollScope): WatchTarget {
	const watched = settings.reservations;
	if (!watched) throw new Error('The Reservations watch needs its settings');
	const { format, filters, lookBackDays, lookAheadDays } = watched;
	const chosen = settings.events;
	const created = RESERVATION_TRIGGER_EVENTS.newRecordEvent;
	const stateFilterOf = stateFilter(filters, vocabulary);
	const roleOfBooking = (reservation: IDataObject) => stateRoleOf(reservation, vocabulary);
	return {
		list: async (restaurant) => await listRestaurant(scopeOf(restaurant)),
		description: format.description,
		readRecords: format.readRecords,
		writeRecords: format.writeRecords,
		async unlisted(listing, missing, previous) {
			// Missing while its stored time is inside the horizon: read to tell a move during the poll from a departure.
			const { timeZone } = listing.restaurant;
			const inside = missing.filter((stored) =>
				inRange(
					format.timeOf(stored, previous.description),
					timeZone,
					listing.horizonFrom,
					listing.horizonTo,
				),
			);
			const read = await mapWithConcurrency(
				inside,
				WINDOW_CONCURRENCY,
				async ({ id }) => await getReservation(context, listing.restaurant.key, id, clock),
			);
			const found = read
				.filter((reservation): reservation is IDataObject => !!reservation)
				.filter((reservation) => isWatched(reservation, listing, filters, stateFilterOf))
				.map((reservation) => format.listed(reservation));
			return { found, gone: [] };
		},
		created(listed, restaurant, previous) {
			if (created === undefined || !chosen.has(created)) return undefined;
			if (!isNewReservation(listed.value, restaurant.timeZone, previous)) return undefined;
			return createdItem(created, restaurant.id, listed.value, roleOfBooking(listed.value));
		},
		changed(before, listed, restaurant, previous) {
			const change = format.changeSince(
				before,
				previous.description,
				listed.value,
				vocabulary,
				restaurant.timeZone,
			);
			const event = change && RESERVATION_TRIGGER_EVENTS.eventFor(change, chosen);
			return change && event ? updateItem(event, restaurant.id, listed.value, change) : undefined;
		},
		gone: () => undefined,
		sendsMissedAfterFirstListing: watched.moments?.reminders.missedAtFirstActivation === true,
		moments(listing, listed, previousRecords, previous) {
			if (!watched.moments) return { items: [], remindedBefore: {} };
			// After a first listing so marked, every booking counts as new to the trigger: one whose
			// reminder is past gets the one nearest its visit, as a booking made inside the offset does.
			const asNew = previous.missedRemindersDue === true;
			const bookings = listed.map((one, i) => {
				const before = asNew ? undefined : previousRecords[i];
				// An unchanged record holds the same time: only a changed one is decoded.
				const time =
					before === undefined
						? undefined
						: before === one.record
							? one.value.reservationTime
							: format.timeOf({ id: one.id, record: before }, previous.description);
				return {
					reservation: one.value,
					previousTime: typeof time === 'string' ? time : undefined,
				};
			});
			return momentItems(
				bookings,
				{ from: previous.serverTime, to: listing.serverTime },
				listing.restaurant,
				watched.moments,
				chosen,
				previous.remindedBefore ?? {},
				vocabulary,
			);
		},
		order: (items) => sortByTime(items as ChangeItem[]),
		samples: (listings) =>
			RESERVATION_TRIGGER_EVENTS.samples(picksOf(listings, roleOfBooking), chosen),
	};

	function scopeOf(restaurant: Restaurant) {
		const timeZone = requireZone(context, restaurant);
		return {
			restaurant,
			horizon: horizonAt(new Date(now), timeZone, lookBackDays, lookAheadDays),
		};
	}

	/** Every window of a restaurant's horizon, each reservation with its record. */
	async function listRestaurant({
		restaurant,
		horizon,
	}: {
		restaurant: Restaurant;
		horizon: Horizon;
	}): Promise<Listing> {
		let failed = false;
		const lists = await mapWithConcurrency(horizon.windows, WINDOW_CONCURRENCY, async (window) => {
			// After one window failed, the poll is lost anyway: start no further request.
			if (failed) return undefined;
			const list = listWindow(context, restaurant.key, window, filters, clock);
			list.catch(() => (failed = true));
			const { reservations, serverTime } = await list;
			// Fingerprinted as soon as the window arrives: the work is done while the API prepares the others.
			return { serverTime, listed: reservations.map((reservation) => format.listed(reservation)) };
		});
		const records = new Map<string, ListedRecord>();
		let serverTime: number | undefined;
		for (const list of lists) {
			if (!list) continue;
			if (list.serverTime !== undefined)
				serverTime = Math.min(serverTime ?? Infinity, list.serverTime);
			for (const one of list.listed) keepNewer(records, one);
		}
		return {
			restaurant,
			records,
			horizonFrom: horizon.from,
			horizonTo: horizon.to,
			serverTime: serverTime ?? now,
		};
	}
}

/** Moved from one window into a later one during the poll: the newer copy is kept. */
function keepNewer(records: Map<string, ListedRecord>, one: ListedRecord): void {
	const seen = records.get(one.id);
	if (!seen || !(String(seen.value.updatedAt ?? '') > String(one.value.updatedAt ?? '')))
		records.set(one.id, one);
}

type StateTest = ((state: unknown) => boolean) | undefined;

function isWatched(
	reservation: IDataObject,
	listing: Listing,
	filters: ListFilters,
	stateTest: StateTest,
): boolean {
	return (
		inRange(
			reservation.reservationTime,
			listing.restaurant.timeZone,
			listing.horizonFrom,
			listing.horizonTo,
		) && matchesFilters(reservation, filters, stateTest)
	);
}

/**
 * The list filters applied to one reservation, as the server applies them to the list; Status and
 * Only Pending by the state's role (the API's `status` filter may read other words than ours).
 */
function matchesFilters(
	reservation: IDataObject,
	filters: ListFilters,
	stateTest: StateTest,
): boolean {
	if (!filters.includeEvents && reservation.eventId !== null && reservation.eventId !== undefined)
		return false;
	if (filters.kind && reservation.kind !== undefined && reservation.kind !== filters.kind)
		return false;
	return !stateTest || stateTest(stateOf(reservation));
}

/** A reservation not in the snapshot: new, or only now inside the horizon (time moved on, horizon widened). */
export function isNewReservation(
	reservation: IDataObject,
	timeZone: string,
	previous: StoredRestaurant,
): boolean {
	if (inRange(reservation.reservationTime, timeZone, previous.horizonFrom, previous.horizonTo))
		return true;
	// Created at or after the previous poll's first answer (whole seconds: a tie counts as new, so
	// nothing created during that poll can be missed).
	const createdAt =
		typeof reservation.createdAt === 'string' ? Date.parse(reservation.createdAt) : NaN;
	return !Number.isNaN(createdAt) && createdAt >= previous.serverTime;
}

export function sortByTime(items: ChangeItem[]): TriggerItem[] {
	return items.sort((a, b) => {
		const [x, y] = [
			String(a.reservation.reservationTime ?? ''),
			String(b.reservation.reservationTime ?? ''),
		];
		return x < y
			? -1
			: x > y
				? 1
				: a.reservationId < b.reservationId
					? -1
					: a.reservationId > b.reservationId
						? 1
						: 0;
	});
}

/** The reservations of the listings, for the samples of a manual run. */
function picksOf(
	listings: Listing[],
	roleOfBooking: (reservation: IDataObject) => StateRole,
): ReservationPick[] {
	return listings.flatMap(({ restaurant, records }) =>
		[...records.values()].map(({ value }) => ({
			restaurantId: restaurant.id,
			timeZone: restaurant.timeZone,
			reservation: value,
			stateRole: roleOfBooking(value),
		})),
	);
}
