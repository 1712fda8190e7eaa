/**
 * The Guests watch's known guests (targets/guests/ledger): every field round-trips, the text is
 * sorted and written again only when an entry changed, an unreadable text is a new baseline, and
 * the size per guest at 100,000 guests with a realistic mix stays at most 24 bytes.
 */
import seedrandom from 'seedrandom';
import {
	GuestLedger,
	guestKey,
	type KnownGuest,
} from '../../nodes/RestaurantReservationsTrigger/targets/guests/ledger';

describe('known guests', () => {
	it('round-trips every field', () => {
		const ledger = GuestLedger.read(undefined);
		const regular: KnownGuest = {
			visits: 41,
			noShows: 2,
			lastVisit: '2026-11-20',
			birthdayGreeted: 2027,
			anniversaryGreeted: 2026,
		};
		ledger.set(guestKey('p+49301234567', '101'), regular);
		ledger.set(guestKey('eanna@example.com', '101'), { visits: 0, noShows: 0 });
		ledger.set(guestKey('nzoe muller', undefined), {
			visits: 1,
			noShows: 0,
			lastVisit: '1999-12-31',
		});
		const read = GuestLedger.read(ledger.write());
		expect(read.size).toBe(3);
		expect(read.get(guestKey('p+49301234567', '101'))).toEqual(regular);
		expect(read.get(guestKey('eanna@example.com', '101'))).toEqual({ visits: 0, noShows: 0 });
		expect(read.get(guestKey('nzoe muller', undefined))).toEqual({
			visits: 1,
			noShows: 0,
			lastVisit: '1999-12-31',
		});
		expect(read.get(guestKey('p+49301234567', '102'))).toBeUndefined();
	});

	it('keeps a guest of one restaurant apart from the same person in another, unless told otherwise', () => {
		expect(guestKey('p+49301234567', '101')).not.toBe(guestKey('p+49301234567', '102'));
		expect(guestKey('p+49301234567', undefined)).toBe(guestKey('p+49301234567', undefined));
		expect(guestKey('p+49301234567', undefined)).toHaveLength(8);
	});

	it('writes sorted entries, and the text as read when nothing changed', () => {
		const ledger = GuestLedger.read(undefined);
		for (const name of ['c', 'a', 'b'])
			ledger.set(guestKey(`n${name}`, '1'), { visits: 1, noShows: 0 });
		const text = ledger.write();
		const keys = text.split('|').map((entry) => entry.slice(0, 8));
		expect(keys).toEqual([...keys].sort());
		const again = GuestLedger.read(text);
		again.set(keys[0], again.get(keys[0])!);
		expect(again.write()).toBe(text);
	});

	it('reads an unreadable text as no guests', () => {
		expect(GuestLedger.read('short|x').size).toBe(0);
		expect(GuestLedger.read('').size).toBe(0);
	});

	it('stores 100,000 guests in at most 24 bytes each', () => {
		const random = seedrandom('guest-ledger-size');
		const ledger = GuestLedger.read(undefined);
		for (let i = 0; i < 100_000; i++) {
			const visits = random() < 0.6 ? 0 : Math.floor(random() * 30);
			ledger.set(guestKey(`p+4917${String(10_000_000 + i)}`, '101'), {
				visits,
				noShows: random() < 0.1 ? 1 + Math.floor(random() * 3) : 0,
				...(visits > 0
					? { lastVisit: `2026-${String(1 + Math.floor(random() * 11)).padStart(2, '0')}-15` }
					: {}),
				...(random() < 0.2 ? { birthdayGreeted: 2026 } : {}),
			});
		}
		const started = process.hrtime.bigint();
		const text = ledger.write();
		const read = GuestLedger.read(text);
		const ms = Number(process.hrtime.bigint() - started) / 1e6;
		const bytes = Buffer.byteLength(JSON.stringify({ g: text }));
		expect(read.size).toBe(100_000);
		expect(bytes / 100_000).toBeLessThanOrEqual(24);
		console.log(
			`known guests: 100,000 in ${bytes} bytes (${(bytes / 100_000).toFixed(1)} B a guest); written and read in ${ms.toFixed(0)} ms`,
		);
	});
});
