/**
 * The published booking rules (nodes/shared/bookingRules.ts) at their edges, on rules written here
 * with literal expectations: each limit met exactly and passed by one, intervals past midnight,
 * closing periods at their first and last moment, time spans in every form, the slot lists and the
 * nearest times. Tuesday 1 December 2026, 08:00 at the restaurant.
 */
import {
	bookableTimes,
	bookingRulesOf,
	checkBooking,
	holdsATable,
	checkSlotCapacity,
	nearestBookableTimes,
	type BookingContext,
	type BookingRules,
	type ExistingBooking,
} from '../../nodes/shared/bookingRules';

const LUNCH = { name: 'Lunch', open: '12:00:00', close: '15:00:00' };
const LATE = { name: 'Late', open: '22:00:00', close: '02:00:00' };

/** Open every day but Monday (weekDay 1): lunch, and a late service that runs past midnight. */
const rules: BookingRules = {
	isEnabled: true,
	reservationHours: [0, 2, 3, 4, 5, 6].map((weekDay) => ({ weekDay, time: [LUNCH, LATE] })),
	reservationHoursStep: 30,
	bookingCutOffTime: '01:00:00',
	minPartySize: 2,
	maxPartySize: 8,
	minGuestsPerReservation: 1,
	maxGuestsPerReservation: 10,
	bookingMinimumNoticeMinutes: 120,
	maxAdvanceBookingDays: 10,
	maxBookingsPerSlot: 2,
	defaultMaxCoversPerSlot: 10,
	approvalRequired: true,
	approvalSize: 6,
	specialPeriods: [
		{ name: 'Works', starts: '2026-12-08T00:00:00', ends: '2026-12-09T00:00:00', closed: true },
		{ name: 'Open day', starts: '2026-12-09T00:00:00', ends: '2026-12-10T00:00:00', closed: false },
		{ name: null, starts: '2026-12-10T12:00:00', ends: '2026-12-10T12:30:00', closed: true },
		{ name: 'Unreadable', starts: 'soon', ends: 'later', closed: true },
		{ name: 'Last year', starts: '2025-12-02T00:00:00', ends: '2025-12-03T00:00:00', closed: true },
	],
};

const now: BookingContext = { now: '2026-12-01T08:00:00', bookings: [] };
const verdict = (
	time: string,
	partySize = 2,
	changed: Partial<BookingRules> = {},
	context: BookingContext = now,
) => checkBooking({ ...rules, ...changed }, { time, partySize }, context);
const ruleOf = (time: string, partySize = 2, changed: Partial<BookingRules> = {}) =>
	verdict(time, partySize, changed).rule;

