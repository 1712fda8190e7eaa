/**
 * The trigger's snapshot, encoded compactly: one string per restaurant, one record per tracked
 * reservation, records sorted by ID. Budget: at most 40 bytes of JSON per reservation.
 *
 * A record is `<id>,<hashes><state>,<time>,<groupSize>,<tableNumber>,<eventId>` and, when the
 * guest details are kept, `,<customerName>,<phone>,<email>,<specialRequests>` after it; records
 * are joined by `|`.
 * - `<id>`: front-coded against the previous record's ID: one base-36 digit giving how many leading
 *   characters the two IDs share, then the rest of the ID (IDs are opaque strings, this works for any).
 * - `<hashes>`: fixed width: 5 characters over everything watched that is not stored exactly (the
 *   guest details and the rest of the record), 2 over the rest alone, and, when the guest details
 *   are not kept, 2 for each of the four guest details (which of them changed).
 * - the exact values are tokens: `~` null, `!<json>` anything unexpected; times as base-36 minutes
 *   since 1970 (restaurant-local wall clock), integers in base 36, states as one letter.
 * Free text is escaped so that none of `% , | ~ !` appears raw in a token.
 */
import { formatLocal, parseLocal } from '../shared/dateWindows';

const ESCAPED = /[%,|~!]/g;
const NEEDS_ESCAPE = /[%,|~!]/;
const NULL_TOKEN = '~';
const RAW_PREFIX = '!';
const MINUTE_MS = 60_000;
const LONGEST_SHARED_PREFIX = 35;

export const CONTENT_HASH_LENGTH = 5;
export const REST_HASH_LENGTH = 2;
export const TEXT_HASH_LENGTH = 2;

/** Known reservation states, each stored as one letter; any other value is stored as JSON. */
const STATE_CODES: Record<string, string> = {
	pending: 'p',
	confirmed: 'c',
	arrived: 'a',
	seated: 's',
	completed: 'd',
	noShow: 'n',
	cancelled: 'x',
};
const STATE_NAMES = Object.fromEntries(Object.entries(STATE_CODES).map(([name, code]) => [code, name]));

