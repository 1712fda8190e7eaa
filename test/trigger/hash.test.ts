/** The fingerprint hash (nodes/RestaurantReservationsTrigger/hash), the snapshot's records and their pairing, the stored state. */
import seedrandom from 'seedrandom';
import { pairRecords } from '../../nodes/RestaurantReservationsTrigger/state/compare';
import {
	fingerprint,
	sameFingerprint,
} from '../../nodes/RestaurantReservationsTrigger/targets/reservations/fingerprint';
import { Hash53 } from '../../nodes/RestaurantReservationsTrigger/state/hash';
import { snapshotFormat } from '../../nodes/RestaurantReservationsTrigger/targets/reservations/recordFormat';
import { readStoredState } from '../../nodes/RestaurantReservationsTrigger/state/storedState';
import {
	encodeValue,
	StateNames,
} from '../../nodes/RestaurantReservationsTrigger/state/valueTokens';
import { RESERVATIONS_OF_010 } from '../../nodes/RestaurantReservationsTrigger/targets/reservations/layout';
import { byId, currentLayout } from './snapshots';

const hashOf = (value: unknown) => new Hash53().json(value).value();

function randomJson(random: () => number, depth = 0): unknown {
	const pick = <T>(values: T[]) => values[Math.floor(random() * values.length)];
	const kind = Math.floor(random() * (depth > 2 ? 4 : 6));
	switch (kind) {
		case 0:
			return pick([null, true, false]);
		case 1:
			return pick([
				0,
				1,
				-1,
				7,
				2 ** 31,
				-(2 ** 31),
				2 ** 53,
				0.5,
				1e21,
				-3.25,
				Math.floor(random() * 1e6),
			]);
		case 2:
		case 3:
			return pick([
				'',
				'a',
				'ab',
				'abc',
				'Müller',
				'"quoted"',
				'back\\slash',
				'line\nbreak',
				'\u0001',
				'\ud83d\ude00',
				'\ud800',
				String(random()),
			]);
		case 4:
			return Array.from({ length: Math.floor(random() * 4) }, () => randomJson(random, depth + 1));
		default:
			return Object.fromEntries(
				Array.from({ length: Math.floor(random() * 4) }, () => [
					pick(['a', 'b', 'ab', 'c', '', 'toJSON', '1']),
					randomJson(random, depth + 1),
				]),
			);
	}
}

describe('Hash53.json', () => {
	it('hashes values JSON.stringify writes alike alike', () => {
		expect(hashOf({ a: 1, b: undefined, c: () => 1 })).toBe(hashOf({ a: 1 }));
		expect(hashOf([undefined, () => 1])).toBe(hashOf([null, null]));
		expect(hashOf([NaN, Infinity])).toBe(hashOf([null, null]));
		expect(hashOf(-0)).toBe(hashOf(0));
		expect(hashOf(1.0)).toBe(hashOf(1));
		expect(hashOf(new Date(0))).toBe(hashOf(new Date(0)));
		const random = seedrandom('hash-round-trip');
		for (let i = 0; i < 2000; i++) {
			const value = randomJson(random);
			expect(hashOf(JSON.parse(JSON.stringify(value)))).toBe(hashOf(value));
		}
	});

	it.each([
		[
			['ab', 'c'],
			['a', 'bc'],
		],
		[
			[1, [2]],
			[[1], 2],
		],
		[{ a: 'b' }, ['a', 'b']],
		[
			{ a: 1, b: 2 },
			{ b: 2, a: 1 },
		],
		[{}, []],
		['1', 1],
		['true', true],
		['null', null],
		[1, 1.5],
		[2 ** 31, -(2 ** 31)],
		['a', 'a\u0000'],
		['ab', 'ba'],
		[[], [null]],
		[{ a: {} }, { a: [] }],
	])('tells %j from %j', (a, b) => {
		expect(hashOf(a)).not.toBe(hashOf(b));
	});

	it('gives distinct values distinct hashes', () => {
		const random = seedrandom('hash-distinct');
		const byText = new Map<string, number>();
		for (let i = 0; i < 20000; i++) {
			const value = randomJson(random);
			byText.set(JSON.stringify(value), hashOf(value));
		}
		expect(new Set(byText.values()).size).toBe(byText.size);
	});

	it('is a 53-bit integer', () => {
		for (const value of ['', 'x', { a: [1, 2, 3] }]) {
			const hash = hashOf(value);
			expect(Number.isSafeInteger(hash) && hash >= 0).toBe(true);
		}
	});
});

describe('fingerprint', () => {
	const reservation = {
		id: 'rsv-1',
		reservationTime: '2026-11-22T19:30:00',
		groupSize: 2,
		state: 'confirmed',
		customerName: 'Anna',
		internalNotes: 'vip',
		details: { cancelOptionName: null, cancelNote: null },
		order: { items: [{ productId: 1, amount: 2 }] },
	};

	it('does not depend on the order of the top-level keys, nor on blank fields', () => {
		const reordered = Object.fromEntries(Object.entries(reservation).reverse());
		expect(fingerprint(reordered, currentLayout(false))).toEqual(
			fingerprint(reservation, currentLayout(false)),
		);
		expect(
			fingerprint({ ...reservation, waiters: [], extra: {}, note: null }, currentLayout(false)),
		).toEqual(fingerprint(reservation, currentLayout(false)));
	});

	it('sees a change deep inside the rest of the record', () => {
		const changed = { ...reservation, order: { items: [{ productId: 1, amount: 3 }] } };
		expect(fingerprint(changed, currentLayout(false)).rest).not.toBe(
			fingerprint(reservation, currentLayout(false)).rest,
		);
		expect(fingerprint(changed, currentLayout(false)).content).not.toBe(
			fingerprint(reservation, currentLayout(false)).content,
		);
	});
});