describe('the booking rules at their edges', () => {
	it('takes parties from the larger minimum to the smaller maximum, and says the range', () => {
		expect(verdict('2026-12-01T12:00')).toEqual({
			bookable: true,
			rule: null,
			reason: null,
			approvalNeeded: false,
		});
		expect(verdict('2026-12-01T12:00', 1)).toMatchObject({
			rule: 'party_too_small',
			reason: 'A party of 1 cannot be booked: the restaurant takes 2 to 8 guests per booking.',
		});
		expect(verdict('2026-12-01T12:00', 9)).toMatchObject({
			rule: 'party_too_large',
			reason: 'A party of 9 cannot be booked: the restaurant takes 2 to 8 guests per booking.',
		});
		expect(verdict('2026-12-01T12:00', 8)).toMatchObject({ bookable: true, approvalNeeded: true });
	});

	it('reads only finite numbers as limits', () => {
		const none = { minPartySize: null, maxPartySize: null };
		const noLimits = { ...none, minGuestsPerReservation: null, maxGuestsPerReservation: null };
		expect(verdict('2026-12-01T12:00', 0, noLimits).reason).toBe(
			'A party of 0 cannot be booked: the restaurant takes 1 to Infinity guests per booking.',
		);
		expect(ruleOf('2026-12-01T12:00', 1000, { ...noLimits, defaultMaxCoversPerSlot: null })).toBe(
			null,
		);
		const broken = { maxPartySize: Number.NaN, maxGuestsPerReservation: 4 };
		expect(verdict('2026-12-01T12:00', 5, broken).reason).toBe(
			'A party of 5 cannot be booked: the restaurant takes 2 to 4 guests per booking.',
		);
	});

	it('refuses the present minute, takes the first minute after the notice, and the last day ahead', () => {
		const atNoon = { now: '2026-12-01T12:00:00', bookings: [] };
		expect(
			verdict('2026-12-01T12:00', 2, { bookingMinimumNoticeMinutes: 0 }, atNoon),
		).toMatchObject({
			rule: 'in_the_past',
			reason: '2026-12-01 12:00 has already passed (it is now 2026-12-01 12:00 at the restaurant).',
		});
		expect(ruleOf('2026-12-01T12:00', 2, { bookingMinimumNoticeMinutes: 240 })).toBe(null);
		expect(verdict('2026-12-01T12:00', 2, { bookingMinimumNoticeMinutes: 241 }).reason).toBe(
			"Bookings need 241 minutes' notice: the earliest possible time is 2026-12-01 12:01.",
		);
		expect(ruleOf('2026-12-11T12:00')).toBe(null);
		expect(verdict('2026-12-12T12:00').reason).toBe(
			'Bookings open at most 10 days ahead: the last bookable day is 11 December 2026.',
		);
	});

	it('closes from the first moment of a closing period to just before its end', () => {
		expect(verdict('2026-12-08T12:00').reason).toBe(
			'The restaurant is closed on 8 December 2026 (Works).',
		);
		expect(verdict('2026-12-10T12:00').reason).toBe(
			'The restaurant is closed on 10 December 2026.',
		);
		expect(ruleOf('2026-12-10T12:30')).toBe(null);
		// A period that is not a closing, and one whose dates cannot be read, close nothing; nor
		// does last year's closing that does not repeat.
		expect(ruleOf('2026-12-09T12:00')).toBe(null);
		expect(ruleOf('2026-12-02T12:00')).toBe(null);
	});

	it('repeats a yearly closing over New Year from its first moment', () => {
		const newYear = {
			maxAdvanceBookingDays: null,
			specialPeriods: [
				{
					name: 'New Year',
					starts: '2025-12-31T12:00:00',
					ends: '2026-01-02T12:00:00',
					closed: true,
					repeat: true,
				},
			],
		};
		expect(verdict('2027-01-01T12:00', 2, newYear).reason).toBe(
			'The restaurant is closed on 1 January 2027 (New Year).',
		);
		expect(ruleOf('2026-12-31T12:00', 2, newYear)).toBe('closed_special_period');
		expect(ruleOf('2027-01-02T12:00', 2, newYear)).toBe(null);
	});

	it('reads intervals past midnight, each interval open to just before it closes', () => {
		expect(verdict('2026-12-07T12:00').reason).toBe(
			'12:00 is outside the booking hours. The restaurant takes no bookings on Mondays.',
		);
		expect(verdict('2026-12-01T15:00').reason).toBe(
			'15:00 is outside the booking hours. On Tuesdays bookings are taken 12:00-15:00 and 22:00-02:00.',
		);
		expect(ruleOf('2026-12-02T00:30')).toBe(null);
		expect(verdict('2026-12-02T01:30').reason).toBe('The last booking for Late starts at 01:00.');
		// Monday has no hours: nothing runs past midnight into Tuesday.
		expect(ruleOf('2026-12-08T00:30', 2, { specialPeriods: [] })).toBe('outside_reservation_hours');
		const allDay = {
			reservationHours: [{ weekDay: 2, time: [{ open: '00:00', close: '00:00' }] }],
		};
		expect(ruleOf('2026-12-01T13:00', 2, { ...allDay, bookingCutOffTime: null })).toBe(null);
		const unnamed = { reservationHours: [{ weekDay: 2, time: [{ ...LUNCH, name: null }] }] };
		expect(verdict('2026-12-01T14:30', 2, unnamed).reason).toBe(
			'The last booking starts at 14:00.',
		);
	});

	it('reads the last seating in every time-span form', () => {
		const lastSeating = (bookingCutOffTime: string | null, time = '2026-12-01T14:30') =>
			verdict(time, 2, { bookingCutOffTime }).reason;
		expect(lastSeating(null)).toBe(null);
		expect(lastSeating('')).toBe(null);
		expect(lastSeating('none')).toBe(null);
		expect(lastSeating('x01:00')).toBe(null);
		expect(lastSeating('01:30:00', '2026-12-01T14:00')).toBe(
			'The last booking for Lunch starts at 13:30.',
		);
		expect(lastSeating('1:30', '2026-12-01T14:00')).toBe(
			'The last booking for Lunch starts at 13:30.',
		);
		expect(lastSeating('10.00:00:00', '2026-12-01T12:00')).toBe(
			'The last booking for Lunch starts at 15:00.',
		);
	});

	it('takes bookings on the slot step only, or at any minute without one', () => {
		expect(verdict('2026-12-01T12:15').reason).toBe(
			'Bookings start every 30 minutes: 12:00 or 12:30, not 12:15.',
		);
		expect(ruleOf('2026-12-01T12:30')).toBe(null);
		expect(ruleOf('2026-12-01T12:07', 2, { reservationHoursStep: 0 })).toBe(null);
		expect(ruleOf('2026-12-01T12:07', 2, { reservationHoursStep: null })).toBe(null);
		// The step counts from the interval's opening, not from midnight.
		const offBeat = {
			reservationHours: [{ weekDay: 2, time: [{ ...LUNCH, open: '12:10:00' }] }],
		};
		expect(ruleOf('2026-12-01T12:40', 2, offBeat)).toBe(null);
		expect(verdict('2026-12-01T12:30', 2, offBeat).reason).toBe(
			'Bookings start every 30 minutes: 12:10 or 12:40, not 12:30.',
		);
	});

	it('counts the bookings and covers of the same slot only', () => {
		const taken = (bookings: ExistingBooking[]) => ({ ...now, bookings });
		const nine = [{ time: '2026-12-01T12:00:00', partySize: 9 }];
		expect(verdict('2026-12-01T12:00', 2, {}, taken(nine)).reason).toBe(
			'2026-12-01 12:00 has room for 1 more guest, not 2.',
		);
		expect(ruleOf('2026-12-01T12:30', 2)).toBe(null);
		const two = [
			{ time: '2026-12-01T12:00:00', partySize: 2 },
			{ time: '2026-12-01T12:00', partySize: 2 },
			{ time: '2026-12-01T12:30:00', partySize: 2 },
		];
		expect(verdict('2026-12-01T12:00', 2, {}, taken(two)).reason).toBe(
			'2026-12-01 12:00 is fully booked.',
		);
		expect(verdict('2026-12-01T12:30', 2, {}, taken(two)).bookable).toBe(true);
		expect(checkSlotCapacity(rules, { time: '2026-12-01T12:00', partySize: 2 }, two)).toEqual({
			bookable: false,
			rule: 'slot_fully_booked',
			reason: '2026-12-01 12:00 is fully booked.',
			approvalNeeded: false,
		});
		expect(checkSlotCapacity(rules, { time: '2026-12-01T12:30', partySize: 7 }, two)).toEqual({
			bookable: true,
			rule: null,
			reason: null,
			approvalNeeded: false,
		});
	});

	it('asks for approval only when the restaurant requires it, from its approval size', () => {
		expect(verdict('2026-12-01T12:00', 6).approvalNeeded).toBe(true);
		expect(verdict('2026-12-01T12:00', 5).approvalNeeded).toBe(false);
		expect(verdict('2026-12-01T12:00', 7, { approvalRequired: false }).approvalNeeded).toBe(false);
		expect(verdict('2026-12-01T12:00', 7, { approvalSize: null }).approvalNeeded).toBe(false);
	});

	it('reads a configuration without hours or periods as none, and stays open unless switched off', () => {
		expect(bookingRulesOf({}, {})).toEqual({
			isEnabled: true,
			reservationHours: [],
			specialPeriods: [],
		});
		expect(bookingRulesOf({ isEnabled: false }, {}).isEnabled).toBe(false);
		expect(bookingRulesOf({ isEnabled: true }, {}).isEnabled).toBe(true);
		expect(verdict('2026-12-01T12:00', 2, { isEnabled: false })).toEqual({
			bookable: false,
			rule: 'online_booking_disabled',
			reason: 'The restaurant does not take bookings online at the moment.',
			approvalNeeded: false,
		});
	});

	it('holds a table for every state role but cancelled and no-show (unknown ones included)', () => {
		const roles = [
			...(['awaitingApproval', 'booked', 'arrived', 'finished'] as const),
			...(['noShow', 'cancelled', 'unknown'] as const),
		];
		expect(roles.map(holdsATable)).toEqual([true, true, true, true, false, false, true]);
	});

	it('names a time, a now or a date it cannot read', () => {
		expect(() => verdict('soon')).toThrow('The time "soon" is not a date-time YYYY-MM-DDTHH:mm');
		expect(() => verdict('2026-12-01T12:00', 2, {}, { now: 'today', bookings: [] })).toThrow(
			'Now "today" is not a date-time YYYY-MM-DDTHH:mm',
		);
		expect(() => bookableTimes(rules, 'tuesday', 2, now)).toThrow(
			'The date "tuesdayT00:00:00" is not a date-time YYYY-MM-DDTHH:mm',
		);
		expect(() => nearestBookableTimes(rules, { time: 'soon', partySize: 2 }, now)).toThrow(
			'The time "soon" is not a date-time YYYY-MM-DDTHH:mm',
		);
		const noon = { time: '2026-12-01T12:00', partySize: 2 };
		expect(() => nearestBookableTimes(rules, noon, { now: 'today', bookings: [] })).toThrow(
			'Now "today" is not a date-time YYYY-MM-DDTHH:mm',
		);
		expect(() => checkSlotCapacity(rules, { time: 'noon', partySize: 2 }, [])).toThrow(
			'The time "noon" is not a date-time YYYY-MM-DDTHH:mm',
		);
	});
});

