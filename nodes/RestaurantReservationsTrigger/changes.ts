/**
 * From the previous snapshot and the current list to the items the trigger emits: at most one item
 * per reservation and poll, carrying every change since the previous good poll.
 */
import type { IDataObject } from 'n8n-workflow';
import type { Fingerprint } from './codec';
import { decodeValue } from './codec';
import { EXACT_FIELDS, sameFingerprint, TEXT_FIELDS } from './fingerprint';

export const EVENTS = {
	created: 'reservationCreated',
	updated: 'reservationUpdated',
	cancelled: 'reservationCancelled',
	stateChanged: 'reservationStateChanged',
} as const;

export type TriggerEvent = (typeof EVENTS)[keyof typeof EVENTS];

export const ALL_EVENTS: TriggerEvent[] = Object.values(EVENTS);

const CANCELLED = 'cancelled';

export interface FieldChange {
	/** The value at the previous good poll; absent when the snapshot does not keep it. */
	previous?: unknown;
	current: unknown;
}

export interface ChangeItem extends IDataObject {
	event: TriggerEvent;
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
export function diff(previous: Fingerprint, current: Fingerprint, reservation: IDataObject, keepTexts: boolean): Diff | undefined {
	if (sameFingerprint(previous, current)) return undefined;
	const changes: Record<string, FieldChange> = {};
	for (const field of EXACT_FIELDS) {
		if (previous[field.key] !== current[field.key]) {
			changes[field.name] = { previous: decodeValue(previous[field.key], field.kind), current: reservation[field.name] ?? null };
		}
	}
	let textChanged = false;
	TEXT_FIELDS.forEach((name, i) => {
		if (previous.texts[i] === current.texts[i]) return;
		textChanged = true;
		changes[name] = keepTexts ? { previous: decodeValue(previous.texts[i], 'text'), current: reservation[name] ?? null } : { current: reservation[name] ?? null };
	});
	// The rest hash tells whether the rest changed; when the content hash changed and no guest detail
	// is seen to have changed, the change can only be in the rest (the short hashes may collide).
	const otherFieldsChanged = previous.rest !== current.rest || (previous.content !== current.content && !textChanged);
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

/**
 * The event an update is reported as: the most specific one chosen. A cancellation is Cancelled,
 * else State Changed, else Updated; another state change is State Changed, else Updated. Any other
 * change is Updated. Undefined when none of the applicable events is chosen.
 */
export function eventFor(change: Diff, chosen: ReadonlySet<TriggerEvent>): TriggerEvent | undefined {
	const candidates: TriggerEvent[] = [];
	if (change.cancelled) candidates.push(EVENTS.cancelled);
	if (change.stateChanged) candidates.push(EVENTS.stateChanged);
	candidates.push(EVENTS.updated);
	return candidates.find((event) => chosen.has(event));
}

export function updateItem(event: TriggerEvent, restaurantId: number | string, reservation: IDataObject, change: Diff): ChangeItem {
	return {
		event,
		restaurantId,
		reservationId: String(reservation.id),
		// A state change names the previous and the new state up front.
		...(change.stateChanged ? { previousState: change.previousState as string, newState: (reservation.state ?? null) as string } : {}),
		changedFields: change.changedFields,
		changes: change.changes as unknown as IDataObject,
		otherFieldsChanged: change.otherFieldsChanged,
		reservation,
	};
}

export function createdItem(restaurantId: number | string, reservation: IDataObject): ChangeItem {
	return { event: EVENTS.created, restaurantId, reservationId: String(reservation.id), reservation };
}