describe('records', () => {
	const random = seedrandom('records');
	const pick = <T>(values: T[]) => values[Math.floor(random() * values.length)];
	const randomReservation = (id: string) => ({
		id,
		reservationTime: pick(['2026-11-22T19:30:00', '2026-01-01T00:00:45', null]),
		groupSize: pick([1, 4, 2.5, null]),
		tableNumber: pick(['1', 'a,b|c', null]),
		state: pick(['confirmed', 'cancelled', 'weird']),
		eventId: pick([null, 7]),
		customerName: pick(['Anna', 'Jörg, jr.', null]),
		phone: pick(['+49 1', null]),
		internalNotes: pick([null, 'vip']),
	});

	it.each([false, true])(
		'are equal exactly when the fingerprints are (guest details kept: %s)',
		(reportPreviousGuestDetails) => {
			const format = snapshotFormat(reportPreviousGuestDetails);
			const reservations = Array.from({ length: 300 }, () => randomReservation('rsv-1'));
			const [records, prints] = [
				reservations.map((r) => format.listed(r).record),
				reservations.map((r) => fingerprint(r, currentLayout(reportPreviousGuestDetails))),
			];
			for (let i = 1; i < prints.length; i++) {
				expect(records[i] === records[i - 1]).toBe(sameFingerprint(prints[i], prints[i - 1]));
			}
		},
	);

	it.each([false, true])(
		'round-trip through a snapshot string (guest details kept: %s)',
		(reportPreviousGuestDetails) => {
			const format = snapshotFormat(reportPreviousGuestDetails);
			const reservations = ['rsv-1', 'rsv-10', 'rsv-2', 'x,|%~!', 'ü'].map((id) =>
				randomReservation(id),
			);
			// A state not the sandbox's is stored by its place among the state names, in listing order.
			const states = new StateNames();
			const prints = reservations.map((r) =>
				fingerprint(r, currentLayout(reportPreviousGuestDetails), states),
			);
			const text = format.writeRecords(reservations.map((r) => format.listed(r)).sort(byId));
			const back = format.readRecords(text, format.description);
			expect(back.map((r) => r.id)).toEqual(prints.map((p) => p.id).sort());
			for (const stored of back)
				expect(format.fingerprintOf(stored)).toEqual(prints.find((p) => p.id === stored.id));
		},
	);

	it('pair with the listed reservations by ID', () => {
		const record = (id: string) => ({ id, record: `r-${id}` });
		const before = ['a', 'c', 'd', 'f'].map(record);
		const pairing = pairRecords(before, [{ id: 'b' }, { id: 'c' }, { id: 'f' }, { id: 'g' }]);
		expect(pairing.previous).toEqual([undefined, 'r-c', 'r-f', undefined]);
		expect(pairing.unlisted).toEqual([record('a'), record('d')]);
		expect(pairRecords([], [{ id: 'a' }])).toEqual({ previous: [undefined], unlisted: [] });
	});

	it('rejects text that is not a snapshot', () => {
		const format = snapshotFormat(false);
		const readRecords = (text: string) => format.readRecords(text, format.description);
		expect(() => readRecords('0b,123456789012345c,x,2,4,~|0a,123456789012345c,x,2,4,~')).toThrow(); // out of order
		expect(() => readRecords('garbage')).toThrow();
		expect(() => readRecords('0a,123456789012345,x,2,4,~')).toThrow(); // no state after the hashes
		expect(() => readRecords('0a,123456789012345c,x,2,4')).toThrow(); // a field missing
	});
});

describe('time tokens', () => {
	it('stay the same however many distinct times were seen', () => {
		const first = encodeValue('2026-11-22T19:30:00', 'time');
		for (let minute = 0; minute < 25000; minute++)
			encodeValue(
				new Date(Date.UTC(2026, 0, 1) + minute * 60_000).toISOString().slice(0, 19),
				'time',
			);
		expect(encodeValue('2026-11-22T19:30:00', 'time')).toBe(first);
		expect(encodeValue('2026-11-22T19:30:15', 'time')).toBe('!"2026-11-22T19:30:15"');
	});
});

describe('stored state', () => {
	it('of an earlier version (other hashes) is not compared against: a new baseline', () => {
		const state = {
			v: 1,
			k: 'key',
			at: 0,
			r: {
				'101': {
					z: 'Europe/Berlin',
					f: '2026-01-01T00:00:00',
					t: '2026-02-01T00:00:00',
					d: 0,
					s: '',
				},
			},
		};
		expect(readStoredState(state, 'key', { key: RESERVATIONS_OF_010.hash })).toBeUndefined();
		expect(
			readStoredState({ ...state, v: 2 }, 'key', { key: RESERVATIONS_OF_010.hash }),
		).toBeDefined();
	});
});
