/**
 * One restaurant's listing compared with its stored records (nodes/RestaurantReservationsTrigger/
 * state/compare.ts), with a stand-in watch target whose records are plain text: what is reported
 * (new, changed, gone, moments, in the target's order), a first listing or an unreadable state as a
 * silent baseline, records found again after they left the list, and an idle poll that keeps the
 * stored state as it was (so that n8n's durable cursors commit nothing).
 */
import { compareListing } from '../../nodes/RestaurantReservationsTrigger/state/compare';
import {
	decodeRecords,
	encodeRecords,
	type ListedRecord,
	type StoredRecord,
} from '../../nodes/RestaurantReservationsTrigger/state/records';
import type { RecordDescription } from '../../nodes/RestaurantReservationsTrigger/state/description';
import type { StoredRestaurant } from '../../nodes/RestaurantReservationsTrigger/state/storedState';
import type {
	Listing,
	TriggerItem,
	WatchTarget,
} from '../../nodes/RestaurantReservationsTrigger/types';

const restaurant = { key: '101', id: 101, timeZone: 'Europe/Berlin' };

/** What the stand-in target's records hold (its records are their text). */
const PLAIN: RecordDescription = {
	records: 'plain',
	hash: 'none',
	widths: [1, 1, 1],
	exact: ['text:text'],
	ignored: [],
};

const listed = (id: string, record: string): ListedRecord => ({ id, record, value: { id } });

function listingOf(records: ListedRecord[], over: Partial<Listing> = {}): Listing {
	return {
		restaurant,
		records: new Map(records.map((one) => [one.id, one])),
		horizonFrom: '2026-11-28T00:00:00',
		horizonTo: '2027-01-27T00:00:00',
		serverTime: 2_000,
		...over,
	};
}

function storedOf(records: StoredRecord[], over: Partial<StoredRestaurant> = {}): StoredRestaurant {
	return {
		timeZone: 'Europe/Berlin',
		horizonFrom: '2026-11-28T00:00:00',
		horizonTo: '2027-01-27T00:00:00',
		serverTime: 1_000,
		records: encodeRecords(records),
		// Read back from the static data: another object than the target's, alike.
		description: structuredClone(PLAIN),
		...over,
	};
}

const item = (event: string, id: string, more: object = {}): TriggerItem => ({
	event,
	restaurantId: 101,
	id,
	...more,
});

/** A target whose records are their text; what it was asked is kept in `asked`. */
function targetOf(over: Partial<WatchTarget> = {}): WatchTarget & { asked: string[] } {
	const asked: string[] = [];
	const target: WatchTarget & { asked: string[] } = {
		asked,
		list: async () => {
			throw new Error('not listed here');
		},
		description: PLAIN,
		readRecords: (text, description) => {
			if (JSON.stringify(description) !== JSON.stringify(PLAIN))
				asked.push(`read by ${description.exact.join(' ')}`);
			if (text === 'unreadable') throw new Error('not a snapshot');
			return decodeRecords(text, (record) => record !== '');
		},
		writeRecords: (records) => encodeRecords(records),
		unlisted: async (_listing, missing) => {
			asked.push(`unlisted ${missing.map((one) => one.id).join(' ')}`);
			return { found: [], gone: missing };
		},
		created: (one) => item('created', one.id),
		changed: (before, one) => item('changed', one.id, { from: before.record, to: one.record }),
		gone: (before) => item('gone', before.id),
		order: (items) => items,
		samples: () => [],
		...over,
	};
	return target;
}

/** Three records stored before, each in its first version. */
const ABC: StoredRecord[] = [
	{ id: 'a', record: 'A1' },
	{ id: 'b', record: 'B1' },
	{ id: 'c', record: 'C1' },
];