export function escapeText(text: string): string {
	// Most texts (IDs, table numbers) have nothing to escape: skip the replace and its new string.
	if (!NEEDS_ESCAPE.test(text)) return text;
	return text.replace(ESCAPED, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

export function unescapeText(text: string): string {
	if (!text.includes('%')) return text;
	return text.replace(/%([0-9a-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function rawToken(value: unknown): string {
	return RAW_PREFIX + escapeText(JSON.stringify(value));
}

function fromRawToken(token: string): unknown {
	return JSON.parse(unescapeText(token.slice(1))) as unknown;
}

export type ValueKind = 'time' | 'int' | 'text' | 'state';

/** A value as a token of its kind. Equal tokens mean equal values (times compared to the second). */
export function encodeValue(value: unknown, kind: ValueKind): string {
	if (value === null || value === undefined) return NULL_TOKEN;
	switch (kind) {
		case 'int':
			return typeof value === 'number' && Number.isSafeInteger(value) ? value.toString(36) : rawToken(value);
		case 'text':
			return typeof value === 'string' ? escapeText(value) : rawToken(value);
		case 'state':
			return typeof value === 'string' && STATE_CODES[value] !== undefined ? STATE_CODES[value] : rawToken(value);
		case 'time':
			return typeof value === 'string' ? timeToken(value) : rawToken(value);
	}
}

/**
 * Time tokens by text. Parsing a time is a good part of fingerprinting a reservation, and the same
 * few thousand times (days x slots) come back in every poll. Bounded: emptied when full.
 */
const timeTokens = new Map<string, string>();
const TIME_TOKENS_KEPT = 20_000;

function timeToken(value: string): string {
	let token = timeTokens.get(value);
	if (token === undefined) {
		// Restaurant-local wall-clock times to the minute (the usual case) in 5 characters; anything else as JSON.
		const naive = parseLocal(value);
		token = naive === undefined || naive % MINUTE_MS !== 0 ? rawToken(value) : (naive / MINUTE_MS).toString(36);
		if (timeTokens.size >= TIME_TOKENS_KEPT) timeTokens.clear();
		timeTokens.set(value, token);
	}
	return token;
}

/** The value a token stands for (a time comes back as "YYYY-MM-DDTHH:mm:ss"). */
export function decodeValue(token: string, kind: ValueKind): unknown {
	if (token === NULL_TOKEN) return null;
	if (token.startsWith(RAW_PREFIX)) return fromRawToken(token);
	switch (kind) {
		case 'int':
			return parseInt(token, 36);
		case 'text':
			return unescapeText(token);
		case 'state':
			return STATE_NAMES[token] ?? token;
		case 'time':
			return formatLocal(parseInt(token, 36) * MINUTE_MS);
	}
}

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
	/** Guest details: hashes (compact) or value tokens (kept), in TEXT_FIELDS order. */
	texts: string[];
}

function sharedPrefix(a: string, b: string): number {
	const max = Math.min(a.length, b.length, LONGEST_SHARED_PREFIX);
	let i = 0;
	while (i < max && a.charCodeAt(i) === b.charCodeAt(i)) i++;
	return i;
}

/**
 * One reservation's record without its ID: everything a poll compares. Equal records mean equal
 * fingerprints (tokens never contain a raw `,` and the hashes are fixed width), so an unchanged
 * reservation is recognised by comparing two strings, without decoding anything.
 */
export function encodeRecord(e: Fingerprint, keepTexts: boolean): string {
	// Joined, not concatenated: a poll keeps every record until the end, and a concatenation would
	// keep a tree of pieces per record (and copy it when first compared).
	const parts = [e.content, e.rest];
	if (!keepTexts) parts.push(...e.texts);
	parts.push(e.state, ',', e.time, ',', e.groupSize, ',', e.tableNumber, ',', e.eventId);
	if (keepTexts) for (const text of e.texts) parts.push(',', text);
	return parts.join('');
}

/** Width of the hashes at the start of a record. */
function hashesLength(keepTexts: boolean, textCount: number): number {
	return CONTENT_HASH_LENGTH + REST_HASH_LENGTH + (keepTexts ? 0 : TEXT_HASH_LENGTH * textCount);
}

/** The inverse of {@link encodeRecord}, for a record {@link decodeRecords} accepted. */
export function decodeRecord(id: string, record: string, keepTexts: boolean, textCount: number): Fingerprint {
	const fields = record.split(',');
	const fixed = hashesLength(keepTexts, textCount);
	const hashes = fields[0].slice(0, fixed);
	const textsAt = CONTENT_HASH_LENGTH + REST_HASH_LENGTH;
	const texts = keepTexts ? fields.slice(5) : Array.from({ length: textCount }, (_, i) => hashes.slice(textsAt + i * TEXT_HASH_LENGTH, textsAt + (i + 1) * TEXT_HASH_LENGTH));
	return {
		id,
		content: hashes.slice(0, CONTENT_HASH_LENGTH),
		rest: hashes.slice(CONTENT_HASH_LENGTH, textsAt),
		state: fields[0].slice(fixed),
		time: fields[1],
		groupSize: fields[2],
		tableNumber: fields[3],
		eventId: fields[4],
		texts,
	};
}

/** One reservation in a snapshot: its ID and its record (see {@link encodeRecord}). */
export interface StoredRecord {
	id: string;
	record: string;
}

/** Orders by ID, by UTF-16 code units (as `<` compares). */
export function byId(a: { id: string }, b: { id: string }): number {
	return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** One restaurant's snapshot from its records, in ID order (distinct IDs). */
export function encodeRecords(entries: readonly StoredRecord[]): string {
	const lines = new Array<string>(entries.length);
	let previousId = '';
	for (let i = 0; i < entries.length; i++) {
		const { id, record } = entries[i];
		const shared = sharedPrefix(previousId, id);
		previousId = id;
		lines[i] = `${shared.toString(36)}${escapeText(id.slice(shared))},${record}`;
	}
	return lines.join('|');
}

/**
 * The records of a snapshot, in ID order, not decoded; throws on text that is not a snapshot
 * (including records out of order: a poll pairs them with the listed reservations by merging).
 */
export function decodeRecords(text: string, keepTexts: boolean, textCount: number): StoredRecord[] {
	if (text === '') return [];
	const commas = keepTexts ? 4 + textCount : 4;
	const fixed = hashesLength(keepTexts, textCount);
	const lines = text.split('|');
	const records = new Array<StoredRecord>(lines.length);
	let previousId = '';
	for (let i = 0; i < lines.length; i++) {
		const line = lines[i];
		const comma = line.indexOf(',');
		const record = line.slice(comma + 1);
		// The head: one base-36 digit (how much of the previous ID is shared), then the rest of the ID.
		if (comma < 1 || !isRecord(record, commas, fixed)) throw new Error('not a snapshot record');
		const id = previousId.slice(0, parseInt(line[0], 36)) + unescapeText(line.slice(1, comma));
		if (i > 0 && !(id > previousId)) throw new Error('snapshot records out of order');
		previousId = id;
		records[i] = { id, record };
	}
	return records;
}

/** A record with the right number of fields and more than the hashes in the first. */
function isRecord(record: string, commas: number, fixed: number): boolean {
	let count = 0;
	let first = -1;
	for (let at = record.indexOf(','); at !== -1; at = record.indexOf(',', at + 1)) {
		if (count++ === 0) first = at;
	}
	return count === commas && first > fixed;
}

export interface Pairing {
	/** For each entry, its previous record; undefined when it has none (a new reservation). */
	previous: Array<string | undefined>;
	/** The previous records of no entry. */
	unlisted: StoredRecord[];
}

/** Pairs entries with previous records by ID, both in ID order: one merge, no lookups. */
export function pairRecords(before: readonly StoredRecord[], entries: ReadonlyArray<{ id: string }>): Pairing {
	const previous = new Array<string | undefined>(entries.length);
	const unlisted: StoredRecord[] = [];
	let j = 0;
	for (let i = 0; i < entries.length; i++) {
		const id = entries[i].id;
		while (j < before.length && before[j].id < id) unlisted.push(before[j++]);
		previous[i] = j < before.length && before[j].id === id ? before[j++].record : undefined;
	}
	while (j < before.length) unlisted.push(before[j++]);
	return { previous, unlisted };
}

/** One restaurant's snapshot as a string. `keepTexts`: the texts are value tokens, not hashes. */
export function encodeSnapshot(entries: Iterable<Fingerprint>, keepTexts: boolean): string {
	const records = [...entries].map((e) => ({ id: e.id, record: encodeRecord(e, keepTexts) }));
	return encodeRecords(records.sort(byId));
}

/** The inverse of {@link encodeSnapshot}; throws on text that is not a snapshot. */
export function decodeSnapshot(text: string, keepTexts: boolean, textCount: number): Map<string, Fingerprint> {
	const entries = new Map<string, Fingerprint>();
	for (const { id, record } of decodeRecords(text, keepTexts, textCount)) entries.set(id, decodeRecord(id, record, keepTexts, textCount));
	return entries;
}
