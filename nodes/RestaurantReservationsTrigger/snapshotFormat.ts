/**
 * The snapshot's format: one string per restaurant, one record per tracked record, records sorted
 * by ID and joined by `|`, each `<id>,<record>` ({@link encodeRecords}, {@link decodeRecords}: every
 * watch target stores its records this way). The record of a reservation, behind one small API
 * ({@link SnapshotFormat}); budget: at most 40 bytes of JSON per reservation (events and products:
 * ./fieldRecords).
 *
 * A record is `<id>,<hashes><state>,<time>,<groupSize>,<tableNumber>,<eventId>` and, when the
 * previous guest details are reported, `,<customerName>,<phone>,<email>,<specialRequests>` after
 * it; records are joined by `|`.
 * - `<id>`: front-coded against the previous record's ID: one base-36 digit giving how many leading
 *   characters the two IDs share, then the rest of the ID (IDs are opaque strings, this works for any).
 * - `<hashes>`: fixed width: 5 characters over everything watched that is not stored exactly (the
 *   guest details and the rest of the record), 2 over the rest alone, and, when the previous guest
 *   details are not reported, 2 for each of the four guest details (which of them changed).
 * - the exact values are tokens of ./valueTokens.
 */
import type { IDataObject } from 'n8n-workflow';
import type { Diff } from './changes';
import { diff } from './changes';
import type { Fingerprint } from './fingerprint';
import {
	CONTENT_HASH_LENGTH,
	fingerprint,
	GUEST_DETAIL_FIELDS,
	GUEST_DETAIL_HASH_LENGTH,
	REST_HASH_LENGTH,
} from './fingerprint';
import { decodeValue, escapeText, unescapeText } from './valueTokens';

const LONGEST_SHARED_PREFIX = 35;
/** Fields of a record after its ID when the guest details are hashes: hashes and state, time, group size, table, event. */
const EXACT_FIELD_COUNT = 5;
const GUEST_DETAIL_COUNT = GUEST_DETAIL_FIELDS.length;

/** One tracked record in a snapshot: its ID and its record (everything a poll compares). */
export interface StoredRecord {
	id: string;
	record: string;
}

/** A record as listed now (`value`, as the API sent it), with its stored form (its fingerprint is computed again only when it changed). */
export interface ListedRecord extends StoredRecord {
	value: IDataObject;
}

/** The snapshot format of one setting of "Report Previous Guest Details". */
export interface SnapshotFormat {
	/** A listed reservation with its record. */
	listed(reservation: IDataObject): ListedRecord;
	/** A restaurant's records, in ID order, not decoded; throws on text that is not a snapshot of this format. */
	readRecords(text: string): StoredRecord[];
	/** A restaurant's records (in ID order, distinct IDs) as the stored text. */
	writeRecords(records: readonly StoredRecord[]): string;
	/** The reservation time a record holds ("YYYY-MM-DDTHH:mm:ss", or whatever the API sent). */
	timeOf(stored: StoredRecord): unknown;
	/** What changed in a reservation since its record; undefined when nothing did. */
	changeSince(previous: StoredRecord, reservation: IDataObject): Diff | undefined;
	/** The fingerprint a record holds. */
	fingerprintOf(stored: StoredRecord): Fingerprint;
}

export function snapshotFormat(reportPreviousGuestDetails: boolean): SnapshotFormat {
	const layout = recordLayout(reportPreviousGuestDetails);
	const fingerprintOf = ({ id, record }: StoredRecord) => decodeRecord(id, record, layout);
	return {
		listed(reservation) {
			const current = fingerprint(reservation, reportPreviousGuestDetails);
			return { id: current.id, value: reservation, record: encodeRecord(current, layout) };
		},
		readRecords: (text) => decodeRecords(text, (record) => isRecord(record, layout)),
		writeRecords: encodeRecords,
		timeOf: (stored) => decodeValue(fingerprintOf(stored).time, 'time'),
		changeSince: (previous, reservation) =>
			diff(
				fingerprintOf(previous),
				fingerprint(reservation, reportPreviousGuestDetails),
				reservation,
				reportPreviousGuestDetails,
			),
		fingerprintOf,
	};
}

/** Where the parts of a record are, for one setting. */
interface RecordLayout {
	/** The guest details are value tokens after the exact fields (else hashes among the hashes). */
	guestDetailValues: boolean;
	/** Width of the hashes at the start of a record. */
	hashesLength: number;
	/** Commas in a record (after its ID). */
	commas: number;
}

