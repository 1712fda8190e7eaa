/**
 * What changed in one reservation between two fingerprints, and the items the trigger emits: at
 * most one item per reservation and poll, carrying every change since the previous good poll.
 */
import type { IDataObject } from 'n8n-workflow';
import type { Fingerprint } from './fingerprint';
import { sameFingerprint } from './fingerprint';
import type { ReservationLayout } from './layout';
import type { StateNames } from '../../state/valueTokens';
import { decodeValue } from '../../state/valueTokens';
import { hasOffset } from '../../../shared/localTime';
import { instantLike, stateFieldOf, stateOf } from '../../../shared/reading/record';
import type { StateRole } from '../../../shared/reading/states';
import { stateKey } from '../../../shared/reading/states';
import type { StateVocabulary } from '../../../shared/reading/vocabulary';
import { roleOf } from '../../../shared/reading/vocabulary';

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
	previousStateRole: StateRole;
	stateRole: StateRole;
	/** The state changed its meaning (not only its spelling). */
	stateChanged: boolean;
	/** The state's role became cancelled (or refused). */
	cancelled: boolean;
}

export interface DiffOptions {
	/** Whether changes of guest details carry their previous values (when the record holds them). */
	reportPreviousGuestDetails: boolean;
	/** The snapshot's state names (../../state/valueTokens StateNames). */
	states?: StateNames;
	/** The restaurant's time zone: a previous time with an offset is written with it. */
	timeZone?: string;
}

/**
 * What changed between two fingerprints of one reservation by the same layout (the one its stored
 * record was written by); undefined when nothing did. The changes are named by the layout's fields.
 */
export function diff(
	previous: Fingerprint,
	current: Fingerprint,
	reservation: IDataObject,
	layout: ReservationLayout,
	vocabulary: StateVocabulary,
	{ reportPreviousGuestDetails, states, timeZone }: DiffOptions,
): Diff | undefined {
	if (sameFingerprint(previous, current)) return undefined;
	const decodeState = (token: string) =>
		states ? states.decode(token) : decodeValue(token, 'state');
	// Changes are named by the API's own field: `status` on a platform that names the state so
	// (reading 1, 0.1.0's, took the state from `state` alone).
	const stateField = (layout.reading === 1 ? undefined : stateFieldOf(reservation)) ?? 'state';
	const changes: Record<string, FieldChange> = {};
	layout.exact.forEach((field, i) => {
		const [before, now] = [previous.exact[i], current.exact[i]];
		if (before === now) return;
		const name = field.kind === 'state' ? stateField : field.name;
		changes[name] = {
			previous:
				field.kind === 'state'
					? decodeState(before)
					: field.kind === 'time'
						? previousTime(before, reservation[name], timeZone)
						: decodeValue(before, field.kind),
			current: reservation[name] ?? null,
		};
	});
	let guestDetailChanged = false;
	const previousValues = layout.guestDetailValues && reportPreviousGuestDetails;
	layout.guestDetails.forEach((name, i) => {
		if (previous.guestDetails[i] === current.guestDetails[i]) return;
		guestDetailChanged = true;
		const now = reservation[name] ?? null;
		changes[name] = previousValues
			? { previous: decodeValue(previous.guestDetails[i], 'text'), current: now }
			: { current: now };
	});
	// The rest hash tells whether the rest changed; when the content hash changed and no guest detail
	// is seen to have changed, the change can only be in the rest (the short hashes may collide).
	const otherFieldsChanged =
		previous.rest !== current.rest || (previous.content !== current.content && !guestDetailChanged);
	const [stateBefore, stateNow] = [previous.exact[layout.stateAt], current.exact[layout.stateAt]];
	const previousState = decodeState(stateBefore);
	const state = stateOf(reservation);
	const stateChanged = stateBefore !== stateNow && stateKey(previousState) !== stateKey(state);
	const previousStateRole = roleOf(previousState, vocabulary);
	const stateRole = roleOf(state, vocabulary);
	return {
		changedFields: Object.keys(changes),
		changes,
		otherFieldsChanged,
		previousState,
		previousStateRole,
		stateRole,
		stateChanged,
		cancelled: stateChanged && stateRole === 'cancelled' && previousStateRole !== 'cancelled',
	};
}

/**
 * A previous reservation time as the API writes the current one: an instant stored from a time
 * with an offset is written with the restaurant's offset then (or in UTC, as the API does).
 */
function previousTime(token: string, current: unknown, timeZone: string | undefined): unknown {
	const previous = decodeValue(token, 'time');
	if (typeof previous !== 'string' || !previous.endsWith('Z') || typeof current !== 'string')
		return previous;
	if (!hasOffset(current) || !timeZone) return previous;
	return instantLike(Date.parse(previous), current, timeZone);
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
					newState: stateOf(reservation) as string,
					previousStateRole: change.previousStateRole,
				}
			: {}),
		stateRole: change.stateRole,
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
	stateRole: StateRole,
): ChangeItem {
	return { event, restaurantId, reservationId: String(reservation.id), stateRole, reservation };
}
