/**
 * The watched period of a restaurant: [hour - look-back, hour + look-ahead) in its wall-clock time,
 * where hour is the start of the current hour. Whole hours keep the period, and so the stored state,
 * the same from poll to poll within an hour: a poll that finds nothing new then leaves the state as it
 * was, and n8n's durable poll cursors write nothing for it (they commit a state only when it differs).
 */
import type { LocalWindow } from '../../../shared/dateWindows';
import { addLocalDays, parseLocal, splitIntoWindows } from '../../../shared/dateWindows';
import { toLocalDateTime } from '../../../shared/localTime';
import { localTimeOf } from '../../../shared/reading/record';

export interface Horizon extends LocalWindow {
	/** The horizon split into <= 60-day windows, one request each. */
	windows: LocalWindow[];
}

/** [hour - back, hour + ahead) in the restaurant's wall-clock time, split into <= 60-day windows. */
export function horizonAt(
	instant: Date,
	timeZone: string,
	lookBackDays: number,
	lookAheadDays: number,
): Horizon {
	const hour = startOfHour(toLocalDateTime(instant, timeZone));
	const from = addLocalDays(hour, -lookBackDays);
	const to = addLocalDays(hour, lookAheadDays);
	return { from, to, windows: splitIntoWindows(from, to) };
}

/** `YYYY-MM-DDTHH:00:00` of a local `YYYY-MM-DDTHH:mm:ss`. */
function startOfHour(local: string): string {
	return `${local.slice(0, 13)}:00:00`;
}

/**
 * True when a reservation time lies in the restaurant-local [from, to): read as the restaurant's
 * wall clock (../../../shared/reading/record); an unreadable time counts as inside.
 */
export function inRange(time: unknown, timeZone: string, from: string, to: string): boolean {
	const local = localTimeOf(time, timeZone);
	const t = local === undefined ? undefined : parseLocal(local);
	return t === undefined || (t >= parseLocal(from)! && t < parseLocal(to)!);
}
