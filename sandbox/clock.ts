/**
 * The sandbox's own reading of restaurant-local time (spec 2.1: reservation times are the
 * restaurant's wall clock), written with Luxon: the package's nodes convert with their own Intl
 * arithmetic, and the tests compare the two. A wall-clock time is a Luxon DateTime in UTC standing
 * for the restaurant's clock ("naive"); an instant is a DateTime in the restaurant's zone.
 *
 * Choices (docs/sandbox.md): a restaurant's zone is an IANA name; a wall time repeated by an
 * autumn change is its first occurrence, one skipped by a spring change is moved forward by the
 * jump (02:30 is 03:30).
 */
import { DateTime, IANAZone } from 'luxon';

const WALL = 'utc';
const LOCAL_FORMAT = "yyyy-LL-dd'T'HH:mm:ss";
/** A date, optionally a time, optionally an offset: the forms the API takes. */
const DATE_TIME =
	/^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/**
 * An IANA zone name the runtime knows. Offsets such as "+05:30" are not names: Node 24's Intl
 * takes them, Node 20's does not, and the sandbox answers the same on both.
 */
export function isZoneName(zone: string): boolean {
	return IANA_NAME.test(zone) && IANAZone.isValidZone(zone);
}

/** A wall-clock text "YYYY-MM-DD[THH:mm[:ss]]" (no offset) as a naive DateTime; else undefined. */
export function wallClock(text: string): DateTime | undefined {
	const value = text.trim();
	const match = DATE_TIME.exec(value);
	if (!match || match[1] !== undefined) return undefined;
	const parsed = DateTime.fromISO(value.replace(' ', 'T'), { zone: WALL });
	// Luxon reads 24:00 as the next midnight; the API does not.
	return parsed.isValid && parsed.hour === Number(value.slice(11, 13) || 0) ? parsed : undefined;
}

/** A naive DateTime as the API writes it: "YYYY-MM-DDTHH:mm:ss". */
export function formatWall(wall: DateTime): string {
	return wall.toFormat(LOCAL_FORMAT);
}

/** The restaurant's wall clock now. */
export function wallNow(zone: string): DateTime {
	return DateTime.now().setZone(zone).setZone(WALL, { keepLocalTime: true });
}

/** The restaurant's wall clock now, "YYYY-MM-DDTHH:mm:ss". */
export function localNow(zone: string): string {
	return formatWall(wallNow(zone));
}

/**
 * A date-time given to the API, as the restaurant's wall time "YYYY-MM-DDTHH:mm:ss": with an
 * offset or Z it names an instant, seen on the restaurant's clock; without one it is that clock
 * already. Undefined for text that is not a date-time.
 */
export function toWallTime(text: string, zone: string): string | undefined {
	const value = text.trim();
	const match = DATE_TIME.exec(value);
	if (!match) return undefined;
	if (match[1] === undefined) {
		const wall = wallClock(value);
		return wall && formatWall(wall);
	}
	const instant = DateTime.fromISO(value.replace(' ', 'T'), { zone });
	return instant.isValid ? instant.toFormat(LOCAL_FORMAT) : undefined;
}

/** The instant the restaurant's clock shows `local` (see the choices above). */
export function instantOf(local: string, zone: string): DateTime {
	const wall = wallClock(local);
	if (!wall) throw new RangeError(`"${local}" is not a local date-time`);
	const candidate = DateTime.fromObject(wall.toObject(), { zone });
	const [first] = candidate.getPossibleOffsets().sort((a, b) => a.toMillis() - b.toMillis());
	return first ?? candidate;
}

/** Whole calendar days added to a wall time. */
export function plusDays(local: string, days: number): string {
	return formatWall(requireWall(local).plus({ days }));
}

/** Whole hours added to a wall time (on the wall clock, whatever the zone does). */
export function plusHours(local: string, hours: number): string {
	return formatWall(requireWall(local).plus({ hours }));
}

/** Days from one wall time to another, fractional. */
export function daysBetween(from: string, to: string): number {
	return requireWall(to).diff(requireWall(from), 'days').days;
}

function requireWall(local: string): DateTime {
	const wall = wallClock(local);
	if (!wall) throw new RangeError(`"${local}" is not a local date-time`);
	return wall;
}
