/**
 * One home for reading a booking as the API answers it (records in, one canonical view out). The
 * spec's create contract names the state `state`; the platform's client models name it `status`.
 * The spec says times are the restaurant's wall clock; the platform's models type them as
 * date-times with an offset. Every rule of the nodes reads a booking through here: items keep the
 * API's own fields and values as they came, and what the nodes add goes beside them.
 */
import type { IDataObject } from 'n8n-workflow';
import { formatLocal, parseLocal } from '../dateWindows';
import { hasOffset, localToInstant, naiveLocalMs, toLocalDateTime } from '../localTime';
import type { StateRole } from './states';
import type { StateVocabulary } from './vocabulary';
import { NO_PLACEMENTS, roleOf } from './vocabulary';

/** The fields a booking may carry its state in, the spec's first. */
export const STATE_FIELDS = ['state', 'status'] as const;
export type StateField = (typeof STATE_FIELDS)[number];

/** The field that holds the record's state: `state` when it has one, else `status`. */
export function stateFieldOf(record: IDataObject): StateField | undefined {
	if (record.state !== undefined) return 'state';
	return record.status !== undefined ? 'status' : undefined;
}

/** The record's state as the API wrote it (null when it has none). */
export function stateOf(record: IDataObject): unknown {
	const field = stateFieldOf(record);
	return field === undefined ? null : (record[field] ?? null);
}

/** The record's state role, the user's placements first. */
export function stateRoleOf(
	record: IDataObject,
	vocabulary: StateVocabulary = NO_PLACEMENTS,
): StateRole {
	return roleOf(stateOf(record), vocabulary);
}

const localTimes = new Map<string, string | undefined>();
const LOCAL_TIMES_KEPT = 20_000;

/**
 * A date-time as the restaurant's wall clock, "YYYY-MM-DDTHH:mm:ss": one with an offset or `Z`
 * names an instant and is read in the restaurant's zone; one without already is local (spec 2.1).
 * Undefined for what is not a date-time. Offset times are cached: the same few thousand come back
 * in every poll.
 */
export function localTimeOf(value: unknown, timeZone: string): string | undefined {
	if (typeof value !== 'string') return undefined;
	if (!hasOffset(value)) {
		const naive = parseLocal(value);
		if (naive === undefined) return undefined;
		// The usual form needs no copy; a space before the time is written as "T".
		return value.length === 19 && value[10] === 'T' ? value : formatLocal(naive);
	}
	const key = `${timeZone} ${value}`;
	if (localTimes.has(key)) return localTimes.get(key);
	const instant = Date.parse(value);
	const local = Number.isNaN(instant) ? undefined : toLocalDateTime(new Date(instant), timeZone);
	if (localTimes.size >= LOCAL_TIMES_KEPT) localTimes.clear();
	localTimes.set(key, local);
	return local;
}

/** Instants of wall times by zone, as read: bookings fall on a few thousand slots. */
const instants = new Map<string, number | undefined>();

/**
 * The instant (epoch ms) a date-time names: its own offset, else the restaurant's wall clock.
 * Wall times are cached: a chain's guest history places each booking several times.
 */
export function instantOf(value: unknown, timeZone: string): number | undefined {
	if (typeof value !== 'string') return undefined;
	if (hasOffset(value)) {
		const instant = Date.parse(value);
		return Number.isNaN(instant) ? undefined : instant;
	}
	const key = `${timeZone} ${value}`;
	if (instants.has(key)) return instants.get(key);
	const instant =
		parseLocal(value) === undefined ? undefined : localToInstant(value, timeZone).getTime();
	if (instants.size >= LOCAL_TIMES_KEPT) instants.clear();
	instants.set(key, instant);
	return instant;
}

/**
 * An instant written as the API writes such times: the restaurant's wall clock with its offset then
 * ("2026-11-28T19:00:00+11:00"), or in UTC ("...Z") when `like` is in UTC.
 */
export function instantLike(instant: number, like: string, timeZone: string): string {
	if (/Z$/i.test(like)) return `${new Date(instant).toISOString().slice(0, 19)}Z`;
	const offsetMinutes = Math.round((naiveLocalMs(new Date(instant), timeZone) - instant) / 60_000);
	const sign = offsetMinutes < 0 ? '-' : '+';
	const abs = Math.abs(offsetMinutes);
	const hhmm = `${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
	return `${toLocalDateTime(new Date(instant), timeZone)}${sign}${hhmm}`;
}
