/**
 * A restaurant's time zone, read from its profile in any common form (../timeZones: IANA, Windows
 * zone names as .NET services answer them, fixed offsets), else the credential's Restaurant Time
 * Zone. Never n8n's own zone: a booking read in the wrong zone fires its reminder hours off.
 */
import { readTimeZone, TIME_ZONE_FORMS } from '../timeZones';

const isFixedOffset = (zone: string) => zone.startsWith('+') || zone.startsWith('-');

export type ZoneReading = { timeZone: string } | { problem: string; fix: string };

/**
 * The zone of a restaurant whose profile says `value`; `setting`: the credential's Restaurant Time
 * Zone, used when the API's cannot be read or is a fixed offset.
 */
export function restaurantZone(
	restaurant: { id?: unknown; name?: unknown },
	value: unknown,
	setting: string,
): ZoneReading {
	const given = readTimeZone(value);
	const set = setting ? readTimeZone(setting) : undefined;
	// A fixed offset knows no clock change: a zone the user named reads the bookings across one.
	if (given && !(isFixedOffset(given) && set)) return { timeZone: given };
	if (set) return { timeZone: set };
	const name =
		typeof restaurant.name === 'string' && restaurant.name ? ` (${restaurant.name})` : '';
	const said =
		value === undefined || value === null || value === ''
			? 'no time zone'
			: `the time zone "${String(value)}"`;
	if (setting)
		return {
			problem: `Restaurant Time Zone "${setting}" in the credential is not a time zone`,
			fix: `Give ${TIME_ZONE_FORMS}.`,
		};
	return {
		problem: `Restaurant ${String(restaurant.id)}${name}: the API gives ${said}, which the node cannot read`,
		fix: `Set Restaurant Time Zone in the Restaurant Reservations credential to the restaurant's zone: ${TIME_ZONE_FORMS}. Booking times are read in it.`,
	};
}
