/**
 * The published booking rules (nodes/shared/bookingRules.ts), each broken once with its sentence,
 * on the rules the sandbox seeds: Tuesday to Sunday 12:00-15:00 and 18:00-23:00 every 15 minutes,
 * last seating 2 hours before closing, 60 minutes' notice, 90 days ahead, 1 to 12 guests, 6
 * bookings and 30 covers per slot, approval from 8 guests, closed 24-26 December every year.
 */
import {
	bookableTimes,
	bookingRulesOf,
	checkBooking,
	nearestBookableTimes,
	type BookingContext,
} from '../../nodes/shared/bookingRules';
import { configFor, RESTAURANT_SEEDS, settingsFor } from '../../sandbox/seed/restaurants';

// The rules of the first seeded restaurant, as the sandbox serves them (the winter holidays of 2025, repeated yearly).
const seed = RESTAURANT_SEEDS[0];
const settings = settingsFor(seed, 2025) as { specialPeriods: unknown };
const rules = bookingRulesOf(
	(configFor(seed, settings) as { reservationSettings: Record<string, unknown> })
		.reservationSettings,
	settings,
);

// Monday 23 November 2026, 10:00 at the restaurant.
const context: BookingContext = { now: '2026-11-23T10:00:00', bookings: [] };
const check = (time: string, partySize = 2, ctx = context) =>
	checkBooking(rules, { time, partySize }, ctx);

describe('checkBooking', () => {
	it('keeps a yearly closing on its calendar dates across a leap day: 24-26 December 2028', () => {
		const inDecember2028 = { now: '2028-11-23T10:00:00', bookings: [] };
		const on = (day: number) => check(`2028-12-${day}T19:30`, 2, inDecember2028);
		expect([23, 24, 25, 26, 27].map((day) => on(day).rule)).toEqual([
			null,
			'closed_special_period',
			'closed_special_period',
			'closed_special_period',
			null,
		]);
		expect(on(26).reason).toBe('The restaurant is closed on 26 December 2028 (Winter holidays).');
	});

	it('accepts a slot inside the hours, and says when approval is needed', () => {
		expect(check('2026-11-24T19:30')).toEqual({
			bookable: true,
			rule: null,
			reason: null,
			approvalNeeded: false,
		});
		expect(check('2026-11-24T19:30', 8).approvalNeeded).toBe(true);
	});

	it.each([
		[
			'2026-11-24T19:30',
			0,
			'party_too_small',
			'A party of 0 cannot be booked: the restaurant takes 1 to 12 guests per booking.',
		],
		[
			'2026-11-24T19:30',
			40,
			'party_too_large',
			'A party of 40 cannot be booked: the restaurant takes 1 to 12 guests per booking.',
		],
		[
			'2026-11-22T19:30',
			2,
			'in_the_past',
			'2026-11-22 19:30 has already passed (it is now 2026-11-23 10:00 at the restaurant).',
		],
		[
			'2026-11-23T10:45',
			2,
			'too_short_notice',
			"Bookings need 60 minutes' notice: the earliest possible time is 2026-11-23 11:00.",
		],
		[
			'2027-02-22T19:30',
			2,
			'beyond_advance_limit',
			'Bookings open at most 90 days ahead: the last bookable day is 21 February 2027.',
		],
		[
			'2026-12-25T19:30',
			2,
			'closed_special_period',
			'The restaurant is closed on 25 December 2026 (Winter holidays).',
		],
		[
			'2026-11-30T19:30',
			2,
			'outside_reservation_hours',
			'19:30 is outside the booking hours. The restaurant takes no bookings on Mondays.',
		],
		[
			'2026-11-24T16:00',
			2,
			'outside_reservation_hours',
			'16:00 is outside the booking hours. On Tuesdays bookings are taken 12:00-15:00 and 18:00-23:00.',
		],
		['2026-11-24T21:15', 2, 'after_cut_off', 'The last booking for Dinner starts at 21:00.'],
		[
			'2026-11-24T19:37',
			2,
			'not_on_slot',
			'Bookings start every 15 minutes: 19:30 or 19:45, not 19:37.',
		],
	])('%s for %i guests: %s', (time, party, rule, reason) => {
		expect(check(time, party)).toEqual({ bookable: false, rule, reason, approvalNeeded: false });
	});

	it('counts the current bookings of the slot: number of bookings, then covers', () => {
		const six = Array.from({ length: 6 }, () => ({ time: '2026-11-24T19:30:00', partySize: 2 }));
		expect(check('2026-11-24T19:30', 2, { ...context, bookings: six })).toMatchObject({
			rule: 'slot_fully_booked',
			reason: '2026-11-24 19:30 is fully booked.',
		});
		const big = [
			{ time: '2026-11-24T19:30:00', partySize: 12 },
			{ time: '2026-11-24T19:30:00', partySize: 12 },
			{ time: '2026-11-24T19:45:00', partySize: 12 },
		];
		expect(check('2026-11-24T19:30', 8, { ...context, bookings: big })).toMatchObject({
			rule: 'slot_covers_full',
			reason: '2026-11-24 19:30 has room for 6 more guests, not 8.',
		});
		expect(check('2026-11-24T19:30', 6, { ...context, bookings: big }).bookable).toBe(true);
	});

	it('refuses everything when online booking is off', () => {
		const off = { ...rules, isEnabled: false };
		expect(checkBooking(off, { time: '2026-11-24T19:30', partySize: 2 }, context)).toMatchObject({
			rule: 'online_booking_disabled',
		});
	});
});

describe('bookable times', () => {
	it('lists the slots of a day up to the last seating, none on a closed day', () => {
		const times = bookableTimes(rules, '2026-11-24', 2, context);
		expect(times[0]).toBe('2026-11-24T12:00:00');
		expect(times).toContain('2026-11-24T13:00:00');
		expect(times).not.toContain('2026-11-24T13:15:00');
		expect(times.at(-1)).toBe('2026-11-24T21:00:00');
		expect(times).toHaveLength(5 + 13);
		expect(bookableTimes(rules, '2026-11-30', 2, context)).toEqual([]);
	});

	it('offers the nearest bookable times around a refused one', () => {
		expect(
			nearestBookableTimes(rules, { time: '2026-11-24T19:37', partySize: 2 }, context),
		).toEqual(['2026-11-24T19:15:00', '2026-11-24T19:30:00', '2026-11-24T19:45:00']);
		// Monday is closed: the nearest are Sunday's last seatings (Tuesday 12:00 is further away).
		expect(
			nearestBookableTimes(rules, { time: '2026-11-30T12:00', partySize: 2 }, context, 2),
		).toEqual(['2026-11-29T20:45:00', '2026-11-29T21:00:00']);
	});
});
