/**
 * What the trigger watches in a reservation (BookingContract, spec 2.2) and how it is reduced to a
 * fingerprint: fixed-width hashes and value tokens (../../state/valueTokens), what the snapshot keeps of it.
 */
import type { IDataObject } from 'n8n-workflow';
import { Hash53, hashDigits, isOmitted } from '../../state/hash';
import type { StateNames, ValueKind } from '../../state/valueTokens';
import { earlierTimeToken, encodeValue } from '../../state/valueTokens';
import { hasOffset } from '../../../shared/localTime';
import { stateOf } from '../../../shared/reading/record';
import { GUEST_DETAIL_FIELDS } from '../../../RestaurantReservations/resources/reservation/helpers/fields';

/** Width of the hash over the guest details and the rest of the watched record. */
export const CONTENT_HASH_LENGTH = 5;
/** Width of the hash over the rest of the watched record alone. */
export const REST_HASH_LENGTH = 2;
/** Width of the hash of one guest detail, when its previous value is not reported. */
export const GUEST_DETAIL_HASH_LENGTH = 2;

/** What the snapshot keeps of one reservation: tokens, compared as strings. */
export interface Fingerprint {
	id: string;
	/** Hash over the guest details and the rest of the watched record. */
	content: string;
	/** Hash over the rest of the watched record alone. */
	rest: string;
	state: string;
	time: string;
	groupSize: string;
	tableNumber: string;
	eventId: string;
	/**
	 * In GUEST_DETAIL_FIELDS order: value tokens when their previous values are reported, else a
	 * hash of each (which of them changed).
	 */
	guestDetails: string[];
}

/**
 * Fields stored exactly, so that an update reports their previous values. The state is the
 * record's `state`, or its `status` when it has no `state` (../../../shared/reading/record).
 */
export const EXACT_FIELDS = [
	{ name: 'reservationTime', key: 'time', kind: 'time' },
	{ name: 'groupSize', key: 'groupSize', kind: 'int' },
	{ name: 'tableNumber', key: 'tableNumber', kind: 'text' },
	{ name: 'state', key: 'state', kind: 'state' },
	{ name: 'eventId', key: 'eventId', kind: 'int' },
] as const satisfies ReadonlyArray<{ name: string; key: keyof Fingerprint; kind: ValueKind }>;

/**
 * Guest details: always watched field by field; their previous values are stored only when the
 * trigger's "Report Previous Guest Details" option is on (they are what makes a snapshot large).
 * They are the reservation fields declared `guestDetail`, in their declared order
 * (nodes/RestaurantReservations/resources/reservation/helpers/apiFields.ts).
 */
export { GUEST_DETAIL_FIELDS };

/**
 * Bookkeeping that changes without the booking changing: never a reason for an event. `businessDate`
 * follows `reservationTime`; `viewed` flips when staff open the booking.
 */
export const IGNORED_FIELDS = [
	'id',
	'updatedAt',
	'lastUpdatedBy',
	'viewed',
	'businessDate',
] as const;

const NOT_IN_REST = new Set<string>([
	...IGNORED_FIELDS,
	...EXACT_FIELDS.map((f) => f.name),
	...GUEST_DETAIL_FIELDS,
]);
/** A record without `state` holds its state in `status`: then that is not in the rest either. */
const NOT_IN_REST_WITH_STATUS = new Set<string>([...NOT_IN_REST, 'status']);

interface RestKeys {
	/** Where the "rest" keys are among the record's keys, listed in sorted key order (key order is no change). */
	positions: number[];
	/** The hash of each of those keys (32 bits), mixed in before its value. */
	hashes: number[];
}

/** The keys of the last record seen, and its rest keys: the records of one list share them. */
interface KeysSeen {
	keys: string[];
	rest: RestKeys;
}
const seen: KeysSeen = { keys: [], rest: { positions: [], hashes: [] } };
/** The same, for the fingerprints of earlier releases (`status` in the rest). */
const seenEarlier: KeysSeen = { keys: [], rest: { positions: [], hashes: [] } };

