/**
 * Test-only views of a restaurant's snapshot, through the trigger's own format: its records as
 * fingerprints by ID, and the snapshot of a list of reservations; and this release's layout.
 */
import type { IDataObject } from 'n8n-workflow';
import type { Fingerprint } from '../../nodes/RestaurantReservationsTrigger/targets/reservations/fingerprint';
import type { ReservationLayout } from '../../nodes/RestaurantReservationsTrigger/targets/reservations/layout';
import {
	reservationDescription,
	reservationLayout,
} from '../../nodes/RestaurantReservationsTrigger/targets/reservations/layout';
import { snapshotFormat } from '../../nodes/RestaurantReservationsTrigger/targets/reservations/recordFormat';

/** The layout this release writes reservations' records by. */
export function currentLayout(reportPreviousGuestDetails: boolean): ReservationLayout {
	return reservationLayout(reservationDescription(reportPreviousGuestDetails));
}

/** Orders by ID, by UTF-16 code units (as `<` compares), as a snapshot holds its records. */
export function byId(a: { id: string }, b: { id: string }): number {
	return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The snapshot of these reservations (distinct IDs), as a poll would store it. */
export function encodeSnapshot(
	reservations: IDataObject[],
	reportPreviousGuestDetails: boolean,
): string {
	const format = snapshotFormat(reportPreviousGuestDetails);
	return format.writeRecords(
		reservations.map((reservation) => format.listed(reservation)).sort(byId),
	);
}

/** The fingerprints a snapshot holds, by reservation ID; throws on text that is not a snapshot. */
export function decodeSnapshot(
	text: string,
	reportPreviousGuestDetails: boolean,
): Map<string, Fingerprint> {
	const format = snapshotFormat(reportPreviousGuestDetails);
	return new Map(
		format
			.readRecords(text, format.description)
			.map((stored) => [stored.id, format.fingerprintOf(stored)]),
	);
}
