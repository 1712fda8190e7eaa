/**
 * Conversions between instants and restaurant-local wall-clock times, using the platform's Intl
 * time-zone data (no runtime dependency). Reservation times are always restaurant-local (spec 2.1).
 *
 * A zone is an IANA name ("Europe/Berlin") or a fixed offset from UTC written "+hh:mm" or "-hh:mm"
 * (as timeZones.ts's readTimeZone gives it for "UTC+05:30" and the like), which Node 20's Intl does
 * not know: those are plain arithmetic, without daylight saving.
 */
import { formatLocal, formatLocalDate, parseLocal } from './dateWindows';

const OFFSET_SUFFIX = /(Z|[+-]\d{2}:?\d{2})$/i;
const FIXED_OFFSET = /^([+-])(\d{2}):(\d{2})$/;
const formatters = new Map<string, Intl.DateTimeFormat>();
const fixedOffsets = new Map<string, number>();
const PLUS = 43;
const MINUS = 45;

/**
 * The offset from UTC in milliseconds of a fixed-offset zone "+hh:mm" / "-hh:mm" (hh up to 23, mm up
 * to 59), parsed once per name; undefined for any other name, after a look at its first character.
 */
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

/** A name that starts with "+" or "-": a fixed offset or nothing (one look at its first character). */
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

/**
 * True when the zone is one the platform knows, e.g. "Europe/Berlin", or a fixed offset "+05:30".
 * Any other name that starts with a sign is refused on every Node: Node 24's Intl takes "+0530"
 * and "+05" as zones, Node 20's does not.
 */
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
	// The hot path: an IANA name costs one look at its first character more than before.
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
