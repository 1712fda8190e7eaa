/**
 * What the trigger watches in a reservation (BookingContract, spec 2.2) and how it is reduced to a
 * fingerprint for the snapshot.
 */
import type { IDataObject } from 'n8n-workflow';
import type { Fingerprint, ValueKind } from './codec';
import { CONTENT_HASH_LENGTH, digest, digits, encodeValue, hash53, REST_HASH_LENGTH, TEXT_HASH_LENGTH } from './codec';

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
export const TEXT_FIELDS = ['customerName', 'phone', 'email', 'specialRequests'] as const;

/**
 * Bookkeeping that changes without the booking changing: never a reason for an event. `businessDate`
 * follows `reservationTime`; `viewed` flips when staff open the booking.
 */
export const IGNORED_FIELDS = ['id', 'updatedAt', 'lastUpdatedBy', 'viewed', 'businessDate'] as const;

const NOT_IN_REST = new Set<string>([...IGNORED_FIELDS, ...EXACT_FIELDS.map((f) => f.name), ...TEXT_FIELDS]);

/** The keys of the last record seen, and its "rest" keys sorted: records of one list share them. */
let lastKeys: string[] = [];
let lastRestKeys: string[] = [];

function restKeysOf(reservation: IDataObject): string[] {
	const keys = Object.keys(reservation);
	if (keys.length !== lastKeys.length || keys.some((key, i) => key !== lastKeys[i])) {
		lastKeys = keys;
		lastRestKeys = keys.filter((key) => !NOT_IN_REST.has(key)).sort();
	}
	return lastRestKeys;
}

function isBlank(value: unknown): boolean {
	if (value === null || value === undefined) return true;
	if (typeof value !== 'object') return false;
	return Array.isArray(value) ? value.length === 0 : Object.keys(value).length === 0;
}

/**
 * Every other top-level field as JSON, keys sorted, blank values (null, [], {}) left out: a field
 * the API starts sending empty, or a change of key order, is not a change of every reservation.
 */
function restText(reservation: IDataObject): string {
	const rest: IDataObject = {};
	for (const key of restKeysOf(reservation)) {
		const value = reservation[key];
		if (!isBlank(value)) rest[key] = value;
	}
	return JSON.stringify(rest);
}

export function reservationId(reservation: IDataObject): string {
	return String(reservation.id);
}

export function fingerprint(reservation: IDataObject, keepTexts: boolean): Fingerprint {
	// The rest is hashed once (53 bits); the content hash covers the guest details and that hash.
	const rest = hash53(restText(reservation));
	const textValues = TEXT_FIELDS.map((name) => JSON.stringify(reservation[name] ?? null));
	return {
		id: reservationId(reservation),
		content: digest(`${textValues.join('\u0003')}\u0004${rest.toString(36)}`, CONTENT_HASH_LENGTH),
		rest: digits(rest, REST_HASH_LENGTH),
		time: encodeValue(reservation.reservationTime, 'time'),
		groupSize: encodeValue(reservation.groupSize, 'int'),
		tableNumber: encodeValue(reservation.tableNumber, 'text'),
		state: encodeValue(reservation.state, 'state'),
		eventId: encodeValue(reservation.eventId, 'int'),
		texts: keepTexts ? TEXT_FIELDS.map((name) => encodeValue(reservation[name], 'text')) : textValues.map((value) => digest(value, TEXT_HASH_LENGTH)),
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
		a.texts.every((t, i) => t === b.texts[i])
	);
}
