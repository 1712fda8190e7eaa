/** The watched period of a restaurant: [now - look-back, now + look-ahead) in its wall-clock time. */
import type { LocalWindow } from '../shared/dateWindows';
import { addLocalDays, parseLocal, splitIntoWindows } from '../shared/dateWindows';
import { toLocalDateTime } from '../shared/localTime';

export interface Horizon extends LocalWindow {
	/** The horizon split into <= 60-day windows, one request each. */
	windows: LocalWindow[];
}

/** [now - back, now + ahead) in the restaurant's wall-clock time, split into <= 60-day windows. */
export function horizonAt(
	instant: Date,
	timeZone: string,
	lookBackDays: number,
	lookAheadDays: number,
): Horizon {
	const now = toLocalDateTime(instant, timeZone);
	const from = addLocalDays(now, -lookBackDays);
	const to = addLocalDays(now, lookAheadDays);
	return { from, to, windows: splitIntoWindows(from, to) };
}

/** True when a restaurant-local time lies in [from, to); an unreadable time counts as inside. */
export function inRange(time: unknown, from: string, to: string): boolean {
	const t = typeof time === 'string' ? parseLocal(time) : undefined;
	return t === undefined || (t >= parseLocal(from)! && t < parseLocal(to)!);
}
