/**
 * Restaurant-local date-times and the 60-day window rule (spec 4.1, 5.3, 8).
 *
 * Reservation times are wall-clock times of the restaurant ("2026-11-22T19:30:00", no offset).
 * Arithmetic on them is done on the wall clock itself: a window of 60 days is 60 calendar days in
 * the restaurant, whatever daylight-saving change falls inside it. Internally a wall-clock time is
 * held as the number of milliseconds it would be if it were UTC ("naive milliseconds").
 */

/** Longest reservation-list range an App-scope token may ask for (spec 8). */
export const MAX_RANGE_DAYS = 60;

/** Windows of one period fetched at the same time: fast, yet gentle with the API. */
export const WINDOW_CONCURRENCY = 4;

export const DAY_MS = 86_400_000;
const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

export interface LocalWindow {
	/** Inclusive start, restaurant-local. */
	from: string;
	/** Exclusive end, restaurant-local. */
	to: string;
}

/** Parses "YYYY-MM-DD" or "YYYY-MM-DDTHH:mm[:ss[.fff]]" (no offset) into naive milliseconds. */
export function parseLocal(value: string): number | undefined {
	const m = LOCAL_PATTERN.exec(value.trim());
	if (!m) return undefined;
	const [y, mo, d, h, mi, s] = m.slice(1).map((part) => (part === undefined ? 0 : Number(part)));
	const ms = Date.UTC(y, mo - 1, d, h, mi, s);
	const check = new Date(ms);
	// Reject impossible dates such as 2026-02-30 that Date.UTC would roll over.
	if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) {
		return undefined;
	}
	return ms;
}

/** Formats naive milliseconds as "YYYY-MM-DDTHH:mm:ss". */
export function formatLocal(naiveMs: number): string {
	return new Date(naiveMs).toISOString().slice(0, 19);
}

/** The calendar date part ("YYYY-MM-DD") of naive milliseconds. */
export function formatLocalDate(naiveMs: number): string {
	return new Date(naiveMs).toISOString().slice(0, 10);
}

/** Adds whole calendar days to a local date-time string. */
export function addLocalDays(local: string, days: number): string {
	return formatLocal(requireLocal(local) + days * DAY_MS);
}

/** Adds whole calendar years to a local date-time string (29 February becomes 28 February in other years). */
export function addLocalYears(local: string, years: number): string {
	const date = new Date(requireLocal(local));
	const month = date.getUTCMonth();
	date.setUTCFullYear(date.getUTCFullYear() + years);
	// 29 February rolled over into March: the last day of February instead.
	if (date.getUTCMonth() !== month) date.setUTCDate(0);
	return formatLocal(date.getTime());
}

/** True when the half-open range [from, to) is longer than `maxDays` calendar days. */
export function rangeExceedsDays(from: string, to: string, maxDays = MAX_RANGE_DAYS): boolean {
	return requireLocal(to) - requireLocal(from) > maxDays * DAY_MS;
}

/** True when the inclusive business-date range [from, to] spans more than `maxDays` dates. */
export function dateRangeExceedsDays(from: string, to: string, maxDays = MAX_RANGE_DAYS): boolean {
	return requireLocal(to) - requireLocal(from) + DAY_MS > maxDays * DAY_MS;
}

/**
 * Splits [from, to) into consecutive half-open windows of at most `maxDays` days each: no gap, no
 * overlap, the last one possibly shorter. An empty or inverted range gives no window.
 */
export function splitIntoWindows(
	from: string,
	to: string,
	maxDays = MAX_RANGE_DAYS,
): LocalWindow[] {
	const end = requireLocal(to);
	const step = maxDays * DAY_MS;
	const windows: LocalWindow[] = [];
	for (let start = requireLocal(from); start < end; start += step) {
		windows.push({ from: formatLocal(start), to: formatLocal(Math.min(start + step, end)) });
	}
	return windows;
}

function requireLocal(value: string): number {
	const ms = parseLocal(value);
	if (ms === undefined)
		throw new RangeError(`"${value}" is not a local date-time (YYYY-MM-DDTHH:mm:ss)`);
	return ms;
}
