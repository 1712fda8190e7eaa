/**
 * The record of a reservation in the snapshot, behind one small API ({@link SnapshotFormat});
 * budget: at most 40 bytes of JSON per reservation. Records are stored as every target's are
 * (../../state/records).
 *
 * A record is `<hashes><state>,<time>,<groupSize>,<tableNumber>,<eventId>` and, when the
 * previous guest details are reported, `,<customerName>,<phone>,<email>,<specialRequests>` after it.
 * - `<hashes>`: fixed width: 5 characters over everything watched that is not stored exactly (the
 *   guest details and the rest of the record), 2 over the rest alone, and, when the previous guest
 *   details are not reported, 2 for each of the four guest details (which of them changed).
 * - the exact values are tokens of ../../state/valueTokens.
 */
import type { IDataObject } from 'n8n-workflow';
import type { ListedRecord, StoredRecord } from '../../state/records';
import { decodeRecords, encodeRecords } from '../../state/records';
import { decodeValue, StateNames } from '../../state/valueTokens';
import type { StateVocabulary } from '../../../shared/reading/vocabulary';
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

/** Fields of a record after its ID when the guest details are hashes: hashes and state, time, group size, table, event. */
const EXACT_FIELD_COUNT = 5;
const GUEST_DETAIL_COUNT = GUEST_DETAIL_FIELDS.length;

/** The snapshot format of one setting of "Report Previous Guest Details". */
export interface SnapshotFormat {
	/** A listed reservation with its record. */
	listed(reservation: IDataObject): ListedRecord;
	/** A restaurant's records, in ID order, not decoded; throws on text that is not a snapshot of this format. */
	readRecords(text: string): StoredRecord[];
	/** A restaurant's records (in ID order, distinct IDs) as the stored text. */
	writeRecords(records: readonly StoredRecord[]): string;
	/** The reservation time a record holds ("YYYY-MM-DDTHH:mm:ss", "...Z" for an instant, or whatever the API sent). */
	timeOf(stored: StoredRecord): unknown;
	/** What changed in a reservation since its record; undefined when nothing did. */
	changeSince(
		previous: StoredRecord,
		reservation: IDataObject,
		vocabulary: StateVocabulary,
		timeZone?: string,
	): Diff | undefined;
	/** The fingerprint a record holds. */
	fingerprintOf(stored: StoredRecord): Fingerprint;
	/** The state names the stored records refer to (../../state/valueTokens StateNames), as stored. */
	useStateNames(names: readonly string[]): void;
	/** The state names the records refer to now, for the stored state. */
	stateNames(): string[];
}

export function snapshotFormat(reportPreviousGuestDetails: boolean): SnapshotFormat {
	const layout = recordLayout(reportPreviousGuestDetails);
	const fingerprintOf = ({ id, record }: StoredRecord) => decodeRecord(id, record, layout);
	let states = new StateNames();
	return {
		listed(reservation) {
			const current = fingerprint(reservation, reportPreviousGuestDetails, false, states);
			return { id: current.id, value: reservation, record: encodeRecord(current, layout) };
		},
		readRecords: (text) => decodeRecords(text, (record) => isRecord(record, layout)),
		writeRecords: encodeRecords,
		timeOf: (stored) => decodeValue(fingerprintOf(stored).time, 'time'),
		changeSince: (previous, reservation, vocabulary, timeZone) =>
			diff(
				fingerprintOf(previous),
				fingerprint(reservation, reportPreviousGuestDetails, false, states),
				reservation,
				reportPreviousGuestDetails,
				vocabulary,
				states,
				timeZone,
			),
		fingerprintOf,
		useStateNames(names) {
			states = new StateNames(names);
		},
		stateNames: () => states.list(),
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

/** A record with the right number of fields and more than the hashes in the first. */
function isRecord(record: string, layout: RecordLayout): boolean {
	let count = 0;
	let first = -1;
	for (let at = record.indexOf(','); at !== -1; at = record.indexOf(',', at + 1)) {
		if (count++ === 0) first = at;
	}
	return count === layout.commas && first > layout.hashesLength;
}
