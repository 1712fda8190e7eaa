/**
 * What changed in one reservation between two fingerprints, and the items the trigger emits: at
 * most one item per reservation and poll, carrying every change since the previous good poll.
 */
import type { IDataObject } from 'n8n-workflow';
import type { Fingerprint } from './fingerprint';
import { EXACT_FIELDS, GUEST_DETAIL_FIELDS, sameFingerprint } from './fingerprint';
import { decodeValue } from '../../state/valueTokens';

const CANCELLED = 'cancelled';

export interface FieldChange {
	/** The value at the previous good poll; absent when the snapshot does not keep it. */
	previous?: unknown;
	current: unknown;
}

export interface ChangeItem extends IDataObject {
	/** A value of the event table (./triggerEvents). */
	event: string;
	restaurantId: number | string;
	reservationId: string;
	reservation: IDataObject;
}

export interface Diff {
	changedFields: string[];
	changes: Record<string, FieldChange>;
	/** Something outside the named fields changed (internal notes, order, profile, ...). */
	otherFieldsChanged: boolean;
	previousState: unknown;
	stateChanged: boolean;
	cancelled: boolean;
}

/** What changed between two fingerprints of one reservation; undefined when nothing did. */
export function diff(
	previous: Fingerprint,
	current: Fingerprint,
	reservation: IDataObject,
	reportPreviousGuestDetails: boolean,
): Diff | undefined {
	if (sameFingerprint(previous, current)) return undefined;
	const changes: Record<string, FieldChange> = {};
	for (const field of EXACT_FIELDS) {
		if (previous[field.key] !== current[field.key]) {
			changes[field.name] = {
				previous: decodeValue(previous[field.key], field.kind),
				current: reservation[field.name] ?? null,
			};
		}
	}
	let guestDetailChanged = false;
	GUEST_DETAIL_FIELDS.forEach((name, i) => {
		if (previous.guestDetails[i] === current.guestDetails[i]) return;
		guestDetailChanged = true;
		const now = reservation[name] ?? null;
		changes[name] = reportPreviousGuestDetails
			? { previous: decodeValue(previous.guestDetails[i], 'text'), current: now }
			: { current: now };
	});
	// The rest hash tells whether the rest changed; when the content hash changed and no guest detail
	// is seen to have changed, the change can only be in the rest (the short hashes may collide).
	const otherFieldsChanged =
		previous.rest !== current.rest || (previous.content !== current.content && !guestDetailChanged);
	const stateChanged = previous.state !== current.state;
	const previousState = decodeValue(previous.state, 'state');
	return {
		changedFields: Object.keys(changes),
		changes,
		otherFieldsChanged,
		previousState,
		stateChanged,
		cancelled: stateChanged && reservation.state === CANCELLED && previousState !== CANCELLED,
	};
}

/** The item of a changed reservation, reported as `event`. */
export function updateItem(
	event: string,
	restaurantId: number | string,
	reservation: IDataObject,
	change: Diff,
): ChangeItem {
	return {
		event,
		restaurantId,
		reservationId: String(reservation.id),
		// A state change names the previous and the new state up front.
		...(change.stateChanged
			? {
					previousState: change.previousState as string,
					newState: (reservation.state ?? null) as string,
				}
			: {}),
		changedFields: change.changedFields,
		changes: change.changes as unknown as IDataObject,
		otherFieldsChanged: change.otherFieldsChanged,
		reservation,
	};
}

/** The item of a reservation new to the snapshot, reported as `event`. */
export function createdItem(
	event: string,
	restaurantId: number | string,
	reservation: IDataObject,
): ChangeItem {
	return { event, restaurantId, reservationId: String(reservation.id), reservation };
}