describe('compareListing: what is reported', () => {
	it('reports new, changed and gone records, nothing for an unchanged one', async () => {
		const previous = storedOf(ABC);
		const listing = listingOf([listed('d', 'D1'), listed('b', 'B2'), listed('a', 'A1')]);
		const target = targetOf();
		const { items, next, baseline } = await compareListing(listing, previous, target);
		expect(items).toEqual([
			item('changed', 'b', { from: 'B1', to: 'B2' }),
			item('created', 'd'),
			item('gone', 'c'),
		]);
		expect(target.asked).toEqual(['unlisted c']);
		expect(baseline).toBe(false);
		expect(next).toEqual(
			storedOf(
				[
					{ id: 'a', record: 'A1' },
					{ id: 'b', record: 'B2' },
					{ id: 'd', record: 'D1' },
				],
				{ serverTime: 2_000 },
			),
		);
	});

	it('leaves out what the target does not report, and emits in its order', async () => {
		const previous = storedOf(ABC);
		const listing = listingOf([listed('a', 'A2'), listed('b', 'B2'), listed('e', 'E1')]);
		const target = targetOf({
			created: () => undefined,
			changed: (before, one) => (one.id === 'a' ? undefined : item('changed', one.id)),
			gone: () => undefined,
			order: (items) => [...items].reverse(),
		});
		const { items } = await compareListing(listing, previous, target);
		expect(items).toEqual([item('changed', 'b')]);
		const reordered = await compareListing(
			listingOf([listed('a', 'A2'), listed('b', 'B2')]),
			previous,
			targetOf({ order: (all) => [...all].reverse() }),
		);
		expect(reordered.items.map((one) => `${one.event} ${String(one.id)}`)).toEqual([
			'gone c',
			'changed b',
			'changed a',
		]);
	});

	it('adds the records still watched after they left the list, paired with their previous records', async () => {
		const previous = storedOf([
			{ id: 'a', record: 'A1' },
			{ id: 'b', record: 'B1' },
			{ id: 'c', record: 'C1' },
			{ id: 'd', record: 'D1' },
		]);
		const listing = listingOf([listed('a', 'A1')]);
		const target = targetOf({
			unlisted: async (_listing, missing) => {
				target.asked.push(`unlisted ${missing.map((one) => one.id).join(' ')}`);
				return { found: [listed('b', 'B1'), listed('c', 'C2')], gone: [missing[2]] };
			},
		});
		const { items, next } = await compareListing(listing, previous, target);
		expect(target.asked).toEqual(['unlisted b c d']);
		expect(items).toEqual([item('changed', 'c', { from: 'C1', to: 'C2' }), item('gone', 'd')]);
		expect(decodeRecords(next.records, () => true)).toEqual([
			{ id: 'a', record: 'A1' },
			{ id: 'b', record: 'B1' },
			{ id: 'c', record: 'C2' },
		]);
		expect([...listing.records.keys()].sort()).toEqual(['a', 'b', 'c']);
	});

	it('adds the moments after the changes and keeps what they remember', async () => {
		const previous = storedOf([{ id: 'a', record: 'A1' }]);
		const seen: string[] = [];
		const target = targetOf({
			moments: (_listing, records, before, stored) => {
				seen.push(
					`${records.map((one) => one.id).join(' ')} / ${before.join(' ')} / ${stored.serverTime}`,
				);
				return { items: [item('reminder', 'a')], remindedBefore: { a: '2026-12-01T19:00:00' } };
			},
		});
		const { items, next } = await compareListing(
			listingOf([listed('b', 'B1'), listed('a', 'A1')]),
			previous,
			target,
		);
		expect(seen).toEqual(['a b / A1  / 1000']);
		expect(items).toEqual([item('created', 'b'), item('reminder', 'a')]);
		expect(next.remindedBefore).toEqual({ a: '2026-12-01T19:00:00' });
	});

	it('stores no reminders when the moments remember none', async () => {
		const previous = storedOf([{ id: 'a', record: 'A1' }]);
		const target = targetOf({ moments: () => ({ items: [], remindedBefore: {} }) });
		const { next } = await compareListing(listingOf([listed('a', 'A2')]), previous, target);
		expect('remindedBefore' in next).toBe(false);
	});
});

describe('compareListing: records stored by another description', () => {
	const EARLIER: RecordDescription = { ...PLAIN, exact: ['text:text', 'more:text'] };

	it("reads and compares them by theirs, and stores the new records by the target's", async () => {
		const previous = storedOf(
			[
				{ id: 'a', record: 'A1' },
				{ id: 'b', record: 'B1' },
				{ id: 'c', record: 'C1' },
			],
			{ description: EARLIER },
		);
		const by = (stored: StoredRestaurant) => stored.description.exact.join(' ');
		const target = targetOf({
			changed: (_before, one, _restaurant, stored) => item('changed', one.id, { by: by(stored) }),
			gone: (before, _restaurant, stored) => item('gone', before.id, { by: by(stored) }),
		});
		target.unlisted = async (_listing, missing, stored) => {
			target.asked.push(`unlisted ${missing.map((one) => one.id).join(' ')} by ${by(stored)}`);
			return { found: [], gone: missing };
		};
		const { items, next } = await compareListing(
			listingOf([listed('a', 'A1'), listed('b', 'B2')]),
			previous,
			target,
		);
		expect(target.asked).toEqual([
			'read by text:text more:text',
			'unlisted c by text:text more:text',
		]);
		expect(items).toEqual([
			item('changed', 'b', { by: 'text:text more:text' }),
			item('gone', 'c', { by: 'text:text more:text' }),
		]);
		expect(next.description).toBe(PLAIN);
	});

	it("stores them again by the target's description when nothing changed", async () => {
		const records = [{ id: 'a', record: 'A1' }];
		const previous = storedOf(records, { description: EARLIER });
		const { items, next } = await compareListing(
			listingOf([listed('a', 'A1')]),
			previous,
			targetOf(),
		);
		expect(items).toEqual([]);
		expect(next).not.toBe(previous);
		expect(next.records).toBe(previous.records);
		expect(next.description).toBe(PLAIN);
	});
});

