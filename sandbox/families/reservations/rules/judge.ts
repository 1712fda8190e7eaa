/**
 * The verdict of a restaurant's published rules on one booking made online (spec 2.8), in the
 * order a guest meets them: online booking on, party size, the clock (past, notice, advance
 * limit), closing periods, the reservation hours and their slots, then the slot's places.
 */
import type { DateTime } from 'luxon';
import { wallClock } from '../../../clock';
import {
	closingAt,
	intervalAt,
	intervalsOpeningOn,
	timeSpan,
	type ClosingPeriod,
} from './schedule';

/** What the rules read of reservationSettings and the settings' special periods. */
export interface PublishedRules {
	isEnabled?: unknown;
	minPartySize?: unknown;
	maxPartySize?: unknown;
	minGuestsPerReservation?: unknown;
	maxGuestsPerReservation?: unknown;
	bookingMinimumNoticeMinutes?: unknown;
	maxAdvanceBookingDays?: unknown;
	bookingCutOffTime?: unknown;
	reservationHours?: unknown;
	reservationHoursStep?: unknown;
	maxBookingsPerSlot?: unknown;
	defaultMaxCoversPerSlot?: unknown;
	specialPeriods?: unknown;
}

export interface Booking {
	time: string;
	partySize: number;
}

export interface Refusal {
	code: string;
	sentence: string;
}

interface Situation {
	/** The restaurant's wall clock now. */
	now: string;
	/** Bookings of the day that hold a place. */
	taken: Booking[];
}

/** A limit the restaurant set: a finite number; anything else is no limit. */
const limit = (value: unknown): number | undefined =>
	typeof value === 'number' && Number.isFinite(value) ? value : undefined;

const shown = (t: DateTime) => t.toFormat('yyyy-LL-dd HH:mm');
const clock = (t: DateTime) => t.toFormat('HH:mm');
const dateInWords = (t: DateTime) => t.setLocale('en').toFormat('d LLLL yyyy');
const weekdaysInWords = (t: DateTime) => `${t.setLocale('en').toFormat('cccc')}s`;

function requireTime(text: string): DateTime {
	const wall = wallClock(text);
	if (!wall) throw new RangeError(`"${text}" is not a local date-time`);
	return wall;
}

/** The refusal of the rules, or undefined when the booking may be made. */
export function judgeBooking(
	rules: PublishedRules,
	booking: Booking,
	situation: Situation,
): Refusal | undefined {
	const at = requireTime(booking.time);
	const now = requireTime(situation.now);
	if (rules.isEnabled === false)
		return {
			code: 'online_booking_disabled',
			sentence: 'The restaurant does not take bookings online at the moment.',
		};
	return (
		partyRefusal(rules, booking.partySize) ??
		clockRefusal(rules, at, now) ??
		closingRefusal(rules, at) ??
		hoursRefusal(rules, at) ??
		placesRefusal(rules, at, booking.partySize, situation.taken)
	);
}

/** The stricter of the party-size and guests-per-reservation limits. */
function partyRefusal(rules: PublishedRules, party: number): Refusal | undefined {
	const least = [rules.minPartySize, rules.minGuestsPerReservation].map(limit);
	const most = [rules.maxPartySize, rules.maxGuestsPerReservation].map(limit);
	const floors = least.filter((n) => n !== undefined);
	const ceilings = most.filter((n) => n !== undefined);
	const min = floors.length > 0 ? Math.max(...floors) : 1;
	const max = ceilings.length > 0 ? Math.min(...ceilings) : Infinity;
	const sentence = `A party of ${party} cannot be booked: the restaurant takes ${min} to ${max} guests per booking.`;
	if (party < min) return { code: 'party_too_small', sentence };
	if (party > max) return { code: 'party_too_large', sentence };
	return undefined;
}

