/**
 * One poll: read the settings, look up the restaurants (cached for an hour), list every <= 60-day
 * window of the horizon of each, compare with the stored state, and only then store the new state
 * and emit one item per changed reservation. A failure anywhere throws before anything is stored or
 * emitted. A manual test run stores nothing.
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { mapWithConcurrency } from '../shared/concurrency';
import { WINDOW_CONCURRENCY } from '../shared/dateWindows';
import type { ChangeItem } from './changes';
import type { Listing, ReadReservations } from './compare';
import { compareListing } from './compare';
import type { PollClock } from './fetch';
import { getReservation, listWindow, startClock } from './fetch';
import { horizonAt } from './horizon';
import { RESERVATION_EVENTS } from './reservationEvents';
import type { Restaurant } from './restaurants';
import { watchedRestaurants } from './restaurants';
import type { TriggerSettings } from './settings';
import { readSettings } from './settings';
import type { ListedReservation } from './snapshotFormat';
import type { StoredState } from './storedState';
import { readStoredState, STATE_VERSION, writeStoredState } from './storedState';

export async function pollReservations(
	context: IPollFunctions,
): Promise<INodeExecutionData[][] | null> {
	const settings = readSettings(context);
	const clock = startClock(context);
	const staticData = context.getWorkflowStaticData('node');
	const stored = readStoredState(staticData, settings.settingsKey);
	const now = Date.now();

	const { restaurants, lookedUpAt } = await watchedRestaurants(
		context,
		settings,
		stored,
		now,
		clock,
	);
	const listings: Listing[] = [];
	for (const restaurant of restaurants)
		listings.push(await listRestaurant(context, restaurant, settings, now, clock));

	const items: ChangeItem[] = [];
	const next: StoredState = {
		version: STATE_VERSION,
		settingsKey: settings.settingsKey,
		restaurantsLookedUpAt: lookedUpAt,
		restaurants: {},
	};
	for (const listing of listings) {
		const read: ReadReservations = async (ids) =>
			await mapWithConcurrency(
				ids,
				WINDOW_CONCURRENCY,
				async (id) => await getReservation(context, listing.restaurant.key, id, clock),
			);
		const compared = await compareListing(
			listing,
			stored?.restaurants[listing.restaurant.key],
			settings,
			read,
		);
		items.push(...compared.items);
		next.restaurants[listing.restaurant.key] = compared.next;
	}

	if (context.getMode() === 'manual')
		return asOutput(items.length > 0 ? items : samples(listings, settings));
	writeStoredState(staticData, next);
	return asOutput(items);
}

/** Every window of a restaurant's horizon, each reservation with its record. */
async function listRestaurant(
	context: IPollFunctions,
	restaurant: Restaurant,
	settings: TriggerSettings,
	now: number,
	clock: PollClock,
): Promise<Listing> {
	const horizon = horizonAt(
		new Date(now),
		restaurant.timeZone,
		settings.lookBackDays,
		settings.lookAheadDays,
	);
	let failed = false;
	const lists = await mapWithConcurrency(horizon.windows, WINDOW_CONCURRENCY, async (window) => {
		// After one window failed, the poll is lost anyway: start no further request.
		if (failed) return undefined;
		const list = listWindow(context, restaurant.key, window, settings.filters, clock);
		list.catch(() => (failed = true));
		const { reservations, serverTime } = await list;
		// Fingerprinted as soon as the window arrives: the work is done while the API prepares the others.
		return {
			serverTime,
			listed: reservations.map((reservation) => settings.format.listed(reservation)),
		};
	});
	const reservations = new Map<string, ListedReservation>();
	let serverTime: number | undefined;
	for (const list of lists) {
		if (!list) continue;
		if (list.serverTime !== undefined)
			serverTime = Math.min(serverTime ?? Infinity, list.serverTime);
		for (const one of list.listed) keepNewer(reservations, one);
	}
	return { restaurant, horizon, reservations, serverTime: serverTime ?? now };
}

/** Moved from one window into a later one during the poll: the newer copy is kept. */
function keepNewer(reservations: Map<string, ListedReservation>, one: ListedReservation): void {
	const seen = reservations.get(one.id);
	if (
		!seen ||
		!(String(seen.reservation.updatedAt ?? '') > String(one.reservation.updatedAt ?? ''))
	)
		reservations.set(one.id, one);
}

/**
 * A test run never touches the stored state: it shows the changes waiting for the next poll, or,
 * when there are none, a sample of each chosen event built from the current reservations.
 */
function samples(listings: Listing[], settings: TriggerSettings): ChangeItem[] {
	const picks = listings.flatMap(({ restaurant, reservations }) =>
		[...reservations.values()].map(({ reservation }) => ({
			restaurantId: restaurant.id,
			reservation,
		})),
	);
	return RESERVATION_EVENTS.samples(picks, settings.events);
}

function asOutput(items: IDataObject[]): INodeExecutionData[][] | null {
	return items.length > 0 ? [items.map((json) => ({ json }))] : null;
}
