/**
 * Time forms the readings write: a stored restaurant-local wall time ("2026-06-21T12:00:00") with
 * the restaurant's offset at that time, as a UTC instant, and a zone as its offset from UTC now.
 */
import { localToInstant, naiveLocalMs, toLocalDateTime } from '../../nodes/shared/localTime';

/** "+02:00", "-07:00", "+05:45", "+00:00" for an offset in minutes. */
export function offsetText(minutes: number): string {
	const sign = minutes < 0 ? '-' : '+';
	const abs = Math.abs(minutes);
	const hh = String(Math.floor(abs / 60)).padStart(2, '0');
	const mm = String(abs % 60).padStart(2, '0');
	return `${sign}${hh}:${mm}`;
}

/** The zone's offset from UTC at `instant`, in minutes. */
export function offsetMinutes(instant: Date, timeZone: string): number {
	return Math.round((naiveLocalMs(instant, timeZone) - instant.getTime()) / 60_000);
}

/**
 * The local time with the restaurant's offset at that time: "2026-06-21T12:00:00-07:00". A wall
 * time skipped by a spring change is written as the instant it stands for (02:30 as 03:30+02:00).
 */
export function localWithOffset(local: string, timeZone: string): string {
	const instant = localToInstant(local, timeZone);
	return `${toLocalDateTime(instant, timeZone)}${offsetText(offsetMinutes(instant, timeZone))}`;
}

/** The instant of the local time in UTC, seconds precision: "2026-06-21T19:00:00Z". */
export function localAsUtc(local: string, timeZone: string): string {
	return `${localToInstant(local, timeZone).toISOString().slice(0, 19)}Z`;
}