describe('compareListing: a baseline', () => {
	it('reports nothing at the first listing and stores the records', async () => {
		const target = targetOf();
		const listing = listingOf([listed('b', 'B1'), listed('a', 'A1')]);
		const { items, next, baseline } = await compareListing(listing, undefined, target);
		expect(items).toEqual([]);
		expect(baseline).toBe(true);
		expect(target.asked).toEqual([]);
		expect(next).toEqual(
			storedOf(
				[
					{ id: 'a', record: 'A1' },
					{ id: 'b', record: 'B1' },
				],
				{ serverTime: 2_000 },
			),
		);
	});

	it('takes a new baseline, silently, when the stored records cannot be read', async () => {
		const target = targetOf();
		const previous = storedOf([], { records: 'unreadable' });
		const { items, next, baseline } = await compareListing(
			listingOf([listed('a', 'A1')]),
			previous,
			target,
		);
		expect(items).toEqual([]);
		expect(baseline).toBe(true);
		expect(target.asked).toEqual([]);
		expect(next.records).toBe(encodeRecords([{ id: 'a', record: 'A1' }]));
	});

	it('marks the first listing for missed reminders only when the target sends them', async () => {
		const listing = () => listingOf([listed('a', 'A1')]);
		const sends = targetOf({ sendsMissedAfterFirstListing: true });
		expect((await compareListing(listing(), undefined, sends, true)).next.missedRemindersDue).toBe(
			true,
		);
		const first = await compareListing(listing(), undefined, sends, false);
		expect('missedRemindersDue' in first.next).toBe(false);
		const notSaid = await compareListing(listing(), undefined, sends);
		expect('missedRemindersDue' in notSaid.next).toBe(false);
		const without = await compareListing(listing(), undefined, targetOf(), true);
		expect('missedRemindersDue' in without.next).toBe(false);
		const later = await compareListing(
			listing(),
			storedOf([{ id: 'a', record: 'A1' }]),
			sends,
			true,
		);
		expect('missedRemindersDue' in later.next).toBe(false);
	});
});

describe('compareListing: an idle poll', () => {
	const records = [
		{ id: 'a', record: 'A1' },
		{ id: 'b', record: 'B1' },
	];
	const listing = (over: Partial<Listing> = {}) =>
		listingOf([listed('a', 'A1'), listed('b', 'B1')], over);

	it('keeps the stored state as it was, server time included', async () => {
		const previous = storedOf(records);
		const { items, next, baseline } = await compareListing(listing(), previous, targetOf());
		expect(items).toEqual([]);
		expect(baseline).toBe(false);
		expect(next).toBe(previous);
		expect(next.serverTime).toBe(1_000);
	});

	it('keeps it with the same reminders remembered', async () => {
		const previous = storedOf(records, { remindedBefore: { a: '2026-12-01T19:00:00' } });
		const target = targetOf({
			moments: () => ({ items: [], remindedBefore: { a: '2026-12-01T19:00:00' } }),
		});
		expect((await compareListing(listing(), previous, target)).next).toBe(previous);
	});

	it.each<[string, Partial<Listing>, Partial<StoredRestaurant>]>([
		['the horizon starts later', { horizonFrom: '2026-11-28T01:00:00' }, {}],
		['the horizon ends later', { horizonTo: '2027-01-27T01:00:00' }, {}],
		['the time zone changed', {}, { timeZone: 'Europe/Paris' }],
		['the missed reminders were sent', {}, { missedRemindersDue: true }],
		['the reminders were forgotten', {}, { remindedBefore: { a: '2026-12-01T19:00:00' } }],
	])('stores the new state when %s', async (_what, listingOver, storedOver) => {
		const previous = storedOf(records, storedOver);
		const { items, next } = await compareListing(listing(listingOver), previous, targetOf());
		expect(items).toEqual([]);
		expect(next).not.toBe(previous);
		expect(next.serverTime).toBe(2_000);
		expect(next.horizonFrom).toBe(listingOver.horizonFrom ?? '2026-11-28T00:00:00');
		expect(next.horizonTo).toBe(listingOver.horizonTo ?? '2027-01-27T00:00:00');
		expect(next.timeZone).toBe('Europe/Berlin');
		expect(next.missedRemindersDue).toBeUndefined();
		expect(next.remindedBefore).toBeUndefined();
	});

	it('stores the new state when a record changed that the target does not report', async () => {
		const previous = storedOf(records);
		const target = targetOf({ changed: () => undefined });
		const { items, next } = await compareListing(
			listingOf([listed('a', 'A2'), listed('b', 'B1')]),
			previous,
			target,
		);
		expect(items).toEqual([]);
		expect(next).not.toBe(previous);
		expect(next.records).toBe(encodeRecords([{ id: 'a', record: 'A2' }, records[1]]));
	});

	it('stores the new state when the records are the same but something is reported', async () => {
		const previous = storedOf(records);
		const target = targetOf({
			moments: () => ({ items: [item('reminder', 'a')], remindedBefore: {} }),
		});
		const { items, next } = await compareListing(listing(), previous, target);
		expect(items).toEqual([item('reminder', 'a')]);
		expect(next).not.toBe(previous);
		expect(next.serverTime).toBe(2_000);
	});
});
