/**
 * How every watch target stores a restaurant's records: one string, one record per tracked record,
 * records sorted by ID and joined by `|`, each `<id>,<record>` ({@link encodeRecords},
 * {@link decodeRecords}). `<id>` is front-coded against the previous record's ID: one base-36
 * digit giving how many leading characters the two IDs share, then the rest of the ID (IDs are
 * opaque strings, this works for any). What a record holds is the target's own: a reservation's in
 * ../targets/reservations/recordFormat, an event's or a product's in
 * ../targets/completeList/fieldRecords.
 */
import type { IDataObject } from 'n8n-workflow';
import { escapeText, unescapeText } from './valueTokens';

const LONGEST_SHARED_PREFIX = 35;

/** One tracked record in a snapshot: its ID and its record (everything a poll compares). */
export interface StoredRecord {
	id: string;
	record: string;
}

/** A record as listed now (`value`, as the API sent it), with its stored form (its fingerprint is computed again only when it changed). */
export interface ListedRecord extends StoredRecord {
	value: IDataObject;
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
