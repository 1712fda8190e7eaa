/**
 * What changed in one reservation between two fingerprints, and the items the trigger emits: at
 * most one item per reservation and poll, carrying every change since the previous good poll.
 */
import type { IDataObject } from 'n8n-workflow';
import type { Fingerprint } from './fingerprint';
import {
	EXACT_FIELDS,
	fingerprint,
	GUEST_DETAIL_FIELDS,
	readDifferently,
	sameFingerprint,
} from './fingerprint';
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

/**
 * The fingerprint to compare a stored one with. A record stored by an earlier release (its state
 * from `state` alone, its offset time as JSON) is compared as that release read it: the upgrade
 * reports nothing that did not change.
 */
function comparable(
	previous: Fingerprint,
	current: Fingerprint,
	reservation: IDataObject,
	reportPreviousGuestDetails: boolean,
): Fingerprint {
	if (!readDifferently(reservation)) return current;
	const earlier = fingerprint(reservation, reportPreviousGuestDetails, true);
	const storedEarlier =
		previous.state === earlier.state &&
		previous.time === earlier.time &&
		(earlier.state !== current.state || earlier.time !== current.time);
	return storedEarlier ? earlier : current;
}

/** What changed between two fingerprints of one reservation; undefined when nothing did. */
export function diff(
	previous: Fingerprint,
	listed: Fingerprint,
	reservation: IDataObject,
	reportPreviousGuestDetails: boolean,
	vocabulary: StateVocabulary,
	states?: StateNames,
	timeZone?: string,
): Diff | undefined {
	const decodeState = (token: string) =>
		states ? states.decode(token) : decodeValue(token, 'state');
	if (sameFingerprint(previous, listed)) return undefined;
	let current = comparable(previous, listed, reservation, reportPreviousGuestDetails);
	// The same state stored another way (as JSON by 0.1.0, now by its place among the state names).
	if (previous.state !== current.state && decodeState(previous.state) === stateOf(reservation))
		current = { ...current, state: previous.state };
	if (current !== listed && sameFingerprint(previous, current)) return undefined;
	// Changes are named by the API's own field: `status` on a platform that names the state so.
	const stateField = stateFieldOf(reservation) ?? 'state';
	const changes: Record<string, FieldChange> = {};
	for (const field of EXACT_FIELDS) {
		if (previous[field.key] !== current[field.key]) {
			const name = field.key === 'state' ? stateField : field.name;
			changes[name] = {
				previous:
					field.kind === 'state'
						? decodeState(previous[field.key])
						: field.kind === 'time'
							? previousTime(previous.time, reservation.reservationTime, timeZone)
							: decodeValue(previous[field.key], field.kind),
				current: reservation[name] ?? null,
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
	const previousState = decodeState(previous.state);
	const state = stateOf(reservation);
	const stateChanged =
		previous.state !== current.state && stateKey(previousState) !== stateKey(state);
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
