/**
 * A guest's history from their bookings and roles (nodes/shared/guests/history): counts by role,
 * times restaurant-local whatever form the API writes them in, now compared as an instant, and the
 * contact, identity and profile of the latest booking.
 */
import type { IDataObject } from 'n8n-workflow';
import {
	averageOf,
	guestHistory,
	moneySum,
	rateOf,
	type RoledBooking,
} from '../../nodes/shared/guests/history';
import type { StateRole } from '../../nodes/shared/reading/states';
import { NO_GUEST_FOUND } from '../support/guestHistory';

const ZONE = 'Europe/Berlin';
/** 2026-11-22T12:00:00 in Berlin (UTC+1). */
const NOW = Date.parse('2026-11-22T11:00:00Z');
const clock = { now: NOW, timeZone: ZONE, country: 'DE' };

const at = (reservationTime: string, role: StateRole, more: IDataObject = {}): RoledBooking => ({
	booking: { reservationTime, customerName: 'Anna Schmidt', ...more },
	role,
});

describe('guestHistory', () => {
	it('counts by role and places the visits, the next booking and the rate in time', () => {
		const history = guestHistory(
			[
				at('2026-10-01T19:00:00', 'finished', { groupSize: 2, amount: 10.1 }),
				at('2026-06-01T18:00:00+02:00', 'arrived', { groupSize: 3, amount: 20.2 }),
				at('2026-11-01T19:00:00', 'noShow', { groupSize: 8 }),
				at('2026-11-02T19:00:00', 'booked'),
				at('2026-11-03T19:00:00', 'cancelled'),
				at('2026-11-22T12:30:00', 'awaitingApproval'),
				// Now (12:00 in Berlin, written in UTC): not upcoming.
				at('2026-11-22T11:00:00Z', 'booked'),
				at('2026-11-22T13:00:00', 'cancelled'),
				at('not a time', 'finished', { groupSize: 4 }),
			],
			clock,
		);
		expect(history).toMatchObject({
			found: true,
			bookings: 9,
			visits: 3,
			noShows: 1,
			cancellations: 2,
			upcoming: 1,
			firstVisit: '2026-06-01T18:00:00',
			lastVisit: '2026-10-01T19:00:00',
			nextBooking: '2026-11-22T12:30:00',
			averagePartySize: 3,
			totalAmount: 30.3,
			// 1 of 5 standing bookings whose time has come (two visits, the no-show, two booked).
			noShowRate: 0.2,
		});
	});

	it('takes the contact, identity and profile of the latest booking that has them', () => {
		const history = guestHistory(
			[
				at('2026-12-01T19:00:00', 'booked', { phone: '+49 30 1234567', email: 'New@x.org' }),
				at('2026-01-01T19:00:00', 'finished', {
					phone: '030 1234567',
					email: 'old@x.org',
					customerProfile: { vip: true },
				}),
				at('2026-02-01T19:00:00', 'finished', { customerProfile: null }),
			],
			clock,
		);
		expect(history.guest).toEqual({
			name: 'Anna Schmidt',
			phone: '+49 30 1234567',
			email: 'New@x.org',
			identity: { key: 'p+49301234567', by: 'phone', value: '+49301234567' },
		});
		expect(history.profile).toEqual({ vip: true });
	});

	it('counts no cancelled, no-show or visited booking as upcoming, even dated after now', () => {
		const history = guestHistory(
			[
				at('2026-11-23T19:00:00', 'noShow'),
				at('2026-11-24T19:00:00', 'arrived'),
				at('2026-11-25T19:00:00', 'finished'),
				at('2026-11-26T19:00:00', 'cancelled'),
				at('2026-11-27T19:00:00', 'booked'),
			],
			clock,
		);
		expect([history.upcoming, history.nextBooking]).toEqual([1, '2026-11-27T19:00:00']);
		// Only standing bookings whose time has come count for the rate: none has.
		expect(history.noShowRate).toBe(null);
	});

	it('takes the contact of the latest readable booking, blank or non-text fields as none', () => {
		const history = guestHistory(
			[
				at('2026-10-01T19:00:00', 'finished', { customerName: '  ', phone: 4930555, email: '' }),
				at('sometime', 'booked', { customerName: 'Someone Else' }),
			],
			clock,
		);
		expect(history.guest).toMatchObject({ name: null, phone: null, email: null });
		const reversed = guestHistory(
			[
				at('sometime', 'booked', { customerName: 'Someone Else' }),
				at('2026-10-01T19:00:00', 'finished', { customerName: 'Anna Schmidt' }),
			],
			clock,
		);
		expect(reversed.guest.name).toBe('Anna Schmidt');
	});

	it("places a chain's bookings by instant, each in its own zone and country", () => {
		const newYork = { timeZone: 'America/New_York', country: 'US' };
		const history = guestHistory(
			[
				// 19:00 UTC.
				at('2026-11-01T20:00:00', 'finished', { phone: '0151 2345678' }),
				// 20:00 UTC: later, though its wall time is earlier; its phone read in the US.
				{ ...at('2026-11-01T15:00:00', 'finished', { phone: '(212) 555-0142' }), ...newYork },
				// 17:00 UTC on 22 November, after now (11:00 UTC) only as an instant in New York.
				{ ...at('2026-11-22T12:00:00', 'booked'), ...newYork },
			],
			clock,
		);
		expect(history).toMatchObject({
			visits: 2,
			upcoming: 1,
			firstVisit: '2026-11-01T20:00:00',
			lastVisit: '2026-11-01T15:00:00',
			nextBooking: '2026-11-22T12:00:00',
		});
		expect(
			guestHistory(
				[{ ...at('2026-11-01T15:00:00', 'finished', { phone: '(212) 555-0142' }), ...newYork }],
				clock,
			).guest.identity,
		).toEqual({ key: 'p+12125550142', by: 'phone', value: '+12125550142' });
	});

	it('without bookings: found false, zero counts, no times', () => {
		expect(guestHistory([], clock)).toEqual(NO_GUEST_FOUND);
	});

	it('rounds: party size to one decimal, money to the cent, rates to two decimals', () => {
		expect(averageOf([2, 3, 3])).toBe(2.7);
		expect(averageOf([])).toBeNull();
		expect(moneySum([0.1, 0.2, 19.99])).toBe(20.29);
		expect(rateOf(1, 3)).toBe(0.33);
		expect(rateOf(0, 0)).toBeNull();
	});
});