function clockRefusal(rules: PublishedRules, at: DateTime, now: DateTime): Refusal | undefined {
	if (at <= now)
		return {
			code: 'in_the_past',
			sentence: `${shown(at)} has already passed (it is now ${shown(now)} at the restaurant).`,
		};
	const notice = limit(rules.bookingMinimumNoticeMinutes) ?? 0;
	const earliest = now.plus({ minutes: notice });
	if (at < earliest)
		return {
			code: 'too_short_notice',
			sentence: `Bookings need ${notice} minutes' notice: the earliest possible time is ${shown(earliest)}.`,
		};
	const ahead = limit(rules.maxAdvanceBookingDays);
	const lastDay = ahead === undefined ? undefined : now.startOf('day').plus({ days: ahead });
	if (lastDay && at.startOf('day') > lastDay)
		return {
			code: 'beyond_advance_limit',
			sentence: `Bookings open at most ${ahead} days ahead: the last bookable day is ${dateInWords(lastDay)}.`,
		};
	return undefined;
}

function closingRefusal(rules: PublishedRules, at: DateTime): Refusal | undefined {
	const periods = Array.isArray(rules.specialPeriods)
		? (rules.specialPeriods as ClosingPeriod[])
		: [];
	const closing = closingAt(periods, at);
	if (!closing) return undefined;
	const why = closing.name ? ` (${closing.name})` : '';
	return {
		code: 'closed_special_period',
		sentence: `The restaurant is closed on ${dateInWords(at)}${why}.`,
	};
}

/** Within an interval of the reservation hours, before its last seating, on a slot of its step. */
function hoursRefusal(rules: PublishedRules, at: DateTime): Refusal | undefined {
	const hours = Array.isArray(rules.reservationHours) ? rules.reservationHours : [];
	const interval = intervalAt(hours, at);
	if (!interval) {
		const ofDay = intervalsOpeningOn(hours, at);
		const taken = ofDay.map((i) => `${clock(i.opens)}-${clock(i.closes)}`).join(' and ');
		const days = weekdaysInWords(at);
		const sentence = ofDay.length
			? `On ${days} bookings are taken ${taken}.`
			: `The restaurant takes no bookings on ${days}.`;
		return {
			code: 'outside_reservation_hours',
			sentence: `${clock(at)} is outside the booking hours. ${sentence}`,
		};
	}
	const lastSeating = interval.closes.minus(timeSpan(rules.bookingCutOffTime as string));
	if (at > lastSeating) {
		const of = interval.name ? ` for ${interval.name}` : '';
		return {
			code: 'after_cut_off',
			sentence: `The last booking${of} starts at ${clock(lastSeating)}.`,
		};
	}
	const step = limit(rules.reservationHoursStep) ?? 0;
	const offSlot = step > 0 ? at.diff(interval.opens, 'minutes').minutes % step : 0;
	if (offSlot === 0) return undefined;
	const before = at.minus({ minutes: offSlot });
	return {
		code: 'not_on_slot',
		sentence: `Bookings start every ${step} minutes: ${clock(before)} or ${clock(before.plus({ minutes: step }))}, not ${clock(at)}.`,
	};
}

/** The slot's bookings and covers, with this booking's party. */
function placesRefusal(
	rules: PublishedRules,
	at: DateTime,
	party: number,
	taken: Booking[],
): Refusal | undefined {
	const inSlot = taken.filter((b) => wallClock(b.time)?.toMillis() === at.toMillis());
	const bookings = limit(rules.maxBookingsPerSlot);
	if (bookings !== undefined && inSlot.length >= bookings)
		return { code: 'slot_fully_booked', sentence: `${shown(at)} is fully booked.` };
	const covers = limit(rules.defaultMaxCoversPerSlot);
	const seated = inSlot.reduce((sum, b) => sum + b.partySize, 0);
	if (covers === undefined || seated + party <= covers) return undefined;
	const room = Math.max(0, covers - seated);
	return {
		code: 'slot_covers_full',
		sentence: `${shown(at)} has room for ${room} more guest${room === 1 ? '' : 's'}, not ${party}.`,
	};
}
