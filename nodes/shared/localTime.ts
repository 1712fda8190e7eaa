/**
 * Conversions between instants and restaurant-local wall-clock times, using the platform's Intl
 * time-zone data (no runtime dependency). Reservation times are always restaurant-local (spec 2.1).
 */
import { formatLocal, parseLocal } from './dateWindows';

const OFFSET_SUFFIX = /(Z|[+-]\d{2}:?\d{2})$/i;
const formatters = new Map<string, Intl.DateTimeFormat>();

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

/** True when the zone name is one the platform knows, e.g. "Europe/Berlin". */
export function isValidTimeZone(timeZone: string): boolean {
	try {
		formatterFor(timeZone);
		return true;
	} catch {
		return false;
	}
}

/** Wall-clock time in `timeZone` at `instant`, as naive milliseconds (see dateWindows). */
export function naiveLocalMs(instant: Date, timeZone: string): number {
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
	// The offsets in force half a day before and after cover any single change around this time.
	const candidates = [
		offsetAt(naive - 43_200_000, timeZone),
		offsetAt(naive + 43_200_000, timeZone),
	].map((offset) => naive - offset);
	const valid = candidates.filter((instant) => naiveLocalMs(new Date(instant), timeZone) === naive);
	return new Date(valid.length > 0 ? Math.min(...valid) : candidates[0]);
}
