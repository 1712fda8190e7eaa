/**
 * Conversions between instants and restaurant-local wall-clock times, using the platform's Intl
 * time-zone data (no runtime dependency). Reservation times are always restaurant-local (spec 2.1).
 *
 * A zone is an IANA name or a fixed offset "+hh:mm" (readTimeZone's form of "UTC+05:30"), read by
 * plain arithmetic, without daylight saving.
 */
import { formatLocal, formatLocalDate, parseLocal } from './dateWindows';

const OFFSET_SUFFIX = /(Z|[+-]\d{2}:?\d{2})$/i;
const FIXED_OFFSET = /^([+-])(\d{2}):(\d{2})$/;
const formatters = new Map<string, Intl.DateTimeFormat>();
const fixedOffsets = new Map<string, number>();
const PLUS = 43;
const MINUS = 45;

/** The offset in ms of "+hh:mm" / "-hh:mm" (hh <= 23, mm <= 59), cached; undefined for any other name. */
function fixedOffsetMs(timeZone: string): number | undefined {
	if (!isSigned(timeZone)) return undefined;
	let offset = fixedOffsets.get(timeZone);
	if (offset === undefined) {
		const m = FIXED_OFFSET.exec(timeZone);
		if (!m || Number(m[2]) > 23 || Number(m[3]) > 59) return undefined;
		offset =
			(timeZone.charCodeAt(0) === MINUS ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000;
		fixedOffsets.set(timeZone, offset);
	}
	return offset;
}

/** Starts with "+" or "-": a fixed offset or no zone. */
function isSigned(timeZone: string): boolean {
	const first = timeZone.charCodeAt(0);
	return first === PLUS || first === MINUS;
}

function formatterFor(timeZone: string): Intl.DateTimeFormat {
	let formatter = formatters.get(timeZone);
	if (!formatter) {
		formatter = new Intl.DateTimeFormat('en-US', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
		});
		formatters.set(timeZone, formatter);
	}
	return formatter;
}

/** A zone Intl knows, or "+hh:mm"; no other signed name on any Node (Node 24's Intl takes "+05"). */
export function isValidTimeZone(timeZone: string): boolean {
	if (isSigned(timeZone)) return fixedOffsetMs(timeZone) !== undefined;
	try {
		formatterFor(timeZone);
		return true;
	} catch {
		return false;
	}
}

/** Wall-clock time in `timeZone` at `instant`, as naive milliseconds (see dateWindows). */
export function naiveLocalMs(instant: Date, timeZone: string): number {
	// The hot path: one look at the first character for an IANA name.
	if (isSigned(timeZone)) {
		const offset = fixedOffsetMs(timeZone);
		if (offset === undefined) throw new RangeError(`Invalid time zone specified: ${timeZone}`);
		const ms = instant.getTime();
		if (Number.isNaN(ms)) throw new RangeError('Invalid time value');
		// Whole seconds, as the Intl formatter below gives them.
		return Math.floor((ms + offset) / 1000) * 1000;
	}
	const parts: Record<string, number> = {};
	for (const part of formatterFor(timeZone).formatToParts(instant)) {
		if (part.type !== 'literal') parts[part.type] = Number(part.value);
	}
	return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** Wall-clock time in `timeZone` at `instant`, as "YYYY-MM-DDTHH:mm:ss". */
export function toLocalDateTime(instant: Date, timeZone: string): string {
	return formatLocal(naiveLocalMs(instant, timeZone));
}

/** The calendar date in `timeZone` at `instant`, as "YYYY-MM-DD". */
export function toLocalDate(instant: Date, timeZone: string): string {
	return formatLocalDate(naiveLocalMs(instant, timeZone));
}

/** True when the text carries an explicit offset or "Z". */
export function hasOffset(value: string): boolean {
	return OFFSET_SUFFIX.test(value.trim());
}

/**
 * Normalises a user's date-time to restaurant-local "YYYY-MM-DDTHH:mm:ss": a value with an offset
 * or "Z" names an instant and is converted into the restaurant's zone; a value without one is
 * already local and only reformatted. Returns undefined for text that is not a date-time.
 */
export function toRestaurantLocal(value: string, timeZone: string): string | undefined {
	const text = value.trim();
	if (hasOffset(text)) {
		const instant = new Date(text);
		return Number.isNaN(instant.getTime()) ? undefined : toLocalDateTime(instant, timeZone);
	}
	const naive = parseLocal(text);
	return naive === undefined ? undefined : formatLocal(naive);
}

/** Offset of `timeZone` from UTC at `instantMs`, in milliseconds. */
function offsetAt(instantMs: number, timeZone: string): number {
	return naiveLocalMs(new Date(instantMs), timeZone) - instantMs;
}

/**
 * The instant at which the wall clock in `timeZone` shows `local`. A wall time repeated by an
 * autumn change maps to its first occurrence; one skipped by a spring change is moved forward by
 * the length of the jump (02:30 becomes 03:30), as most calendars do.
 */
export function localToInstant(local: string, timeZone: string): Date {
	const naive = parseLocal(local);
	if (naive === undefined) throw new RangeError(`"${local}" is not a local date-time`);
	const fixed = fixedOffsetMs(timeZone);
	if (fixed !== undefined) return new Date(naive - fixed);
	// The offsets in force half a day before and after cover any single change around this time.
	const candidates = [
		offsetAt(naive - 43_200_000, timeZone),
		offsetAt(naive + 43_200_000, timeZone),
	].map((offset) => naive - offset);
	const valid = candidates.filter((instant) => naiveLocalMs(new Date(instant), timeZone) === naive);
	return new Date(valid.length > 0 ? Math.min(...valid) : candidates[0]);
}
