/**
 * Test-only views of a restaurant's snapshot, through the trigger's own format: its records as
 * fingerprints by ID, and the snapshot of a list of reservations.
 */
import type { IDataObject } from 'n8n-workflow';
import type { Fingerprint } from '../../nodes/RestaurantReservationsTrigger/targets/reservations/fingerprint';
import { snapshotFormat } from '../../nodes/RestaurantReservationsTrigger/targets/reservations/recordFormat';

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
		format.readRecords(text).map((stored) => [stored.id, format.fingerprintOf(stored)]),
	);
}
