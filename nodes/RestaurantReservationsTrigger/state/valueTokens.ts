/**
 * The exact values of the snapshot as short tokens: `~` null, `!<json>` anything unexpected; times
 * as base-36 minutes since 1970 (restaurant-local wall clock; `*` and the minutes since 1970 UTC
 * for a time with an offset or `Z`, which names an instant), integers in base 36, states as one
 * letter, text as itself, other numbers as JavaScript writes them, booleans as `t`/`f`, and `json`
 * values (objects, arrays) always as `!<json>`. Free text is escaped so that none of `% , | ~ !`
 * appears raw in a token: a token never breaks the record syntax of ./records.
 */
import { formatLocal, parseLocal } from '../../shared/dateWindows';

const ESCAPED = /[%,|~!]/g;
const NEEDS_ESCAPE = /[%,|~!]/;
const NULL_TOKEN = '~';
const RAW_PREFIX = '!';
const MINUTE_MS = 60_000;
/** Starts the token of a time with an offset: not a base-36 digit, nothing escaped. */
const INSTANT_PREFIX = '*';
const OFFSET_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

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
const STATE_NAMES = Object.fromEntries(
	Object.entries(STATE_CODES).map(([name, code]) => [code, name]),
);

export type ValueKind = 'time' | 'int' | 'text' | 'state' | 'number' | 'bool' | 'json';

export function escapeText(text: string): string {
	// Most texts (IDs, table numbers) have nothing to escape: skip the replace and its new string.
	if (!NEEDS_ESCAPE.test(text)) return text;
	return text.replace(ESCAPED, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

export function unescapeText(text: string): string {
	if (!text.includes('%')) return text;
	return text.replace(/%([0-9a-f]{2})/g, (_, hex: string) =>
		String.fromCharCode(parseInt(hex, 16)),
	);
}

function rawToken(value: unknown): string {
	return RAW_PREFIX + escapeText(JSON.stringify(value));
}

function fromRawToken(token: string): unknown {
	return JSON.parse(unescapeText(token.slice(1))) as unknown;
}

/** A value as a token of its kind. Equal tokens mean equal values (times compared to the second). */
export function encodeValue(value: unknown, kind: ValueKind): string {
	if (value === null || value === undefined) return NULL_TOKEN;
	switch (kind) {
		case 'int':
			return typeof value === 'number' && Number.isSafeInteger(value)
				? value.toString(36)
				: rawToken(value);
		case 'text':
			return typeof value === 'string' ? escapeText(value) : rawToken(value);
		case 'state':
			return typeof value === 'string' && STATE_CODES[value] !== undefined
				? STATE_CODES[value]
				: rawToken(value);
		case 'time':
			return typeof value === 'string' ? timeToken(value) : rawToken(value);
		case 'number':
			// Digits, `.`, `-`, `e`, `+`: nothing to escape.
			return typeof value === 'number' && Number.isFinite(value) ? String(value) : rawToken(value);
		case 'bool':
			return value === true ? 't' : value === false ? 'f' : rawToken(value);
		case 'json':
			return rawToken(value);
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
		// Restaurant-local wall-clock times to the minute (the usual case) in 5 characters, an
		// instant (a time with an offset) to the minute in 6; anything else as JSON.
		const naive = parseLocal(value);
		const instant = naive === undefined && OFFSET_TIME.test(value) ? Date.parse(value) : NaN;
		token =
			naive !== undefined && naive % MINUTE_MS === 0
				? (naive / MINUTE_MS).toString(36)
				: instant % MINUTE_MS === 0
					? INSTANT_PREFIX + (instant / MINUTE_MS).toString(36)
					: rawToken(value);
		if (timeTokens.size >= TIME_TOKENS_KEPT) timeTokens.clear();
		timeTokens.set(value, token);
	}
	return token;
}

/**
 * The token a time with an offset had before such times were read as instants (stored by releases
 * up to 0.1.0): the time of a record described by 0.1.0's reading (../targets/reservations/layout).
 */
export function earlierTimeToken(value: unknown): string {
	return typeof value === 'string' && parseLocal(value) === undefined && OFFSET_TIME.test(value)
		? rawToken(value)
		: encodeValue(value, 'time');
}

/** Starts the token of a state named in the snapshot's list of state names ({@link StateNames}). */
const NAMED_STATE_PREFIX = '^';
/** Names a list holds at most (two base-36 digits); a state beyond them is stored as JSON. */
const MOST_STATE_NAMES = 36 * 36;

/**
 * The states of a platform whose vocabulary is not the sandbox's ("Confirmed", "CANCELED_BY_GUEST"),
 * each stored once per trigger, in a list kept with the stored state: a record holds `^` and the
 * state's place in the list (2 or 3 characters instead of its JSON). The list only grows, and is
 * stored with every state that holds a record it names.
 */
export class StateNames {
	private readonly names: string[];
	private readonly places = new Map<string, number>();

	constructor(names: readonly string[] = []) {
		this.names = [...names];
		this.names.forEach((name, i) => this.places.set(name, i));
	}

	encode(value: unknown): string {
		if (typeof value !== 'string' || STATE_CODES[value] !== undefined)
			return encodeValue(value, 'state');
		let place = this.places.get(value);
		if (place === undefined) {
			if (this.names.length >= MOST_STATE_NAMES) return encodeValue(value, 'state');
			place = this.names.push(value) - 1;
			this.places.set(value, place);
		}
		return NAMED_STATE_PREFIX + place.toString(36);
	}

	decode(token: string): unknown {
		if (!token.startsWith(NAMED_STATE_PREFIX)) return decodeValue(token, 'state');
		return this.names[parseInt(token.slice(1), 36)] ?? null;
	}

	list(): string[] {
		return [...this.names];
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
			return token.startsWith(INSTANT_PREFIX)
				? `${formatLocal(parseInt(token.slice(1), 36) * MINUTE_MS)}Z`
				: formatLocal(parseInt(token, 36) * MINUTE_MS);
		case 'number':
			return Number(token);
		case 'bool':
			return token === 't';
		case 'json':
			return token;
	}
}
