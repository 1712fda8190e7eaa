/**
 * The Guests watch's known guests as stored (nodes/RestaurantReservationsTrigger/targets/guests/
 * ledger.ts), character for character: a trigger upgraded to a new release must read the text an
 * earlier one stored. Each field in base 36, empty fields at the end left out, and an entry no
 * longer than its key refused.
 */
import {
	GuestLedger,
	guestKey,
} from '../../nodes/RestaurantReservationsTrigger/targets/guests/ledger';

describe('the stored text of known guests', () => {
	it('keys a guest as earlier releases did, per restaurant or in every restaurant', () => {
		expect(guestKey('p+49301234567', '101')).toBe('85BkAthM');
		expect(guestKey('p+49301234567', undefined)).toBe('M6ms5O2a');
	});

	it('keeps a text it did not write as read when a guest is set to what it was', () => {
		const ledger = GuestLedger.read('bbbbbbbb0|aaaaaaaa0');
		ledger.set('aaaaaaaa', { visits: 0, noShows: 0 });
		expect(ledger.write()).toBe('bbbbbbbb0|aaaaaaaa0');
	});

	it('writes every field in base 36: visits, no-shows, days since 2000, greeted years less 2000', () => {
		const ledger = GuestLedger.read(undefined);
		ledger.set('abcdefgh', {
			visits: 41,
			noShows: 2,
			lastVisit: '2026-11-20',
			birthdayGreeted: 2027,
			anniversaryGreeted: 2026,
		});
		expect(ledger.write()).toBe('abcdefgh15.2.7ks.r.q');
	});

	it('leaves out empty fields at the end, never the visits', () => {
		const ledger = GuestLedger.read(undefined);
		ledger.set('aaaaaaaa', { visits: 0, noShows: 0 });
		ledger.set('bbbbbbbb', { visits: 1, noShows: 0, lastVisit: '2000-01-01' });
		ledger.set('cccccccc', { visits: 0, noShows: 0, anniversaryGreeted: 2026 });
		ledger.set('dddddddd', { visits: 0, noShows: 3 });
		expect(ledger.write()).toBe('aaaaaaaa0|bbbbbbbb1..0|cccccccc0....q|dddddddd0.3');
	});

	it('reads the text an earlier release stored', () => {
		const ledger = GuestLedger.read('aaaaaaaa0|bbbbbbbb1..0|cccccccc0....q|dddddddd15.2.7ks.r.q');
		expect(ledger.size).toBe(4);
		expect(ledger.get('aaaaaaaa')).toEqual({ visits: 0, noShows: 0 });
		expect(ledger.get('bbbbbbbb')).toEqual({ visits: 1, noShows: 0, lastVisit: '2000-01-01' });
		expect(ledger.get('cccccccc')).toEqual({ visits: 0, noShows: 0, anniversaryGreeted: 2026 });
		expect(ledger.get('dddddddd')).toEqual({
			visits: 41,
			noShows: 2,
			lastVisit: '2026-11-20',
			birthdayGreeted: 2027,
			anniversaryGreeted: 2026,
		});
	});

	it('refuses a text with an entry no longer than its key', () => {
		expect(GuestLedger.read('aaaaaaaa0|bbbbbbbb').size).toBe(0);
		expect(GuestLedger.read('aaaaaaaa0|bbbbbbb').size).toBe(0);
		expect(GuestLedger.read('aaaaaaaa0|bbbbbbbb1').size).toBe(2);
	});

	it('writes the text as read when nothing changed, and nothing for no guests', () => {
		const text = 'aaaaaaaa0|bbbbbbbb1..0';
		const ledger = GuestLedger.read(text);
		ledger.set('aaaaaaaa', { visits: 0, noShows: 0 });
		expect(ledger.write()).toBe(text);
		expect(GuestLedger.read(text).write()).toBe(text);
		const unreadable = GuestLedger.read('short');
		expect(unreadable.size).toBe(0);
		expect(unreadable.write()).toBe('');
		expect(GuestLedger.read(undefined).write()).toBe('');
	});

	it('writes again when an entry changed', () => {
		const ledger = GuestLedger.read('aaaaaaaa0|bbbbbbbb1..0');
		ledger.set('bbbbbbbb', { visits: 2, noShows: 0, lastVisit: '2000-01-02' });
		expect(ledger.write()).toBe('aaaaaaaa0|bbbbbbbb2..1');
	});
});
