/**
 * How a reservation is reduced to a fingerprint by a layout (./layout): fixed-width hashes and value
 * tokens (../../state/valueTokens), what the snapshot keeps of it.
 */
import type { IDataObject } from 'n8n-workflow';
import type { ExactField } from '../../state/description';
import { Hash53, hashDigits, isOmitted } from '../../state/hash';
import type { StateNames } from '../../state/valueTokens';
import { earlierTimeToken, encodeValue } from '../../state/valueTokens';
import { stateOf } from '../../../shared/reading/record';
import type { KeysSeen, ReservationLayout } from './layout';

/** What the snapshot keeps of one reservation, by its layout (./layout): tokens, compared as strings. */
export interface Fingerprint {
	id: string;
	/** Hash over the guest details and the rest of the watched record. */
	content: string;
	/** Hash over the rest of the watched record alone. */
	rest: string;
	/** The exact fields' value tokens, in the layout's order. */
	exact: string[];
	/**
	 * In the layout's guest detail order: value tokens when their previous values are stored, else a
	 * hash of each (which of them changed).
	 */
	guestDetails: string[];
}

function restKeysOf(reservation: IDataObject, layout: ReservationLayout): KeysSeen {
	const last = layout.seen;
	const keys = Object.keys(reservation);
	if (keys.length !== last.keys.length || keys.some((key, i) => key !== last.keys[i])) {
		// Reading 1 (0.1.0) kept `status` in the rest: it read the state from `state` alone.
		const excluded =
			layout.reading === 1 || keys.includes('state') || !keys.includes('status')
				? layout.notInRest
				: layout.notInRestWithStatus;
		const rest = keys.filter((key) => !excluded.has(key)).sort();
		last.keys = keys;
		last.positions = rest.map((key) => keys.indexOf(key));
		last.hashes = rest.map((key) => new Hash53().string(key).value() | 0);
	}
	return last;
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
function restHash(reservation: IDataObject, layout: ReservationLayout): number {
	const { positions, hashes } = restKeysOf(reservation, layout);
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
 * A reservation's fingerprint by a layout (./layout): this release's, or the one its stored record
 * was written by. `states`: the snapshot's list of state names (reading 2 stores a state not the
 * sandbox's by its place in it).
 */
export function fingerprint(
	reservation: IDataObject,
	layout: ReservationLayout,
	states?: StateNames,
): Fingerprint {
	// The content hash covers the guest details and the rest: the hash of each, in order.
	const content = new Hash53();
	const names = layout.guestDetails;
	const guestDetails = new Array<string>(names.length);
	for (let i = 0; i < names.length; i++) {
		const value = reservation[names[i]] ?? null;
		const hash = new Hash53().json(value).value();
		content.hash(hash);
		guestDetails[i] = layout.guestDetailValues
			? encodeValue(value, 'text')
			: hashDigits(hash, layout.guestDetailLength);
	}
	const rest = restHash(reservation, layout);
	const exact = new Array<string>(layout.exact.length);
	for (let i = 0; i < exact.length; i++)
		exact[i] = exactToken(reservation, layout.exact[i], layout.reading, states);
	return {
		id: reservationId(reservation),
		content: hashDigits(content.hash(rest).value(), layout.contentLength),
		rest: hashDigits(rest, layout.restLength),
		exact,
		guestDetails,
	};
}

/** An exact field's token, as the layout's reading takes it from the booking. */
function exactToken(
	reservation: IDataObject,
	{ name, kind }: ExactField,
	reading: number,
	states: StateNames | undefined,
): string {
	if (reading === 1)
		return kind === 'time'
			? earlierTimeToken(reservation[name])
			: encodeValue(reservation[name], kind);
	if (kind !== 'state') return encodeValue(reservation[name], kind);
	const state = stateOf(reservation);
	return states ? states.encode(state) : encodeValue(state, 'state');
}

export function sameFingerprint(a: Fingerprint, b: Fingerprint): boolean {
	return (
		a.content === b.content &&
		a.rest === b.rest &&
		a.exact.length === b.exact.length &&
		a.exact.every((token, i) => token === b.exact[i]) &&
		a.guestDetails.length === b.guestDetails.length &&
		a.guestDetails.every((detail, i) => detail === b.guestDetails[i])
	);
}
