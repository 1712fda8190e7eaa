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

/** 64 characters that JSON.stringify leaves alone and that the record syntax does not use. */
const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_';
const ESCAPED = /[%,|~!]/g;
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

/** Held locally: a global lookup in the hot loop is slow where globals are intercepted (vm contexts). */
const imul = Math.imul;

/** cyrb53: a fast, well-mixed 53-bit string hash (no dependency, no crypto needed for a fingerprint). */
export function hash53(text: string, seed = 0): number {
	let h1 = 0xdeadbeef ^ seed;
	let h2 = 0x41c6ce57 ^ seed;
	for (let i = 0; i < text.length; i++) {
		const ch = text.charCodeAt(i);
		h1 = imul(h1 ^ ch, 2654435761);
		h2 = imul(h2 ^ ch, 1597334677);
	}
	h1 = imul(h1 ^ (h1 >>> 16), 2246822507);
	h1 ^= imul(h2 ^ (h2 >>> 13), 3266489909);
	h2 = imul(h2 ^ (h2 >>> 16), 2246822507);
	h2 ^= imul(h1 ^ (h1 >>> 13), 3266489909);
	return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** `length` (at most 8) characters of the hash of `text`, 6 bits each. */
export function digest(text: string, length: number): string {
	return digits(hash53(text), length);
}

/** `length` (at most 8) characters of a 53-bit hash, 6 bits each. */
export function digits(hash: number, length: number): string {
	let value = hash;
	let out = '';
	for (let i = 0; i < length; i++) {
		out += ALPHABET[value % 64];
		value = Math.floor(value / 64);
	}
	return out;
}

export function escapeText(text: string): string {
	return text.replace(ESCAPED, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

export function unescapeText(text: string): string {
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
		case 'time': {
			// Restaurant-local wall-clock times to the minute (the usual case) in 5 characters; anything else as JSON.
			const naive = typeof value === 'string' ? parseLocal(value) : undefined;
			return naive === undefined || naive % MINUTE_MS !== 0 ? rawToken(value) : (naive / MINUTE_MS).toString(36);
		}
	}
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

/** One restaurant's snapshot as a string. `keepTexts`: the texts are value tokens, not hashes. */
export function encodeSnapshot(entries: Iterable<Fingerprint>, keepTexts: boolean): string {
	const sorted = [...entries].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
	const records: string[] = [];
	let previousId = '';
	for (const e of sorted) {
		const shared = sharedPrefix(previousId, e.id);
		previousId = e.id;
		const head = shared.toString(36) + escapeText(e.id.slice(shared));
		const hashes = e.content + e.rest + (keepTexts ? '' : e.texts.join(''));
		const fields = [head, hashes + e.state, e.time, e.groupSize, e.tableNumber, e.eventId];
		if (keepTexts) fields.push(...e.texts);
		records.push(fields.join(','));
	}
	return records.join('|');
}

/** The inverse of {@link encodeSnapshot}; throws on text that is not a snapshot. */
export function decodeSnapshot(text: string, keepTexts: boolean, textCount: number): Map<string, Fingerprint> {
	const entries = new Map<string, Fingerprint>();
	if (text === '') return entries;
	let previousId = '';
	const fixed = CONTENT_HASH_LENGTH + REST_HASH_LENGTH + (keepTexts ? 0 : TEXT_HASH_LENGTH * textCount);
	for (const record of text.split('|')) {
		const fields = record.split(',');
		if (fields.length !== (keepTexts ? 6 + textCount : 6) || fields[1].length <= fixed) throw new Error('not a snapshot record');
		const shared = parseInt(fields[0][0], 36);
		const id = previousId.slice(0, shared) + unescapeText(fields[0].slice(1));
		previousId = id;
		const hashes = fields[1].slice(0, fixed);
		const texts = keepTexts
			? fields.slice(6)
			: Array.from({ length: textCount }, (_, i) => hashes.slice(CONTENT_HASH_LENGTH + REST_HASH_LENGTH + i * TEXT_HASH_LENGTH, CONTENT_HASH_LENGTH + REST_HASH_LENGTH + (i + 1) * TEXT_HASH_LENGTH));
		entries.set(id, {
			id,
			content: hashes.slice(0, CONTENT_HASH_LENGTH),
			rest: hashes.slice(CONTENT_HASH_LENGTH, CONTENT_HASH_LENGTH + REST_HASH_LENGTH),
			state: fields[1].slice(fixed),
			time: fields[2],
			groupSize: fields[3],
			tableNumber: fields[4],
			eventId: fields[5],
			texts,
		});
	}
	return entries;
}
