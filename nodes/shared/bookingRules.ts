/**
 * The booking rules a restaurant publishes (spec 2.7 special periods, 2.8 reservationSettings, 8)
 * and their verdict on a requested booking: bookable or not, the rule broken as a `code` and a
 * sentence a guest can be read, whether approval will be needed, and the bookable times of a day.
 * One home in the package; the sandbox has rules of its own (sandbox/families/reservations/rules/).
 *
 * Every time is the restaurant's wall clock, `YYYY-MM-DDTHH:mm[:ss]` without offset; "now" is
 * given the same way, so the rules never meet a time zone.
 */
import { addLocalYears, formatLocal, parseLocal } from './dateWindows';
import type { StateRole } from './reading/states';

export interface HoursInterval {
	name?: string | null;
	open: string;
	close: string;
}

export interface SpecialPeriod {
	name?: string | null;
	starts: string;
	ends: string;
	closed?: boolean | null;
	repeat?: boolean | null;
}

/** What the rules read; a missing or null limit means no limit. */
export interface BookingRules {
	isEnabled: boolean;
	maxAdvanceBookingDays?: number | null;
	bookingMinimumNoticeMinutes?: number | null;
	/** Last seating: bookings start at least this long (a time span, HH:mm:ss) before an interval closes. */
	bookingCutOffTime?: string | null;
	minPartySize?: number | null;
	maxPartySize?: number | null;
	minGuestsPerReservation?: number | null;
	maxGuestsPerReservation?: number | null;
	maxBookingsPerSlot?: number | null;
	defaultMaxCoversPerSlot?: number | null;
	reservationHours: Array<{ weekDay: number; time: HoursInterval[] }>;
	reservationHoursStep?: number | null;
	approvalRequired?: boolean | null;
	approvalSize?: number | null;
	specialPeriods: SpecialPeriod[];
}

/** The rules from the configuration's reservationSettings and the settings' special periods. */
export function bookingRulesOf(
	reservationSettings: Record<string, unknown>,
	settings: { specialPeriods?: unknown },
): BookingRules {
	return {
		...(reservationSettings as Partial<BookingRules>),
		isEnabled: reservationSettings.isEnabled !== false,
		reservationHours:
			(reservationSettings.reservationHours as BookingRules['reservationHours']) ?? [],
		specialPeriods: (settings.specialPeriods as SpecialPeriod[] | undefined) ?? [],
	};
}

export const RULE_CODES = [
	'online_booking_disabled',
	'party_too_small',
	'party_too_large',
	'in_the_past',
	'too_short_notice',
	'beyond_advance_limit',
	'closed_special_period',
	'outside_reservation_hours',
	'after_cut_off',
	'not_on_slot',
	'slot_fully_booked',
	'slot_covers_full',
] as const;
export type RuleCode = (typeof RULE_CODES)[number];

/** Rules that no other time can satisfy: no nearest bookable times are offered for them. */
export const PARTY_SIZE_RULES: ReadonlySet<RuleCode> = new Set([
	'party_too_small',
	'party_too_large',
]);

/** Roles of a booking's state that no longer hold a table: left out when slots are counted. */
const RELEASED_ROLES: ReadonlySet<StateRole> = new Set<StateRole>(['cancelled', 'noShow']);

/**
 * Whether a booking whose state has this role (./reading) still takes its place in its slot. A
 * state of unknown meaning holds it: the rules never overbook on a guess.
 */
export const holdsATable = (role: StateRole): boolean => !RELEASED_ROLES.has(role);

/** Days either side of a refused time that the nearest bookable times are looked for in. */
export const NEAREST_SEARCH_DAYS = 7;

/** A booking already made: its time and party size (current, not cancelled). */
export interface ExistingBooking {
	time: string;
	partySize: number;
}

export interface BookingRequest {
	time: string;
	partySize: number;
}

export interface BookingContext {
	/** The restaurant's wall clock now. */
	now: string;
	/** Current bookings of the restaurant around that time (the one being changed left out). */
	bookings: ExistingBooking[];
}