describe('the bookable times of a day and the nearest ones', () => {
	const lunchOnly = {
		...rules,
		reservationHours: [0, 2, 3, 4, 5, 6].map((weekDay) => ({ weekDay, time: [LUNCH] })),
		specialPeriods: [],
	};
	const late = { now: '2026-12-01T11:00:00', bookings: [] };

	it('lists the slots on the step up to the last seating, after the notice', () => {
		const withNotice = { ...lunchOnly, bookingMinimumNoticeMinutes: 90 };
		expect(bookableTimes(withNotice, '2026-12-01', 2, late)).toEqual([
			'2026-12-01T12:30:00',
			'2026-12-01T13:00:00',
			'2026-12-01T13:30:00',
			'2026-12-01T14:00:00',
		]);
		expect(
			bookableTimes({ ...withNotice, reservationHoursStep: null }, '2026-12-01', 2, late),
		).toEqual([
			'2026-12-01T12:30:00',
			'2026-12-01T12:45:00',
			'2026-12-01T13:00:00',
			'2026-12-01T13:15:00',
			'2026-12-01T13:30:00',
			'2026-12-01T13:45:00',
			'2026-12-01T14:00:00',
		]);
		expect(bookableTimes(lunchOnly, '2026-12-07', 2, late)).toEqual([]);
	});

	it('offers the nearest times, the earlier of two as near, none for a party no time can take', () => {
		const nearest = (time: string, count: number, partySize = 2, days?: number) =>
			nearestBookableTimes(lunchOnly, { time, partySize }, now, count, days);
		expect(nearest('2026-12-02T12:15', 2)).toEqual(['2026-12-02T12:00:00', '2026-12-02T12:30:00']);
		expect(nearest('2026-12-02T12:15', 1)).toEqual(['2026-12-02T12:00:00']);
		expect(nearest('2026-12-02T12:30', 1)).toEqual(['2026-12-02T12:00:00']);
		expect(nearest('2026-12-02T12:15', 1, 2)).toEqual(['2026-12-02T12:00:00']);
		expect(nearest('2026-12-02T12:15', 1, 8)).toEqual(['2026-12-02T12:00:00']);
		expect(nearest('2026-12-02T12:15', 3, 1)).toEqual([]);
		expect(nearest('2026-12-02T12:15', 3, 9)).toEqual([]);
		// A past time looks from now; one beyond the advance limit from the last bookable day.
		expect(nearest('2026-11-20T12:00', 1)).toEqual(['2026-12-01T12:00:00']);
		expect(nearest('2027-01-20T12:00', 1)).toEqual(['2026-12-11T14:00:00']);
		// Monday: one day either side, every slot of both.
		expect(nearest('2026-12-07T12:00', 20, 2, 1)).toHaveLength(10);
		expect(nearest('2026-12-07T12:00', 20, 2, 1)).toContain('2026-12-08T14:00:00');
	});
});
