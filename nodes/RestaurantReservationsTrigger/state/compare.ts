/**
 * One restaurant's listing compared with its stored records, for every watch target: the listed
 * records paired with their previous records by ID, the tracked ones missing from the list handed to
 * the target (still watched, or gone), one item per record that is new, changed or gone, and the
 * records to store next.
 */
import type { Compared, Listing, TriggerItem, WatchTarget } from '../types';
import type { ListedRecord, StoredRecord } from './records';
import type { StoredRestaurant } from './storedState';

export interface Pairing {
	/** For each listed record, its previous record; undefined when it has none (a new record). */
	previous: Array<string | undefined>;
	/** The previous records of no listed record. */
	unlisted: StoredRecord[];
}

/**
 * The items of one restaurant and its records to store. Without previous records (a first poll, an
 * unreadable state) nothing is reported: the records are a new baseline. At the restaurant's first
 * listing (`firstListing`) a target that sends what fell due before it marks the baseline, for its
 * next poll. Records the target finds still watched after they left the list are added to the listing.
 */
export async function compareListing(
	listing: Listing,
	previous: StoredRestaurant | undefined,
	target: WatchTarget,
	firstListing = false,
): Promise<Compared> {
	const { restaurant } = listing;
	const before = previous && previousRecords(previous, target);
	let listed = inIdOrder(listing.records);
	let items: TriggerItem[] = [];
	let remindedBefore: Record<string, string> = {};
	if (previous && before) {
		let pairing = pairRecords(before, listed);
		const { found, gone } = await target.unlisted(listing, pairing.unlisted, previous);
		if (found.length > 0) {
			for (const one of found) listing.records.set(one.id, one);
			listed = inIdOrder(listing.records);
			pairing = pairRecords(before, listed);
		}
		items = changedItems(listed, pairing.previous, previous, listing, target);
		const moments = target.moments?.(listing, listed, pairing.previous, previous);
		if (moments) {
			items.push(...moments.items);
			remindedBefore = moments.remindedBefore;
		}
		for (const stored of gone) {
			const item = target.gone(stored, restaurant, previous);
			if (item) items.push(item);
		}
		items = target.order(items);
	}
	const next: StoredRestaurant = {
		timeZone: restaurant.timeZone,
		horizonFrom: listing.horizonFrom,
		horizonTo: listing.horizonTo,
		serverTime: listing.serverTime,
		records: target.writeRecords(listed),
		description: target.description,
		...(Object.keys(remindedBefore).length > 0 ? { remindedBefore } : {}),
		...(!previous && firstListing && target.sendsMissedAfterFirstListing
			? { missedRemindersDue: true as const }
			: {}),
	};
	return {
		items,
		next: previous && isIdle(items, previous, next) ? previous : next,
		baseline: !before,
	};
}

/**
 * Nothing to report and the same records over the same horizon: the previous state stays as it was,
 * server time included, so that n8n's durable poll cursors commit nothing for this poll. The server
 * time is read only for a record outside the previous horizon, and with an unchanged horizon every
 * listed record is inside it: keeping the older time changes no comparison of the next poll. When the
 * horizon next moves (on the hour), a reservation that comes into view counts as new if it was
 * created since that older time: it cannot have been reported, since it was outside every horizon.
 */
function isIdle(items: TriggerItem[], previous: StoredRestaurant, next: StoredRestaurant): boolean {
	return (
		items.length === 0 &&
		next.records === previous.records &&
		next.timeZone === previous.timeZone &&
		next.horizonFrom === previous.horizonFrom &&
		next.horizonTo === previous.horizonTo &&
		next.missedRemindersDue === previous.missedRemindersDue &&
		sameDescription(next.description, previous.description) &&
		JSON.stringify(next.remindedBefore ?? {}) === JSON.stringify(previous.remindedBefore ?? {})
	);
}

/**
 * The previous records in ID order, read by the description they were stored with; undefined when
 * they are unreadable (a new baseline for this restaurant).
 */
function previousRecords(
	previous: StoredRestaurant,
	target: WatchTarget,
): StoredRecord[] | undefined {
	try {
		return target.readRecords(previous.records, previous.description);
	} catch {
		return undefined;
	}
}

/** Pairs listed records with previous records by ID, both in ID order: one merge, no lookups. */
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

/** Two descriptions alike: the records of one are read by the other as they are. */
function sameDescription(a: object, b: object): boolean {
	return a === b || JSON.stringify(a) === JSON.stringify(b);
}

function inIdOrder(records: Map<string, ListedRecord>): ListedRecord[] {
	// The IDs sorted alone (by UTF-16 code units, as `<` compares): much faster than a comparator.
	return [...records.keys()].sort().map((id) => records.get(id)!);
}

/** One item per listed record that is new or changed since the previous records (`before`: the previous record of each). */
function changedItems(
	listed: ListedRecord[],
	before: Array<string | undefined>,
	previous: StoredRestaurant,
	{ restaurant }: Listing,
	target: WatchTarget,
): TriggerItem[] {
	const items: TriggerItem[] = [];
	listed.forEach((one, i) => {
		const old = before[i];
		const item =
			old === undefined
				? target.created(one, restaurant, previous)
				: // The usual case, nothing changed, is told by the records alone; only a change is decoded,
					// by the description its record was stored with (a record another description stored
					// equals the listed one only where both read the booking alike, or by a collision of
					// the 30-bit content hash).
					old === one.record
					? undefined
					: target.changed({ id: one.id, record: old }, one, restaurant, previous);
		if (item) items.push(item);
	});
	return items;
}