export interface Verdict {
	bookable: boolean;
	rule: RuleCode | null;
	/** Why not, in a sentence that can be read to a guest; null when bookable. */
	reason: string | null;
	/** Bookable, but the restaurant approves it first (it starts as pending). */
	approvalNeeded: boolean;
}

const MINUTE = 60_000;
const DAY = 86_400_000;
const WEEKDAYS = [
	'Sundays',
	'Mondays',
	'Tuesdays',
	'Wednesdays',
	'Thursdays',
	'Fridays',
	'Saturdays',
];
const MONTHS = [
	'January',
	'February',
	'March',
	'April',
	'May',
	'June',
	'July',
	'August',
	'September',
	'October',
	'November',
	'December',
];

const show = (ms: number) => formatLocal(ms).slice(0, 16).replace('T', ' ');
const clock = (ms: number) => formatLocal(ms).slice(11, 16);
const dayOf = (ms: number) => Math.floor(ms / DAY) * DAY;
const dayName = (ms: number) => {
	const d = new Date(ms);
	return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
};

/** Minutes of a time of day or span `HH:mm[:ss]` (also `d.HH:mm:ss`). */
function spanMinutes(span: string | null | undefined): number {
	if (!span) return 0;
	const match = /^(?:(\d+)\.)?(\d{1,2}):(\d{2})(?::(\d{2}))?/.exec(span);
	if (!match) return 0;
	return Number(match[1] ?? 0) * 1440 + Number(match[2]) * 60 + Number(match[3]);
}

function requireLocal(value: string, what: string): number {
	const ms = parseLocal(value);
	if (ms === undefined) throw new Error(`${what} "${value}" is not a date-time YYYY-MM-DDTHH:mm`);
	return ms;
}