function recordLayout(guestDetailValues: boolean): RecordLayout {
	return {
		guestDetailValues,
		hashesLength:
			CONTENT_HASH_LENGTH +
			REST_HASH_LENGTH +
			(guestDetailValues ? 0 : GUEST_DETAIL_HASH_LENGTH * GUEST_DETAIL_COUNT),
		commas: EXACT_FIELD_COUNT - 1 + (guestDetailValues ? GUEST_DETAIL_COUNT : 0),
	};
}

/**
 * One reservation's record without its ID. Equal records mean equal fingerprints (tokens never
 * contain a raw `,` and the hashes are fixed width), so an unchanged reservation is recognised by
 * comparing two strings, without decoding anything.
 */
function encodeRecord(print: Fingerprint, layout: RecordLayout): string {
	// Joined, not concatenated: a poll keeps every record until the end, and a concatenation would
	// keep a tree of pieces per record (and copy it when first compared).
	const parts = [print.content, print.rest];
	if (!layout.guestDetailValues) parts.push(...print.guestDetails);
	parts.push(
		print.state,
		',',
		print.time,
		',',
		print.groupSize,
		',',
		print.tableNumber,
		',',
		print.eventId,
	);
	if (layout.guestDetailValues) for (const detail of print.guestDetails) parts.push(',', detail);
	return parts.join('');
}

/** The inverse of {@link encodeRecord}, for a record {@link decodeRecords} accepted. */
function decodeRecord(id: string, record: string, layout: RecordLayout): Fingerprint {
	const fields = record.split(',');
	const hashes = fields[0].slice(0, layout.hashesLength);
	const detailsAt = CONTENT_HASH_LENGTH + REST_HASH_LENGTH;
	const guestDetails = layout.guestDetailValues
		? fields.slice(EXACT_FIELD_COUNT)
		: Array.from({ length: GUEST_DETAIL_COUNT }, (_, i) =>
				hashes.slice(
					detailsAt + i * GUEST_DETAIL_HASH_LENGTH,
					detailsAt + (i + 1) * GUEST_DETAIL_HASH_LENGTH,
				),
			);
	return {
		id,
		content: hashes.slice(0, CONTENT_HASH_LENGTH),
		rest: hashes.slice(CONTENT_HASH_LENGTH, detailsAt),
		state: fields[0].slice(layout.hashesLength),
		time: fields[1],
		groupSize: fields[2],
		tableNumber: fields[3],
		eventId: fields[4],
		guestDetails,
	};
}

function sharedPrefix(a: string, b: string): number {
	const max = Math.min(a.length, b.length, LONGEST_SHARED_PREFIX);
	let i = 0;
	while (i < max && a.charCodeAt(i) === b.charCodeAt(i)) i++;
	return i;
}

/** One restaurant's records (in ID order, distinct IDs) as one string, IDs front-coded. */
export function encodeRecords(records: readonly StoredRecord[]): string {
	const lines = new Array<string>(records.length);
	let previousId = '';
	for (let i = 0; i < records.length; i++) {
		const { id, record } = records[i];
		const shared = sharedPrefix(previousId, id);
		previousId = id;
		lines[i] = `${shared.toString(36)}${escapeText(id.slice(shared))},${record}`;
	}
	return lines.join('|');
}

/**
 * The inverse of {@link encodeRecords}; throws on text that is not a snapshot (a record `isRecord`
 * refuses, or records out of order: a poll pairs them with the listed records by merging).
 */
export function decodeRecords(text: string, isRecord: (record: string) => boolean): StoredRecord[] {
	if (text === '') return [];
	const lines = text.split('|');
	const records = new Array<StoredRecord>(lines.length);
	let previousId = '';
	for (let i = 0; i < lines.length; i++) {
		const line = lines[i];
		const comma = line.indexOf(',');
		const record = line.slice(comma + 1);
		// The head: one base-36 digit (how much of the previous ID is shared), then the rest of the ID.
		if (comma < 1 || !isRecord(record)) throw new Error('not a snapshot record');
		const id = previousId.slice(0, parseInt(line[0], 36)) + unescapeText(line.slice(1, comma));
		if (i > 0 && !(id > previousId)) throw new Error('snapshot records out of order');
		previousId = id;
		records[i] = { id, record };
	}
	return records;
}

/** A record with the right number of fields and more than the hashes in the first. */
function isRecord(record: string, layout: RecordLayout): boolean {
	let count = 0;
	let first = -1;
	for (let at = record.indexOf(','); at !== -1; at = record.indexOf(',', at + 1)) {
		if (count++ === 0) first = at;
	}
	return count === layout.commas && first > layout.hashesLength;
}
