/**
 * The moments of a booking (Reminder Due, Not Arrived, Visit Ended): each fires once, at the first
 * poll at or after it falls due, for the booking as it is at that poll.
 *
 * Why no per-booking bookkeeping is stored: a poll covers the moments in (previous poll, this poll],
 * both ends the server's clock at a poll's first answer, and n8n stores the trigger's state with
 * what it emits (committed with the execution under durable poll cursors). So the polls' intervals
 * follow one another without gap or overlap, and each moment of a booking's current time lies in
 * exactly one of them. Two cases fall before the interval and are fired at once: a booking made or
 * moved to a time whose reminder is already past (booked at 18:00 for 19:30 with a 2-hour reminder),
 * as long as its visit has not begun. A moment whose interval was missed (n8n down, the workflow
 * inactive) lies in the next poll's longer interval: it fires late, with `lateByMinutes`.
 *
 * A booking moved after its reminder fired is reminded again for its new time, marked
 * `rescheduled` with the time it was reminded for: the one thing kept per booking, and only for a
 * booking moved after a reminder until its next one (`remindedBefore`).
 *
 * Nothing is fired early (a moment after this poll's clock waits), nor for a booking whose state is
 * not one the moment is for at this poll (a cancelled booking is never reminded). The first poll is
 * a silent baseline: moments before it are not fired.
 */
import type { IDataObject } from 'n8n-workflow';
import { addLocalDays, formatLocalDate, parseLocal } from '../../../shared/dateWindows';
import { localToInstant, toLocalDateTime } from '../../../shared/localTime';
import { instantOf, localTimeOf, stateOf, stateRoleOf } from '../../../shared/reading/record';
import type { StateVocabulary } from '../../../shared/reading/vocabulary';
import { stateMatcher } from '../../../shared/reading/vocabulary';
import type { TriggerItem } from '../../types';
import type { MomentSettings } from './momentSettings';

export const MOMENT_EVENTS = {
	reminderDue: 'reminderDue',
	notArrived: 'notArrived',
	visitEnded: 'visitEnded',
} as const;

/** A booking at this poll, and its time at the previous poll (undefined: new to the trigger). */
export interface BookingAtPoll {
	reservation: IDataObject;
	previousTime: string | undefined;
}

/** A booking as the moments read it: whether it is new to the trigger or moved since the previous poll. */
interface ReadBooking extends BookingAtPoll {
	newOrMoved: boolean;
}

/** Which states each moment is for, by role (../../../shared/reading/vocabulary). */
interface StateTests {
	reminders: (state: unknown) => boolean;
	notArrived: (state: unknown) => boolean;
	visitEnded: (state: unknown) => boolean;
}

/** The interval a poll covers, epoch ms: (from, to]. */
export interface PollInterval {
	from: number;
	to: number;
}

interface Due {
	event: string;
	/** Epoch ms. */
	at: number;
	details: IDataObject;
}

const MINUTE = 60_000;

export interface Moments {
	items: TriggerItem[];
	/** By reservation ID, the time a moved booking was last reminded for, until its next reminder. */
	remindedBefore: Record<string, string>;
}