/** The party-size limits: the stricter of party size and guests per reservation. */
export function partyLimits(rules: BookingRules): { min: number; max: number } {
	const mins = [rules.minPartySize, rules.minGuestsPerReservation].filter(isNumber);
	const maxes = [rules.maxPartySize, rules.maxGuestsPerReservation].filter(isNumber);
	return {
		min: mins.length ? Math.max(...mins) : 1,
		max: maxes.length ? Math.min(...maxes) : Number.POSITIVE_INFINITY,
	};
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The reservation-hours intervals of a day, as local milliseconds (close after midnight wraps). */
function intervalsOf(
	rules: BookingRules,
	day: number,
): Array<{ open: number; close: number; name: string }> {
	const weekDay = new Date(day).getUTCDay();
	const hours = rules.reservationHours.find((h) => h.weekDay === weekDay)?.time ?? [];
	return hours.map((h) => {
		const open = day + spanMinutes(h.open) * MINUTE;
		let close = day + spanMinutes(h.close) * MINUTE;
		if (close <= open) close += DAY;
		return { open, close, name: h.name ?? '' };
	});
}

function closedPeriodAt(rules: BookingRules, at: number): SpecialPeriod | undefined {
	const year = new Date(at).getUTCFullYear();
	return rules.specialPeriods.find((p) => {
		if (!p.closed) return false;
		const starts = parseLocal(p.starts);
		const ends = parseLocal(p.ends);
		if (starts === undefined || ends === undefined) return false;
		if (!p.repeat) return at >= starts && at < ends;
		// Yearly: the same calendar dates this year and last (a period over New Year).
		return [year, year - 1].some((y) => {
			const years = y - new Date(starts).getUTCFullYear();
			const from = parseLocal(addLocalYears(p.starts, years))!;
			return at >= from && at < parseLocal(addLocalYears(p.ends, years))!;
		});
	});
}

function hoursSentence(rules: BookingRules, day: number): string {
	const intervals = intervalsOf(rules, day);
	const weekDay = WEEKDAYS[new Date(day).getUTCDay()];
	if (intervals.length === 0) return `The restaurant takes no bookings on ${weekDay}.`;
	const list = intervals.map((i) => `${clock(i.open)}-${clock(i.close)}`).join(' and ');
	return `On ${weekDay} bookings are taken ${list}.`;
}

function refuse(rule: RuleCode, reason: string): Verdict {
	return { bookable: false, rule, reason, approvalNeeded: false };
}

/** The verdict of the published rules on one booking. */
export function checkBooking(
	rules: BookingRules,
	request: BookingRequest,
	context: BookingContext,
): Verdict {
	const at = requireLocal(request.time, 'The time');
	const now = requireLocal(context.now, 'Now');
	const party = request.partySize;
	if (!rules.isEnabled)
		return refuse(
			'online_booking_disabled',
			'The restaurant does not take bookings online at the moment.',
		);
	const limits = partyLimits(rules);
	const range = `${limits.min} to ${limits.max} guests per booking`;
	if (party < limits.min)
		return refuse(
			'party_too_small',
			`A party of ${party} cannot be booked: the restaurant takes ${range}.`,
		);
	if (party > limits.max)
		return refuse(
			'party_too_large',
			`A party of ${party} cannot be booked: the restaurant takes ${range}.`,
		);
	if (at <= now)
		return refuse(
			'in_the_past',
			`${show(at)} has already passed (it is now ${show(now)} at the restaurant).`,
		);
	const notice = rules.bookingMinimumNoticeMinutes ?? 0;
	if (at < now + notice * MINUTE)
		return refuse(
			'too_short_notice',
			`Bookings need ${notice} minutes' notice: the earliest possible time is ${show(now + notice * MINUTE)}.`,
		);
	if (
		isNumber(rules.maxAdvanceBookingDays) &&
		dayOf(at) > dayOf(now) + rules.maxAdvanceBookingDays * DAY
	)
		return refuse(
			'beyond_advance_limit',
			`Bookings open at most ${rules.maxAdvanceBookingDays} days ahead: the last bookable day is ${dayName(dayOf(now) + rules.maxAdvanceBookingDays * DAY)}.`,
		);
	const closed = closedPeriodAt(rules, at);
	if (closed)
		return refuse(
			'closed_special_period',
			`The restaurant is closed on ${dayName(dayOf(at))}${closed.name ? ` (${closed.name})` : ''}.`,
		);
	const slotVerdict = checkSlot(rules, at);
	if (slotVerdict) return slotVerdict;
	const capacity = checkCapacity(rules, at, party, context.bookings);
	if (capacity) return capacity;
	return { bookable: true, rule: null, reason: null, approvalNeeded: needsApproval(rules, party) };
}

/** Whether a booking of this party size starts as pending, for the restaurant to approve. */
export function needsApproval(rules: BookingRules, partySize: number): boolean {
	return (
		rules.approvalRequired === true &&
		isNumber(rules.approvalSize) &&
		partySize >= rules.approvalSize
	);
}

/** Within the reservation hours, before the last seating, on the slot step. */
function checkSlot(rules: BookingRules, at: number): Verdict | undefined {
	const day = dayOf(at);
	// An interval of the day before may run past midnight.
	const intervals = [...intervalsOf(rules, day - DAY), ...intervalsOf(rules, day)];
	const interval = intervals.find((i) => at >= i.open && at < i.close);
	if (!interval)
		return refuse(
			'outside_reservation_hours',
			`${clock(at)} is outside the booking hours. ${hoursSentence(rules, day)}`,
		);
	const lastSeating = interval.close - spanMinutes(rules.bookingCutOffTime) * MINUTE;
	if (at > lastSeating)
		return refuse(
			'after_cut_off',
			`The last booking${interval.name ? ` for ${interval.name}` : ''} starts at ${clock(lastSeating)}.`,
		);
	const step = rules.reservationHoursStep ?? 0;
	if (step > 0 && ((at - interval.open) / MINUTE) % step !== 0) {
		const before = at - (((at - interval.open) / MINUTE) % step) * MINUTE;
		return refuse(
			'not_on_slot',
			`Bookings start every ${step} minutes: ${clock(before)} or ${clock(before + step * MINUTE)}, not ${clock(at)}.`,
		);
	}
	return undefined;
}

/**
 * The slot limits alone (bookings and covers per slot) for a booking, against `bookings`: after
 * writing, Check Booking Rules First judges its own booking against those that came before it.
 */
export function checkSlotCapacity(
	rules: BookingRules,
	request: BookingRequest,
	bookings: ExistingBooking[],
): Verdict {
	const refused = checkCapacity(
		rules,
		requireLocal(request.time, 'The time'),
		request.partySize,
		bookings,
	);
	return refused ?? { bookable: true, rule: null, reason: null, approvalNeeded: false };
}

function checkCapacity(
	rules: BookingRules,
	at: number,
	party: number,
	bookings: ExistingBooking[],
): Verdict | undefined {
	const inSlot = bookings.filter((b) => parseLocal(b.time) === at);
	if (isNumber(rules.maxBookingsPerSlot) && inSlot.length >= rules.maxBookingsPerSlot)
		return refuse('slot_fully_booked', `${show(at)} is fully booked.`);
	const covers = inSlot.reduce((sum, b) => sum + b.partySize, 0);
	if (isNumber(rules.defaultMaxCoversPerSlot) && covers + party > rules.defaultMaxCoversPerSlot) {
		const left = Math.max(0, rules.defaultMaxCoversPerSlot - covers);
		return refuse(
			'slot_covers_full',
			`${show(at)} has room for ${left} more guest${left === 1 ? '' : 's'}, not ${party}.`,
		);
	}
	return undefined;
}

/** The slot start times of a day's reservation hours (before each interval's last seating). */
function slotsOf(rules: BookingRules, day: number): number[] {
	const step = Math.max(rules.reservationHoursStep ?? 15, 1) * MINUTE;
	const cutOff = spanMinutes(rules.bookingCutOffTime) * MINUTE;
	const slots: number[] = [];
	for (const interval of intervalsOf(rules, day))
		for (let t = interval.open; t < interval.close && t <= interval.close - cutOff; t += step)
			slots.push(t);
	return slots;
}

/** The bookable times of one day (`YYYY-MM-DD`) for a party, as `YYYY-MM-DDTHH:mm:ss`. */
export function bookableTimes(
	rules: BookingRules,
	date: string,
	partySize: number,
	context: BookingContext,
): string[] {
	const day = requireLocal(`${date}T00:00:00`, 'The date');
	return slotsOf(rules, day)
		.map(formatLocal)
		.filter((time) => checkBooking(rules, { time, partySize }, context).bookable);
}

/**
 * Up to `count` bookable times nearest to `time`, searching `days` days either side of it, or of
 * the nearest day that can be booked at all (a past time looks from now, one beyond the advance
 * limit from the last bookable day).
 */
export function nearestBookableTimes(
	rules: BookingRules,
	request: BookingRequest,
	context: BookingContext,
	count = 3,
	days = NEAREST_SEARCH_DAYS,
): string[] {
	const at = requireLocal(request.time, 'The time');
	const now = requireLocal(context.now, 'Now');
	const limits = partyLimits(rules);
	if (request.partySize < limits.min || request.partySize > limits.max) return [];
	const lastDay = isNumber(rules.maxAdvanceBookingDays)
		? dayOf(now) + rules.maxAdvanceBookingDays * DAY
		: Number.POSITIVE_INFINITY;
	const centre = Math.min(Math.max(dayOf(at), dayOf(now)), lastDay);
	const candidates: number[] = [];
	for (let d = -days; d <= days; d++) candidates.push(...slotsOf(rules, centre + d * DAY));
	return candidates
		.filter((t) => t !== at)
		.sort((a, b) => Math.abs(a - at) - Math.abs(b - at) || a - b)
		.map(formatLocal)
		.filter((time) => checkBooking(rules, { time, partySize: request.partySize }, context).bookable)
		.slice(0, count)
		.sort();
}