function restKeysOf(reservation: IDataObject, earlier: boolean): RestKeys {
	const last = earlier ? seenEarlier : seen;
	const keys = Object.keys(reservation);
	if (keys.length !== last.keys.length || keys.some((key, i) => key !== last.keys[i])) {
		const excluded =
			earlier || keys.includes('state') || !keys.includes('status')
				? NOT_IN_REST
				: NOT_IN_REST_WITH_STATUS;
		const rest = keys.filter((key) => !excluded.has(key)).sort();
		last.keys = keys;
		last.rest = {
			positions: rest.map((key) => keys.indexOf(key)),
			hashes: rest.map((key) => new Hash53().string(key).value() | 0),
		};
	}
	return last.rest;
}

function isBlank(value: unknown): boolean {
	if (value === null || value === undefined) return true;
	if (typeof value !== 'object') return false;
	return Array.isArray(value) ? value.length === 0 : Object.keys(value).length === 0;
}

/**
 * The hash of every other top-level field, keys sorted, blank values (null, [], {}) left out: a
 * field the API starts sending empty, or a change of key order, is not a change of every reservation.
 */
function restHash(reservation: IDataObject, earlier: boolean): number {
	const { positions, hashes } = restKeysOf(reservation, earlier);
	// Object.values is in the order of Object.keys: one call instead of a lookup by name per key.
	const values = Object.values(reservation);
	const hash = new Hash53();
	for (let i = 0; i < positions.length; i++) {
		const value = values[positions[i]];
		if (!isBlank(value) && !isOmitted(value)) hash.word(hashes[i]).json(value);
	}
	return hash.value();
}

export function reservationId(reservation: IDataObject): string {
	return String(reservation.id);
}

/**
 * A reservation's fingerprint; `reportPreviousGuestDetails`: its guest details as value tokens, not
 * hashes. `earlier`: as releases up to 0.1.0 made it (the state from `state` alone, `status` in the
 * rest, a time with an offset as JSON), to recognise their stored records as unchanged. `states`:
 * the snapshot's list of state names (a state not the sandbox's is stored by its place in it).
 */
export function fingerprint(
	reservation: IDataObject,
	reportPreviousGuestDetails: boolean,
	earlier = false,
	states?: StateNames,
): Fingerprint {
	// The content hash covers the guest details and the rest: the hash of each, in order.
	const content = new Hash53();
	const guestDetails = new Array<string>(GUEST_DETAIL_FIELDS.length);
	for (let i = 0; i < GUEST_DETAIL_FIELDS.length; i++) {
		const value = reservation[GUEST_DETAIL_FIELDS[i]] ?? null;
		const hash = new Hash53().json(value).value();
		content.hash(hash);
		guestDetails[i] = reportPreviousGuestDetails
			? encodeValue(value, 'text')
			: hashDigits(hash, GUEST_DETAIL_HASH_LENGTH);
	}
	const rest = restHash(reservation, earlier);
	return {
		id: reservationId(reservation),
		content: hashDigits(content.hash(rest).value(), CONTENT_HASH_LENGTH),
		rest: hashDigits(rest, REST_HASH_LENGTH),
		time: earlier
			? earlierTimeToken(reservation.reservationTime)
			: encodeValue(reservation.reservationTime, 'time'),
		groupSize: encodeValue(reservation.groupSize, 'int'),
		tableNumber: encodeValue(reservation.tableNumber, 'text'),
		state: earlier
			? encodeValue(reservation.state, 'state')
			: states
				? states.encode(stateOf(reservation))
				: encodeValue(stateOf(reservation), 'state'),
		eventId: encodeValue(reservation.eventId, 'int'),
		guestDetails,
	};
}

/** Whether a fingerprint of an earlier release can differ from this release's for the record. */
export function readDifferently(reservation: IDataObject): boolean {
	const time = reservation.reservationTime;
	return (
		(reservation.state === undefined && reservation.status !== undefined) ||
		(typeof time === 'string' && hasOffset(time))
	);
}

export function sameFingerprint(a: Fingerprint, b: Fingerprint): boolean {
	return (
		a.content === b.content &&
		a.rest === b.rest &&
		a.state === b.state &&
		a.time === b.time &&
		a.groupSize === b.groupSize &&
		a.tableNumber === b.tableNumber &&
		a.eventId === b.eventId &&
		a.guestDetails.every((detail, i) => detail === b.guestDetails[i])
	);
}
