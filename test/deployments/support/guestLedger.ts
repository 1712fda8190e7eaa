/**
 * The guest events of the chaos scenario (issue 32): a second trigger in the same n8n, Watch:
 * Guests on the same restaurants, sees the same bookings the drivers make (./driver: guests who
 * book several times by name; ./momentDriver: guests whose visit ends as a no-show, bookings
 * cancelled around their moments). Judged from the bookings as the API has them at the end, read
 * with a plain client in the run's reading:
 * - every driver booking that stands at the end was reported exactly once, as New Guest or
 *   Returning Guest; one cancelled at the end at most once (it may have been seen standing);
 * - every guest with a booking standing at the end has exactly one New Guest;
 * - every booking that ended a no-show has exactly one Guest No-Show, and no other booking one;
 * - nothing about a booking the drivers did not make (the seed's guests only changed), but for one
 *   New or Returning Guest at the most for a seed booking that came to stand or into the period
 *   during the run (seedBookingsThatMayBringAGuest): a guest the trigger has not seen is then new
 *   (docs/trigger.md, Watching guests).
 */
import type { ApiCall } from '../../support/client';
import type { ReadingView } from '../../support/reading';
import { DateTime } from 'luxon';
import type { ExpectedChange, ReportedItem } from './ledger';

/** The names the drivers give their guests. */
const DRIVER_GUEST = /^(Chaos|Moment|Calm) Guest \d+$/;
const STANDING = new Set(['booked', 'arrived', 'finished', 'noShow']);
const GUEST_EVENTS = new Set(['newGuest', 'returningGuest', 'guestNoShow']);

interface DriverBooking {
	reservationId: string;
	guest: string;
	role: string;
}

export interface GuestLedgerResult {
	/** Occasions that had to be reported exactly once. */
	expected: number;
	reported: number;
	/** The reported items by event. */
	byEvent: Record<string, number>;
	lost: string[];
	duplicated: string[];
	wrong: string[];
}

/** The drivers' bookings as the API has them now, each with its guest (restaurant and name) and role. */
export async function driverBookings(
	api: ApiCall,
	view: ReadingView,
	restaurants: Array<{ id: number; from: string; to: string }>,
): Promise<DriverBooking[]> {
	const bookings: DriverBooking[] = [];
	for (const { id, from, to } of restaurants) {
		const { body } = await api('listReservations', {
			path: { restaurantId: id },
			query: { from, to, includeEvents: true },
		});
		for (const record of body as Array<Record<string, unknown>>) {
			const name = String(record.customerName ?? '');
			if (!DRIVER_GUEST.test(name)) continue;
			bookings.push({
				reservationId: String(record.id),
				guest: `${id} ${name}`,
				role: view.roleOf(record),
			});
		}
	}
	return bookings;
}

/**
 * `seedBookings`: the seed's bookings that may bring their guest one New or Returning Guest
 * (seedBookingsThatMayBringAGuest), each with what happened to it, for the report.
 */
