/**
 * Time forms the readings write: a stored restaurant-local wall time ("2026-06-21T12:00:00") with
 * the restaurant's offset at that time, as a UTC instant, and a zone as its offset from UTC now.
 */
import { DateTime } from 'luxon';
import { instantOf } from '../clock';

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
	return DateTime.fromJSDate(instant, { zone: timeZone }).offset;
}

/**
 * The local time with the restaurant's offset at that time: "2026-06-21T12:00:00-07:00". A wall
 * time skipped by a spring change is written as the instant it stands for (02:30 as 03:30+02:00).
 */
export function localWithOffset(local: string, timeZone: string): string {
	return instantOf(local, timeZone).toFormat("yyyy-LL-dd'T'HH:mm:ssZZ");
}

/** The instant of the local time in UTC, seconds precision: "2026-06-21T19:00:00Z". */
export function localAsUtc(local: string, timeZone: string): string {
	return instantOf(local, timeZone).toUTC().toFormat("yyyy-LL-dd'T'HH:mm:ss'Z'");
}