/** The moment items of one restaurant's bookings for this poll. */
export function momentItems(
	bookings: BookingAtPoll[],
	interval: PollInterval,
	restaurant: { id: number | string; timeZone: string },
	settings: MomentSettings,
	chosen: ReadonlySet<string>,
	remindedBefore: Readonly<Record<string, string>>,
	vocabulary: StateVocabulary,
): Moments {
	const moments: Moments = { items: [], remindedBefore: {} };
	const { timeZone } = restaurant;
	const near = nearInterval(interval, settings, timeZone);
	const nearDays = { from: formatLocalDate(near.from), to: formatLocalDate(near.to) };
	// A time with an offset may fall on another date than the restaurant's: a day more either side.
	const nearDaysOfInstants = {
		from: formatLocalDate(near.from - DAY),
		to: formatLocalDate(near.to + DAY),
	};
	const tests = stateTests(settings, vocabulary);
	const carried = new Map(Object.entries(remindedBefore));
	const reminding = chosen.has(MOMENT_EVENTS.reminderDue);
	for (const booking of bookings) {
		const time = booking.reservation.reservationTime;
		if (typeof time !== 'string') continue;
		// Most bookings are days from any moment and have not moved: told by their date alone.
		if (
			isFar(time, time.length === 19 ? nearDays : nearDaysOfInstants) &&
			(booking.previousTime === undefined || booking.previousTime === time) &&
			(carried.size === 0 || !carried.has(String(booking.reservation.id)))
		)
			continue;
		const localTime = localTimeOf(time, timeZone);
		if (localTime === undefined) continue;
		const local = parseLocal(localTime)!;
		const read: ReadBooking = {
			...booking,
			newOrMoved: !sameTime(booking.previousTime, time, timeZone),
		};
		const id = String(booking.reservation.id);
		const movedFrom = reminding
			? (remindedTimeBefore(read, interval, settings, timeZone) ?? carried.get(id))
			: undefined;
		const dues: Array<Due | undefined> = [];
		// Near by date: told by the wall-clock time, time zone math only for those near it.
		if (local >= near.from && local <= near.to) {
			const visit = instantOf(time, timeZone)!;
			if (reminding) dues.push(reminderDue(read, visit, interval, settings, tests, movedFrom));
			if (chosen.has(MOMENT_EVENTS.notArrived))
				dues.push(notArrived(read, visit, interval, settings, tests));
			if (chosen.has(MOMENT_EVENTS.visitEnded))
				dues.push(visitEnded(read, visit, interval, settings, tests, timeZone));
		}
		const reminded = dues.some((due) => due?.event === MOMENT_EVENTS.reminderDue);
		if (!reminded && movedFrom !== undefined) moments.remindedBefore[id] = movedFrom;
		for (const due of dues)
			if (due) moments.items.push(momentItem(due, booking, interval, restaurant, vocabulary));
	}
	return moments;
}

/**
 * Whether a wall-clock time ("YYYY-MM-DD..." as every time parseLocal reads) falls on a day before
 * or after the near days: then it is outside the near interval too, whatever its hour.
 */
const isFar = (time: string, days: { from: string; to: string }) => {
	const day = time.slice(0, 10);
	return day < days.from || day > days.to;
};

const DAY = 1440 * MINUTE;

/** Whether the previous time names the same visit as the current one, in whatever form each came. */
function sameTime(previous: string | undefined, current: string, timeZone: string): boolean {
	if (previous === undefined) return false;
	return previous === current || localTimeOf(previous, timeZone) === localTimeOf(current, timeZone);
}

function stateTests(settings: MomentSettings, vocabulary: StateVocabulary): StateTests {
	return {
		reminders: stateMatcher([...settings.reminders.states], vocabulary),
		notArrived: stateMatcher([...settings.notArrived.states], vocabulary),
		visitEnded: stateMatcher([...settings.visitEnded.states], vocabulary),
	};
}

/**
 * The restaurant wall-clock times (naive local epoch ms) of visits that can have a moment in this
 * poll's interval: from the longest follow-up before it to the largest reminder after it, with a
 * day to spare either side for the time zone's offset.
 */
function nearInterval(
	interval: PollInterval,
	settings: MomentSettings,
	timeZone: string,
): { from: number; to: number } {
	const before = Math.max(0, ...settings.reminders.offsets.map((o) => o.minutes)) * MINUTE;
	const { after, defaultLengthMinutes } = settings.visitEnded;
	const longestAfter =
		Math.max(
			settings.notArrived.graceMinutes,
			defaultLengthMinutes + ('minutes' in after ? after.minutes : 2 * 1440),
		) * MINUTE;
	const localMs = (instant: number) => parseLocal(toLocalDateTime(new Date(instant), timeZone))!;
	return {
		from: localMs(interval.from) - longestAfter - DAY,
		to: localMs(interval.to) + before + DAY,
	};
}

/** The previous time of a booking moved since the previous poll, when a reminder for it had fallen due. */
function remindedTimeBefore(
	booking: ReadBooking,
	interval: PollInterval,
	{ reminders }: MomentSettings,
	timeZone: string,
): string | undefined {
	const { previousTime } = booking;
	if (previousTime === undefined || !booking.newOrMoved) return undefined;
	const before = instantOf(previousTime, timeZone);
	if (before === undefined) return undefined;
	const largest = Math.max(...reminders.offsets.map((offset) => offset.minutes));
	return before - largest * MINUTE <= interval.from ? previousTime : undefined;
}

