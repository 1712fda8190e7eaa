/**
 * What the trigger watches in a reservation (BookingContract, spec 2.2) and how it is reduced to a
 * fingerprint: fixed-width hashes and value tokens (../../state/valueTokens), what the snapshot keeps of it.
 */
import type { IDataObject } from 'n8n-workflow';
import { Hash53, hashDigits, isOmitted } from '../../state/hash';
import type { ValueKind } from '../../state/valueTokens';
import { encodeValue } from '../../state/valueTokens';

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

/** Fields stored exactly, so that an update reports their previous values. */
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
 */
export const GUEST_DETAIL_FIELDS = ['customerName', 'phone', 'email', 'specialRequests'] as const;

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

interface RestKeys {
	/** Where the "rest" keys are among the record's keys, listed in sorted key order (key order is no change). */
	positions: number[];
	/** The hash of each of those keys (32 bits), mixed in before its value. */
	hashes: number[];
}

/** The keys of the last record seen, and its rest keys: the records of one list share them. */
let lastKeys: string[] = [];
let lastRest: RestKeys = { positions: [], hashes: [] };

function restKeysOf(reservation: IDataObject): RestKeys {
	const keys = Object.keys(reservation);
	if (keys.length !== lastKeys.length || keys.some((key, i) => key !== lastKeys[i])) {
		const rest = keys.filter((key) => !NOT_IN_REST.has(key)).sort();
		lastKeys = keys;
		lastRest = {
			positions: rest.map((key) => keys.indexOf(key)),
			hashes: rest.map((key) => new Hash53().string(key).value() | 0),
		};
	}
	return lastRest;
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
function restHash(reservation: IDataObject): number {
	const { positions, hashes } = restKeysOf(reservation);
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

/** A reservation's fingerprint; `reportPreviousGuestDetails`: its guest details as value tokens, not hashes. */
export function fingerprint(
	reservation: IDataObject,
	reportPreviousGuestDetails: boolean,
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
	const rest = restHash(reservation);
	return {
		id: reservationId(reservation),
		content: hashDigits(content.hash(rest).value(), CONTENT_HASH_LENGTH),
		rest: hashDigits(rest, REST_HASH_LENGTH),
		time: encodeValue(reservation.reservationTime, 'time'),
		groupSize: encodeValue(reservation.groupSize, 'int'),
		tableNumber: encodeValue(reservation.tableNumber, 'text'),
		state: encodeValue(reservation.state, 'state'),
		eventId: encodeValue(reservation.eventId, 'int'),
		guestDetails,
	};
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
