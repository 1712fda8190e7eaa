/** The snapshot format (value tokens, records): lossless for every value, compact for the usual ones. */
import seedrandom from 'seedrandom';
import {
	fingerprint,
	sameFingerprint,
} from '../../nodes/RestaurantReservationsTrigger/targets/reservations/fingerprint';
import { textDigest } from '../../nodes/RestaurantReservationsTrigger/state/hash';
import {
	decodeValue,
	encodeValue,
	escapeText,
	StateNames,
	unescapeText,
} from '../../nodes/RestaurantReservationsTrigger/state/valueTokens';
import { currentLayout, decodeSnapshot, encodeSnapshot } from './snapshots';

describe('value tokens', () => {
	it.each([
		['time', '2026-11-22T19:30:00', '2026-11-22T19:30:00'],
		['time', '2026-11-22T19:30', '2026-11-22T19:30:00'],
		['time', '1969-12-31T23:00:00', '1969-12-31T23:00:00'],
		['time', '2026-11-22T19:30:15', '2026-11-22T19:30:15'],
		// A time with an offset names an instant: it comes back as that instant in UTC.
		['time', '2026-11-22T19:30:00+01:00', '2026-11-22T18:30:00Z'],
		['time', '2026-11-22T19:30:00Z', '2026-11-22T19:30:00Z'],
		['time', '2026-11-22T19:30:20-08:00', '2026-11-22T19:30:20-08:00'],
		['time', 'soon', 'soon'],
		['time', null, null],
		['int', 4, 4],
		['int', -3, -3],
		['int', 1234567, 1234567],
		['int', 2.5, 2.5],
		['int', '7', '7'],
		['int', null, null],
		['text', 'T1', 'T1'],
		['text', '', ''],
		['text', '~', '~'],
		['text', '!x,y|z%', '!x,y|z%'],
		['text', 12, 12],
		['text', null, null],
		['state', 'confirmed', 'confirmed'],
		['state', 'noShow', 'noShow'],
		['state', 'onHold', 'onHold'],
		['state', 'c', 'c'],
		['state', null, null],
	] as const)('%s %j round-trips', (kind, value, back) => {
		const token = encodeValue(value, kind);
		expect(token).not.toMatch(/[,|]/);
		expect(decodeValue(token, kind)).toEqual(back);
	});

	it('keeps the usual values short', () => {
		expect(encodeValue('2026-11-22T19:30:00', 'time')).toHaveLength(5);
		expect(encodeValue(4, 'int')).toHaveLength(1);
		expect(encodeValue('confirmed', 'state')).toHaveLength(1);
		expect(encodeValue(null, 'int')).toBe('~');
	});

	it('escapes only the characters the record syntax uses', () => {
		expect(escapeText('Müller, Anna | 100% ~ !')).toBe('Müller%2c Anna %7c 100%25 %7e %21');
		expect(unescapeText(escapeText('Müller, Anna | 100% ~ !'))).toBe('Müller, Anna | 100% ~ !');
	});

	it('hashes to fixed-width, JSON-safe text', () => {
		for (const length of [2, 5, 8])
			expect(textDigest('anything', length)).toMatch(new RegExp(`^[0-9A-Za-z_-]{${length}}$`));
		expect(textDigest('a', 5)).not.toBe(textDigest('b', 5));
	});
});

function randomReservation(random: () => number, id: string) {
	const pick = <T>(values: T[]) => values[Math.floor(random() * values.length)];
	return {
		id,
		reservationTime: pick([
			'2026-11-22T19:30:00',
			'2027-03-28T02:30:00',
			'2026-01-01T00:00:45',
			null,
		]),
		groupSize: pick([1, 4, 12, null, 2.5]),
		tableNumber: pick(['1', 'T2', '', null, 'a,b|c']),
		state: pick(['pending', 'confirmed', 'cancelled', 'weird']),
		eventId: pick([null, 7, 123456]),
		customerName: pick(['Anna Schmidt', 'Jörg Müller, jr.', null, '']),
		phone: pick(['+49 170 1234567', null]),
		email: pick(['a@b.example', null]),
		specialRequests: pick([null, 'Window | quiet, 100%', '~']),
		internalNotes: pick([null, 'vip']),
	};
}

describe('snapshot string', () => {
	it.each([false, true])(
		'round-trips any IDs and values (guest details kept: %s)',
		(reportPreviousGuestDetails) => {
			const random = seedrandom('codec');
			const ids = new Set<string>();
			while (ids.size < 500) {
				const kind = Math.floor(random() * 4);
				ids.add(
					kind === 0
						? `rsv-101-${String(Math.floor(random() * 1e6)).padStart(6, '0')}`
						: kind === 1
							? `x,|%~!${Math.floor(random() * 1000)}`
							: kind === 2
								? `${'p'.repeat(40)}${Math.floor(random() * 100)}`
								: `ü-${random().toString(36)}`,
				);
			}
			const reservations = [...ids].map((id) => randomReservation(random, id));
			// A state not the sandbox's is stored by its place in the list of names, in listing order.
			const states = new StateNames();
			const entries = reservations.map((reservation) =>
				fingerprint(reservation, currentLayout(reportPreviousGuestDetails), states),
			);
			const text = encodeSnapshot(reservations, reportPreviousGuestDetails);
			const back = decodeSnapshot(text, reportPreviousGuestDetails);
			expect(back.size).toBe(entries.length);
			for (const entry of entries) expect(back.get(entry.id)).toEqual(entry);
			for (const entry of entries) expect(sameFingerprint(back.get(entry.id)!, entry)).toBe(true);
		},
	);

	it('is empty for no reservations and rejects text that is not a snapshot', () => {
		expect(encodeSnapshot([], false)).toBe('');
		expect(decodeSnapshot('', false).size).toBe(0);
		expect(() => decodeSnapshot('garbage', false)).toThrow();
	});

	it('front-codes sequential IDs to a few characters', () => {
		const entries = Array.from({ length: 100 }, (_, i) => ({
			id: `rsv-101-${String(1000 + i * 7).padStart(6, '0')}`,
			reservationTime: '2026-11-22T19:30:00',
			groupSize: 2,
			tableNumber: '12',
			state: 'confirmed',
			eventId: null,
		}));
		const text = encodeSnapshot(entries, false);
		// head (2-3) + 15 hash characters + state + time (5) + group + table (2) + event + 5 commas + 1 bar
		expect(JSON.stringify(text).length / entries.length).toBeLessThan(35);
	});
});

describe('state names', () => {
	it("store a state that is not the sandbox's once, each record by its place", () => {
		const states = new StateNames(['Confirmed']);
		expect(states.encode('confirmed')).toBe('c');
		expect(states.encode('Confirmed')).toBe('^0');
		expect(states.encode('CANCELED_BY_MERCHANT')).toBe('^1');
		expect(states.encode('Confirmed')).toBe('^0');
		expect(states.encode(null)).toBe('~');
		expect(states.encode(3)).toBe('!3');
		expect(states.list()).toEqual(['Confirmed', 'CANCELED_BY_MERCHANT']);
		const read = new StateNames(states.list());
		expect(['^0', '^1', 'c', '!3'].map((token) => read.decode(token))).toEqual([
			'Confirmed',
			'CANCELED_BY_MERCHANT',
			'confirmed',
			3,
		]);
	});
});
