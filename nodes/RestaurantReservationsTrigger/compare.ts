/**
 * One restaurant's listing compared with its stored records: the listed reservations paired with
 * their previous records by ID, the tracked ones missing from the list read to tell whether they
 * are still watched, one item per reservation that is new or changed, and the records to store next.
 */
import type { IDataObject } from 'n8n-workflow';
import type { ChangeItem } from './changes';
import { createdItem, updateItem } from './changes';
import type { ListFilters } from './fetch';
import type { Horizon } from './horizon';
import { inRange } from './horizon';
import { RESERVATION_EVENTS } from './reservationEvents';
import type { Restaurant } from './restaurants';
import type { TriggerSettings } from './settings';
import type { ListedReservation, StoredRecord } from './snapshotFormat';
import type { StoredRestaurant } from './storedState';

/** One restaurant's reservations as one poll listed them. */
export interface Listing {
	restaurant: Restaurant;
	horizon: Horizon;
	reservations: Map<string, ListedReservation>;
	/** The server's clock at the first answer, epoch ms. */
	serverTime: number;
}

/** Reads reservations of the listing's restaurant by ID: each, or undefined when it is gone or out of reach. */
export type ReadReservations = (ids: string[]) => Promise<Array<IDataObject | undefined>>;

export interface Compared {
	/** In reservation time order. */
	items: ChangeItem[];
	next: StoredRestaurant;
}

export interface Pairing {
	/** For each listed reservation, its previous record; undefined when it has none (a new reservation). */
	previous: Array<string | undefined>;
	/** The previous records of no listed reservation. */
	unlisted: StoredRecord[];
}

/**
 * The items of one restaurant and its records to store. Without previous records (a first poll, an
 * unreadable state) nothing is reported: the records are a new baseline. Reservations read because
 * they left the list, and are still watched, are added to the listing.
 */
export async function compareListing(
	listing: Listing,
	previous: StoredRestaurant | undefined,
	settings: TriggerSettings,
	read: ReadReservations,
): Promise<Compared> {
	const { restaurant, horizon } = listing;
	const before = previous && previousRecords(previous, settings);
	let listed = inIdOrder(listing.reservations);
	let items: ChangeItem[] = [];
	if (previous && before) {
		let pairing = pairRecords(before, listed);
		if ((await readMissing(listing, pairing.unlisted, settings, read)) > 0) {
			listed = inIdOrder(listing.reservations);
			pairing = pairRecords(before, listed);
		}
		items = sortByTime(changedItems(listed, pairing.previous, previous, restaurant, settings));
	}
	return {
		items,
		next: {
			timeZone: restaurant.timeZone,
			horizonFrom: horizon.from,
			horizonTo: horizon.to,
			serverTime: listing.serverTime,
			records: settings.format.writeRecords(listed),
		},
	};
}

/** The previous records in ID order; undefined when they are unreadable (a new baseline for this restaurant). */
function previousRecords(
	previous: StoredRestaurant,
	settings: TriggerSettings,
): StoredRecord[] | undefined {
	try {
		return settings.format.readRecords(previous.records);
	} catch {
		return undefined;
	}
}

/** Pairs listed reservations with previous records by ID, both in ID order: one merge, no lookups. */
export function pairRecords(
	before: readonly StoredRecord[],
	listed: ReadonlyArray<{ id: string }>,
): Pairing {
	const previous = new Array<string | undefined>(listed.length);
	const unlisted: StoredRecord[] = [];
	let j = 0;
	for (let i = 0; i < listed.length; i++) {
		const id = listed[i].id;
		while (j < before.length && before[j].id < id) unlisted.push(before[j++]);
		previous[i] = j < before.length && before[j].id === id ? before[j++].record : undefined;
	}
	while (j < before.length) unlisted.push(before[j++]);
	return { previous, unlisted };
}

function inIdOrder(reservations: Map<string, ListedReservation>): ListedReservation[] {
	// The IDs sorted alone (by UTF-16 code units, as `<` compares): much faster than a comparator.
	return [...reservations.keys()].sort().map((id) => reservations.get(id)!);
}

/**
 * Tracked reservations missing from the list while their time is still inside the horizon left it
 * (moved out, stopped matching the filters, deleted), or moved between two windows while they were
 * fetched. Reading each tells which: the ones still watched are added to the listing. Returns how
 * many were added.
 */
async function readMissing(
	listing: Listing,
	unlisted: StoredRecord[],
	settings: TriggerSettings,
	read: ReadReservations,
): Promise<number> {
	const { horizon, reservations } = listing;
	const missing = unlisted.filter((stored) =>
		inRange(settings.format.timeOf(stored), horizon.from, horizon.to),
	);
	let added = 0;
	for (const reservation of await read(missing.map(({ id }) => id))) {
		if (reservation && isWatched(reservation, horizon, settings.filters)) {
			const one = settings.format.listed(reservation);
			reservations.set(one.id, one);
			added++;
		}
	}
	return added;
}

function isWatched(reservation: IDataObject, horizon: Horizon, filters: ListFilters): boolean {
	return (
		inRange(reservation.reservationTime, horizon.from, horizon.to) &&
		matchesFilters(reservation, filters)
	);
}

/** The list filters applied to one reservation, as the server applies them to the list. */
function matchesFilters(reservation: IDataObject, filters: ListFilters): boolean {
	if (!filters.includeEvents && reservation.eventId !== null && reservation.eventId !== undefined)
		return false;
	if (filters.kind && reservation.kind !== undefined && reservation.kind !== filters.kind)
		return false;
	if (filters.status && reservation.state !== filters.status) return false;
	if (filters.pending && reservation.state !== 'pending') return false;
	return true;
}

/** One item per listed reservation that is new or changed since the previous records (`before`: the previous record of each). */
function changedItems(
	listed: ListedReservation[],
	before: Array<string | undefined>,
	previous: StoredRestaurant,
	restaurant: Restaurant,
	settings: TriggerSettings,
): ChangeItem[] {
	const created = chosenNewRecordEvent(settings);
	const items: ChangeItem[] = [];
	listed.forEach(({ id, reservation, record }, i) => {
		const old = before[i];
		if (old === undefined) {
			if (created !== undefined && isNewReservation(reservation, previous))
				items.push(createdItem(created, restaurant.id, reservation));
			return;
		}
		// The usual case, nothing changed, is told by the records alone; only a change is decoded.
		if (old === record) return;
		const change = settings.format.changeSince({ id, record: old }, reservation);
		const event = change && RESERVATION_EVENTS.eventFor(change, settings.events);
		if (change && event) items.push(updateItem(event, restaurant.id, reservation, change));
	});
	return items;
}

function chosenNewRecordEvent(settings: TriggerSettings): string | undefined {
	const event = RESERVATION_EVENTS.newRecordEvent;
	return event !== undefined && settings.events.has(event) ? event : undefined;
}

/** A reservation not in the snapshot: new, or only now inside the horizon (time moved on, horizon widened). */
function isNewReservation(reservation: IDataObject, previous: StoredRestaurant): boolean {
	if (inRange(reservation.reservationTime, previous.horizonFrom, previous.horizonTo)) return true;
	// Created at or after the previous poll's first answer (whole seconds: a tie counts as new, so
	// nothing created during that poll can be missed).
	const createdAt =
		typeof reservation.createdAt === 'string' ? Date.parse(reservation.createdAt) : NaN;
	return !Number.isNaN(createdAt) && createdAt >= previous.serverTime;
}

function sortByTime(items: ChangeItem[]): ChangeItem[] {
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