const inInterval = (at: number, { from, to }: PollInterval) => at > from && at <= to;
const stateIn = (booking: BookingAtPoll, test: (state: unknown) => boolean) =>
	test(stateOf(booking.reservation));

/**
 * The reminder this poll fires, if any: of the offsets due now, the one nearest the visit (a
 * booking made at 18:00 for 19:30 gets its 2-hour reminder, not the 24-hour one as well).
 */
function reminderDue(
	booking: ReadBooking,
	visit: number,
	interval: PollInterval,
	{ reminders }: MomentSettings,
	tests: StateTests,
	movedFrom: string | undefined,
): Due | undefined {
	if (!stateIn(booking, tests.reminders)) return undefined;
	const begun = visit <= interval.to;
	if (begun && !reminders.keepLate) return undefined;
	const { newOrMoved } = booking;
	const due = [...reminders.offsets]
		.sort((a, b) => a.minutes - b.minutes)
		.map((offset) => ({ offset, at: visit - offset.minutes * MINUTE }))
		.find(
			({ at }) =>
				inInterval(at, interval) ||
				// Made or moved inside the offset: reminded at once, unless the visit has begun.
				(newOrMoved && !begun && at <= interval.from),
		);
	if (!due) return undefined;
	const details: IDataObject = {
		offset: { minutes: due.offset.minutes, label: due.offset.label },
		rescheduled: movedFrom !== undefined,
	};
	if (movedFrom !== undefined) details.previousReservationTime = movedFrom;
	return { event: MOMENT_EVENTS.reminderDue, at: due.at, details };
}

function notArrived(
	booking: ReadBooking,
	visit: number,
	interval: PollInterval,
	{ notArrived: settings }: MomentSettings,
	tests: StateTests,
): Due | undefined {
	const at = visit + settings.graceMinutes * MINUTE;
	if (!stateIn(booking, tests.notArrived) || !inInterval(at, interval)) return undefined;
	return { event: MOMENT_EVENTS.notArrived, at, details: { graceMinutes: settings.graceMinutes } };
}

function visitEnded(
	booking: ReadBooking,
	visit: number,
	interval: PollInterval,
	{ visitEnded: settings }: MomentSettings,
	tests: StateTests,
	timeZone: string,
): Due | undefined {
	if (!stateIn(booking, tests.visitEnded)) return undefined;
	const turnOver = Number(booking.reservation.estimatedTurnOverTime);
	const lengthMinutes = turnOver > 0 ? turnOver : settings.defaultLengthMinutes;
	const end = visit + lengthMinutes * MINUTE;
	const at =
		'minutes' in settings.after
			? end + settings.after.minutes * MINUTE
			: nextDayAt(end, settings.after.nextDayAt, timeZone);
	if (!inInterval(at, interval)) return undefined;
	return { event: MOMENT_EVENTS.visitEnded, at, details: { visitLengthMinutes: lengthMinutes } };
}

/** The instant of `HH:mm` restaurant time on the day after the one `instant` falls on there. */
function nextDayAt(instant: number, timeOfDay: string, timeZone: string): number {
	const day = addLocalDays(toLocalDateTime(new Date(instant), timeZone), 1).slice(0, 10);
	return localToInstant(`${day}T${timeOfDay}:00`, timeZone).getTime();
}

function momentItem(
	due: Due,
	booking: BookingAtPoll,
	interval: PollInterval,
	restaurant: { id: number | string; timeZone: string },
	vocabulary: StateVocabulary,
): TriggerItem {
	return {
		event: due.event,
		restaurantId: restaurant.id,
		reservationId: String(booking.reservation.id),
		stateRole: stateRoleOf(booking.reservation, vocabulary),
		reservation: booking.reservation,
		dueAt: toLocalDateTime(new Date(due.at), restaurant.timeZone),
		timeZone: restaurant.timeZone,
		lateByMinutes: Math.max(0, Math.floor((interval.to - due.at) / MINUTE)),
		...due.details,
	};
}
