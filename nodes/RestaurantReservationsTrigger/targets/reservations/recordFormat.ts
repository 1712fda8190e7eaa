/**
 * The record of a reservation in the snapshot, behind one small API ({@link SnapshotFormat});
 * budget: at most 40 bytes of JSON per reservation. Records are stored as every target's are
 * (../../state/records); what one holds is told by the description stored with its snapshot
 * (./layout): a poll writes records by this release's description and reads each stored one by
 * the description it was written with.
 */
import type { IDataObject } from 'n8n-workflow';
import type { ListedRecord, StoredRecord } from '../../state/records';
import { decodeRecords, encodeRecords } from '../../state/records';
import { decodeValue, StateNames } from '../../state/valueTokens';
import type { StateVocabulary } from '../../../shared/reading/vocabulary';
import type { Diff } from './changes';
import { diff } from './changes';
import type { Fingerprint } from './fingerprint';
import { fingerprint } from './fingerprint';
import type { ReservationDescription, ReservationLayout } from './layout';
import { GUEST_DETAIL_FIELDS, reservationDescription, reservationLayout } from './layout';

/** The snapshot format of one setting of "Report Previous Guest Details". */
export interface SnapshotFormat {
	/** What the records it writes hold: stored with the snapshot. */
	description: ReservationDescription;
	/** A listed reservation with its record. */
	listed(reservation: IDataObject): ListedRecord;
	/**
	 * A restaurant's records by the description they were stored with, in ID order, not decoded;
	 * throws on text that is not a snapshot of it, or on a description this release cannot read.
	 */
	readRecords(text: string, description: unknown): StoredRecord[];
	/** A restaurant's records (in ID order, distinct IDs) as the stored text. */
	writeRecords(records: readonly StoredRecord[]): string;
	/** The reservation time a record holds ("YYYY-MM-DDTHH:mm:ss", "...Z" for an instant, or whatever the API sent). */
	timeOf(stored: StoredRecord, description: unknown): unknown;
	/** What changed in a reservation since its record (stored by `description`); undefined when nothing did. */
	changeSince(
		previous: StoredRecord,
		description: unknown,
		reservation: IDataObject,
		vocabulary: StateVocabulary,
		timeZone?: string,
	): Diff | undefined;
	/** The fingerprint a record holds (stored by `description`, this format's when absent). */
	fingerprintOf(stored: StoredRecord, description?: unknown): Fingerprint;
	/** The state names the stored records refer to (../../state/valueTokens StateNames), as stored. */
	useStateNames(names: readonly string[]): void;
	/** The state names the records refer to now, for the stored state. */
	stateNames(): string[];
}

/**
 * The format of this release, the guest details as values when their previous values are reported;
 * `guestDetails`: the guest details watched (a test adds one).
 */
export function snapshotFormat(
	reportPreviousGuestDetails: boolean,
	guestDetails: readonly string[] = GUEST_DETAIL_FIELDS,
): SnapshotFormat {
	const description = reservationDescription(reportPreviousGuestDetails, guestDetails);
	const layout = reservationLayout(description);
	const fingerprintOf = (stored: StoredRecord, by: unknown = description) =>
		decodeRecord(stored, reservationLayout(by));
	let states = new StateNames();
	return {
		description,
		listed(reservation) {
			const current = fingerprint(reservation, layout, states);
			return { id: current.id, value: reservation, record: encodeRecord(current, layout) };
		},
		readRecords(text, by) {
			const stored = reservationLayout(by);
			return decodeRecords(text, (record) => isRecord(record, stored));
		},
		writeRecords: encodeRecords,
		timeOf(stored, by) {
			const read = reservationLayout(by);
			return decodeValue(decodeRecord(stored, read).exact[read.timeAt], 'time');
		},
		changeSince(previous, by, reservation, vocabulary, timeZone) {
			// Compared by the layout the record was stored with: what it did not watch is not compared.
			const stored = reservationLayout(by);
			return diff(
				decodeRecord(previous, stored),
				fingerprint(reservation, stored, states),
				reservation,
				stored,
				vocabulary,
				{ reportPreviousGuestDetails, states, timeZone },
			);
		},
		fingerprintOf,
		useStateNames(names) {
			states = new StateNames(names);
		},
		stateNames: () => states.list(),
	};
}

/**
 * One reservation's record without its ID. Equal records mean equal fingerprints (tokens never
 * contain a raw `,` and the hashes are fixed width), so an unchanged reservation is recognised by
 * comparing two strings, without decoding anything.
 */
function encodeRecord(print: Fingerprint, layout: ReservationLayout): string {
	// Joined, not concatenated: a poll keeps every record until the end, and a concatenation would
	// keep a tree of pieces per record (and copy it when first compared).
	const parts = [print.content, print.rest];
	if (!layout.guestDetailValues) parts.push(...print.guestDetails);
	parts.push(print.exact[layout.stateAt]);
	for (let i = 0; i < print.exact.length; i++)
		if (i !== layout.stateAt) parts.push(',', print.exact[i]);
	if (layout.guestDetailValues) for (const detail of print.guestDetails) parts.push(',', detail);
	return parts.join('');
}

/** The inverse of {@link encodeRecord}, for a record {@link decodeRecords} accepted. */
function decodeRecord({ id, record }: StoredRecord, layout: ReservationLayout): Fingerprint {
	const fields = record.split(',');
	const hashes = fields[0].slice(0, layout.hashesLength);
	const detailsAt = layout.contentLength + layout.restLength;
	const width = layout.guestDetailLength;
	const exact = new Array<string>(layout.exact.length);
	exact[layout.stateAt] = fields[0].slice(layout.hashesLength);
	for (let i = 0, next = 1; i < exact.length; i++)
		if (i !== layout.stateAt) exact[i] = fields[next++];
	return {
		id,
		content: hashes.slice(0, layout.contentLength),
		rest: hashes.slice(layout.contentLength, detailsAt),
		exact,
		guestDetails: layout.guestDetailValues
			? fields.slice(exact.length)
			: layout.guestDetails.map((_, i) =>
					hashes.slice(detailsAt + i * width, detailsAt + (i + 1) * width),
				),
	};
}

/** A record with the right number of fields and more than the hashes in the first. */
function isRecord(record: string, layout: ReservationLayout): boolean {
	let count = 0;
	let first = -1;
	for (let at = record.indexOf(','); at !== -1; at = record.indexOf(',', at + 1)) {
		if (count++ === 0) first = at;
	}
	return count === layout.commas && first > layout.hashesLength;
}
