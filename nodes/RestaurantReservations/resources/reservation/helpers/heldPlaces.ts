/**
 * The places a restaurant's bookings hold, as the booking rules count them, and, for the slot
 * guard (./slotGuard), which bookings of a slot came before a given one. Pure: the reading of the
 * API is in ./bookingContext and ./slotGuard.
 */
import type { IDataObject } from 'n8n-workflow';
import { holdsATable, type ExistingBooking } from '../../../../shared/bookingRules';
import { parseLocal } from '../../../../shared/dateWindows';
import { localTimeOf, stateRoleOf } from '../../../../shared/reading/record';
import type { StateVocabulary } from '../../../../shared/reading/vocabulary';

/** A booking holding places: its restaurant-local time, party, ID and, when known, creation time. */
export type HeldPlace = ExistingBooking & { id: string; createdAt?: string };

/**
 * The places the bookings take: restaurant-local times (the API's may carry an offset), bookings
 * that no longer hold a table (cancelled, no-show: by role) or have no readable time left out, and
 * the booking `exceptId` (one being moved).
 */
export function heldPlaces(
	reservations: IDataObject[],
	timeZone: string,
	vocabulary: StateVocabulary,
	exceptId?: string,
): HeldPlace[] {
	const places: HeldPlace[] = [];
	for (const r of reservations) {
		const time = localTimeOf(r.reservationTime, timeZone);
		if (r.id === exceptId || time === undefined || !holdsATable(stateRoleOf(r, vocabulary)))
			continue;
		places.push({
			id: String(r.id),
			time,
			partySize: Number(r.groupSize),
			...(typeof r.createdAt === 'string' ? { createdAt: r.createdAt } : {}),
		});
	}
	return places;
}

/** The places held at exactly the local time `time` ("YYYY-MM-DDTHH:mm:ss"). */
export function placesAt(places: HeldPlace[], time: string): HeldPlace[] {
	const at = parseLocal(time);
	return places.filter((b) => parseLocal(b.time) === at);
}

/** The order every caller agrees on: the server's `createdAt` (both known), then the ID. */
function comesBefore(a: HeldPlace, b: HeldPlace): boolean {
	const [createdA, createdB] = [a.createdAt as string, b.createdAt as string];
	return createdA < createdB || (createdA === createdB && a.id < b.id);
}

/**
 * The bookings of the slot that come before `ownId`, to judge it against: all the others when
 * `ownLast` (a move or a larger party counts itself after every other booking), when the own
 * booking is not listed, or when any booking lacks `createdAt` (the order is then unknown).
 */
export function bookingsBefore(
	slot: HeldPlace[],
	ownId: string,
	ownLast: boolean,
): ExistingBooking[] {
	const own = slot.find((b) => b.id === ownId);
	const ordered = !ownLast && own !== undefined && slot.every((b) => b.createdAt);
	return slot
		.filter((b) => b.id !== ownId && (!ordered || comesBefore(b, own)))
		.map((b) => ({ time: b.time, partySize: b.partySize }));
}