export function compareGuests(
	bookings: DriverBooking[],
	items: ReportedItem[],
	seedBookings: ReadonlyMap<string, string> = new Map(),
): GuestLedgerResult {
	const guestItems = items.filter((item) => GUEST_EVENTS.has(item.event));
	const byBooking = new Map(bookings.map((b) => [b.reservationId, b]));
	const result: GuestLedgerResult = {
		expected: 0,
		reported: guestItems.length,
		byEvent: {},
		lost: [],
		duplicated: [],
		wrong: [],
	};
	const count = (event: string, reservationId: string) =>
		guestItems.filter((i) => i.event === event && i.reservationId === reservationId).length;
	for (const item of guestItems) {
		result.byEvent[item.event] = (result.byEvent[item.event] ?? 0) + 1;
		if (byBooking.has(item.reservationId)) continue;
		if (item.event !== 'guestNoShow' && seedBookings.has(item.reservationId)) continue;
		result.wrong.push(`${item.event} ${item.reservationId}: not a booking the drivers made`);
	}
	for (const [reservationId, what] of seedBookings) {
		const made = count('newGuest', reservationId) + count('returningGuest', reservationId);
		if (made > 1)
			result.duplicated.push(`new or returning guest ${made} times: ${reservationId} (${what})`);
	}

	for (const booking of bookings) {
		const made =
			count('newGuest', booking.reservationId) + count('returningGuest', booking.reservationId);
		const what = `${booking.guest} (${booking.reservationId}, ${booking.role} at the end)`;
		if (STANDING.has(booking.role)) {
			result.expected++;
			if (made === 0) result.lost.push(`new or returning guest: ${what}`);
		}
		if (made > 1) result.duplicated.push(`new or returning guest ${made} times: ${what}`);
		const noShows = count('guestNoShow', booking.reservationId);
		if (booking.role === 'noShow') {
			result.expected++;
			if (noShows === 0) result.lost.push(`no-show: ${what}`);
		}
		if (noShows > (booking.role === 'noShow' ? 1 : 0))
			result.wrong.push(`no-show ${noShows} times: ${what}`);
	}

	const guests = new Map<string, DriverBooking[]>();
	for (const booking of bookings)
		guests.set(booking.guest, [...(guests.get(booking.guest) ?? []), booking]);
	for (const [guest, own] of guests) {
		const news = own.reduce((n, b) => n + count('newGuest', b.reservationId), 0);
		if (news > 1) result.duplicated.push(`${guest}: ${news} New Guest items`);
		if (news === 0 && own.some((b) => STANDING.has(b.role)))
			result.lost.push(`${guest}: no New Guest item`);
	}
	return result;
}

/**
 * The seed's bookings that may bring their guest one New or Returning Guest, with why: those the
 * change driver changed in state (seated from cancelled or awaiting approval, a booking comes to
 * stand), and those of the reported items that came into the period during the run. The period
 * ends `lookAheadDays` after the start of the restaurant-local hour, so each hour the run crosses
 * brings that hour's bookings `lookAheadDays` ahead into view (seen in CI and here: a seed booking
 * at 20:15 in New York, 119 days ahead, as 21:00 came).
 */
export async function seedBookingsThatMayBringAGuest(
	api: ApiCall,
	changes: ExpectedChange[],
	items: ReportedItem[],
	run: { started: number; ended: number; lookAheadDays: number; zones: Record<string, string> },
	driverBookingIds: ReadonlySet<string>,
): Promise<Map<string, string>> {
	const seedBookings = new Map<string, string>();
	for (const change of changes)
		if (change.states !== undefined && !driverBookingIds.has(change.reservationId))
			seedBookings.set(change.reservationId, change.what);
	const periodEnd = (at: number, zone: string) =>
		DateTime.fromMillis(at, { zone })
			.startOf('hour')
			.plus({ days: run.lookAheadDays })
			.toFormat("yyyy-LL-dd'T'HH:mm");
	for (const item of items) {
		const { reservationId } = item;
		if (!GUEST_EVENTS.has(item.event) || driverBookingIds.has(reservationId)) continue;
		if (seedBookings.has(reservationId)) continue;
		const restaurantId = /^rsv-(\d+)-/.exec(reservationId)?.[1];
		const zone = restaurantId && run.zones[restaurantId];
		if (!zone) continue;
		const { body } = await api('getReservation', { path: { restaurantId, reservationId } });
		const time = String((body as Record<string, unknown>).reservationTime ?? '');
		const wall = DateTime.fromISO(time, { zone }).toFormat("yyyy-LL-dd'T'HH:mm");
		const [from, to] = [periodEnd(run.started, zone), periodEnd(run.ended, zone)];
		if (wall >= from && wall < to)
			seedBookings.set(reservationId, `at ${wall}, came into the period as it moved to ${to}`);
	}
	return seedBookings;
}

export function guestLine(label: string, result: GuestLedgerResult): string {
	const events = Object.entries(result.byEvent)
		.map(([event, n]) => `${n} ${event}`)
		.join(', ');
	return `${label} guests: ${result.expected} expected, ${result.reported} reported (${events}), ${result.lost.length} lost, ${result.duplicated.length} duplicated, ${result.wrong.length} wrong`;
}
