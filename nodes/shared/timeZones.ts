/**
 * Reads a restaurant's `timeZone` in any form the platform (an ASP.NET service) may answer with,
 * into a zone localTime.ts computes with: an IANA name, or a fixed offset "+hh:mm" / "-hh:mm".
 */
import { naiveLocalMs } from './localTime';
import { WINDOWS_ZONE_CITIES, WINDOWS_ZONES } from './windowsZones';

/** The forms readTimeZone understands, for error messages. */
export const TIME_ZONE_FORMS =
	'an IANA name such as Europe/Berlin, a Windows zone name such as "W. Europe Standard Time", or an offset such as UTC+01:00';

/** Offsets beyond these are no zone's (UTC-12:00 to UTC+14:00 in use). */
const MAX_OFFSET_MINUTES = 14 * 60;
/** Results kept per input string; cleared when full (a restaurant list has few distinct zones). */
const MAX_CACHED = 1000;

const UTC_NAME = /^(?:UTC|GMT|UT|Z)$/i;
/** "+01:00", "-0330", "+5", "+5:30", "UTC-08:00", "GMT+1", "UTC +01" (hours alone take 1-2 digits). */
const OFFSET = /^(?:(?:UTC|GMT)\s*)?([+-])\s*(?:(\d{2}):?(\d{2})|(\d{1,2})(?::(\d{2}))?)$/i;
/** A Windows display name: "(UTC+01:00) Amsterdam, Berlin, ...", "(UTC) Coordinated Universal Time". */
const DISPLAY_NAME = /^\(\s*(?:UTC|GMT)\s*(?:([+-])\s*(\d{1,2}):?(\d{2}))?\s*\)\s*(.*)$/i;
/** "Pacific Time (US & Canada)" → "pacific standard time", a Windows zone's name. */
const REGION_TIME = /\s+time(?:\s*\(.*\))?$/;

const windowsZones = new Map(
	Object.entries(WINDOWS_ZONES).map(([name, iana]) => [name.toLowerCase(), iana]),
);
const windowsZoneCities = new Map(Object.entries(WINDOWS_ZONE_CITIES));
const cache = new Map<string, string | undefined>();

/**
 * The zone a restaurant's `timeZone` names, as localTime.ts computes with it, or undefined when the
 * value names none (empty, null, not a string, unknown text):
 * - an IANA name as is, validated with Intl; in the wrong case with Intl's spelling ("europe/berlin"
 *   → "Europe/Berlin"), with spaces for underscores fixed ("America/New York");
 * - a Windows zone name, case-insensitively, as its IANA zone ("W. Europe Standard Time" →
 *   "Europe/Berlin", CLDR's "001" mapping);
 * - a fixed offset ("UTC-08:00", "+01:00", "GMT+1", "-0330", "UTC+5:30") as "+hh:mm" / "-hh:mm"
 *   ("-08:00", "+01:00", "+01:00", "-03:30", "+05:30"), up to ±14:00, east of UTC positive as in
 *   ISO 8601 (not POSIX's reversed "Etc/GMT+1", an IANA name kept as is); "UTC", "GMT" or "Z" alone
 *   as "UTC". The Windows zones "UTC-08", "UTC+12", ... read as these offsets too;
 * - a Windows display name "(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna" as the
 *   IANA zone of the Windows zone its first known city or region names ("Europe/Berlin"), when that
 *   zone has the displayed offset in January or July; otherwise as the displayed offset ("+01:00").
 */
export function readTimeZone(value: unknown): string | undefined {
	if (typeof value !== 'string') return undefined;
	if (cache.has(value)) return cache.get(value);
	const zone = read(value.trim().replace(/\s+/g, ' '));
	if (cache.size >= MAX_CACHED) cache.clear();
	cache.set(value, zone);
	return zone;
}

function read(text: string): string | undefined {
	if (text === '') return undefined;
	if (UTC_NAME.test(text)) return 'UTC';
	const offset = OFFSET.exec(text);
	if (offset) {
		const [, sign, hh, mm, h, m] = offset;
		return canonicalOffset(sign, Number(hh ?? h), Number(mm ?? m ?? 0));
	}
	const windows = windowsZones.get(text.toLowerCase());
	if (windows !== undefined) return windows;
	const display = DISPLAY_NAME.exec(text);
	if (display) return readDisplayName(display);
	return ianaName(text) ?? (text.includes(' ') ? ianaName(text.replace(/ /g, '_')) : undefined);
}

/** "+hh:mm" / "-hh:mm" ("+00:00" for no offset), or undefined beyond any zone's offset. */
function canonicalOffset(sign: string, hours: number, minutes: number): string | undefined {
	if (minutes > 59 || hours * 60 + minutes > MAX_OFFSET_MINUTES) return undefined;
	const text = `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
	return `${sign === '-' && hours + minutes > 0 ? '-' : '+'}${text}`;
}

function readDisplayName(display: RegExpExecArray): string | undefined {
	const [, sign, hh, mm, description] = display;
	const fixed = sign === undefined ? 'UTC' : canonicalOffset(sign, Number(hh), Number(mm));
	if (fixed === undefined) return undefined;
	const offsetMinutes =
		sign === undefined ? 0 : (sign === '-' ? -1 : 1) * (Number(hh) * 60 + Number(mm));
	for (const piece of description.toLowerCase().split(',')) {
		const name = piece.trim();
		const windowsName =
			windowsZoneCities.get(name) ??
			(REGION_TIME.test(name) ? name.replace(REGION_TIME, ' standard time') : name);
		const iana = windowsZones.get(windowsName.toLowerCase());
		if (iana !== undefined && hasOffsetThisYear(iana, offsetMinutes)) return iana;
	}
	return fixed;
}

/** True when `timeZone` is `offsetMinutes` from UTC on 1 January or 1 July of this year. */
function hasOffsetThisYear(timeZone: string, offsetMinutes: number): boolean {
	const year = new Date().getUTCFullYear();
	return [Date.UTC(year, 0, 1), Date.UTC(year, 6, 1)].some(
		(instant) => naiveLocalMs(new Date(instant), timeZone) - instant === offsetMinutes * 60_000,
	);
}

/**
 * `text` as an IANA name, or undefined when Intl knows no such zone. A name written in mixed case is
 * kept as written ("Asia/Kolkata", though Intl calls it "Asia/Calcutta"); one in the wrong case gets
 * Intl's spelling: the same name in its own case ("europe/berlin" → "Europe/Berlin"), else, for an
 * alias in all lower or upper case, the canonical name ("ASIA/KOLKATA" → "Asia/Calcutta").
 */
function ianaName(text: string): string | undefined {
	let resolved: string;
	try {
		resolved = new Intl.DateTimeFormat('en-US', { timeZone: text }).resolvedOptions().timeZone;
	} catch {
		return undefined;
	}
	if (resolved.toLowerCase() === text.toLowerCase()) return resolved;
	return text === text.toLowerCase() || text === text.toUpperCase() ? resolved : text;
}
