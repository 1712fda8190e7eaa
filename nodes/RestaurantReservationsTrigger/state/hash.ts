/**
 * The trigger's one hash: 53 bits over JSON values (the fingerprints of the snapshot), computed by
 * walking the value instead of writing it as JSON first (writing the JSON was most of the cost of a
 * poll), and over plain text (the settings key); written as fixed-width text by {@link hashDigits}.
 *
 * It is cyrb53's mixing (two 32-bit lanes, a final avalanche) fed 32-bit words instead of single
 * characters: text two UTF-16 code units per word, small integers as themselves, and a tag before
 * every value, so that the words of different values never read alike ("ab" + "c" is not "a" + "bc",
 * [1, [2]] is not [[1], 2]). Values JSON.stringify writes alike hash alike.
 */

/** Held locally: a global lookup in the hot loop is slow where globals are intercepted (vm contexts). */
const imul = Math.imul;
const stringify = JSON.stringify;
const isArray = Array.isArray;
const getPrototypeOf = Object.getPrototypeOf;
const objectPrototype = Object.prototype;

/** One tag before each value (and at the end of an array or object). */
const NULL = 1;
const FALSE = 2;
const TRUE = 3;
const INTEGER = 4;
const NUMBER = 5;
const STRING = 6;
const ARRAY = 7;
const OBJECT = 8;
const END = 9;
const OTHER = 10;

const TWO_POW_32 = 4294967296;

/** 64 characters that JSON.stringify leaves alone and that the snapshot's record syntax does not use. */
const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_';

export class Hash53 {
	private h1: number;
	private h2: number;

	constructor(seed = 0) {
		this.h1 = 0xdeadbeef ^ seed;
		this.h2 = 0x41c6ce57 ^ seed;
	}

	/** Mixes in a 32-bit integer. */
	word(value: number): this {
		// Spread the high bits of the word over the low ones first: multiplication only carries upward.
		let w = imul(value, 0x9e3779b1);
		w ^= w >>> 16;
		this.h1 = imul(this.h1 ^ w, 2654435761);
		this.h2 = imul(this.h2 ^ w, 1597334677);
		return this;
	}

	/** Mixes in a 53-bit hash (from {@link value}): its low 32 bits, then the rest (word() drops the fraction). */
	hash(value: number): this {
		return this.word(value % TWO_POW_32).word(value / TWO_POW_32);
	}

	/** Mixes in a string: its length, then its UTF-16 code units two at a time. */
	string(text: string): this {
		this.word(text.length);
		let h1 = this.h1;
		let h2 = this.h2;
		const length = text.length;
		for (let i = 0; i < length; i += 2) {
			// charCodeAt past the end is NaN, which `|` and `<<` read as 0.
			let w = imul(text.charCodeAt(i) | (text.charCodeAt(i + 1) << 16), 0x9e3779b1);
			w ^= w >>> 16;
			h1 = imul(h1 ^ w, 2654435761);
			h2 = imul(h2 ^ w, 1597334677);
		}
		this.h1 = h1;
		this.h2 = h2;
		return this;
	}

	/**
	 * Mixes in a string one UTF-16 code unit at a time, as they are: from a fresh hash, exactly cyrb53.
	 * Only for the settings key, stored since the first version: {@link string} is the faster mix.
	 */
	characters(text: string): this {
		let h1 = this.h1;
		let h2 = this.h2;
		for (let i = 0; i < text.length; i++) {
			const ch = text.charCodeAt(i);
			h1 = imul(h1 ^ ch, 2654435761);
			h2 = imul(h2 ^ ch, 1597334677);
		}
		this.h1 = h1;
		this.h2 = h2;
		return this;
	}

	/** Mixes in a JSON value (`value` must not be undefined, a function or a symbol). */
	json(value: unknown): this {
		switch (typeof value) {
			case 'string':
				return this.word(STRING).string(value);
			case 'number':
				// A 32-bit integer (the usual number) as itself; -0 is 0, as in JSON.
				if ((value | 0) === value) return this.word(INTEGER).word(value);
				// JSON writes NaN and the infinities as null.
				return Number.isFinite(value) ? this.word(NUMBER).string(String(value)) : this.word(NULL);
			case 'boolean':
				return this.word(value ? TRUE : FALSE);
			case 'object':
				if (value === null) return this.word(NULL);
				if (isArray(value)) return this.array(value);
				if (isPlainRecord(value)) return this.record(value);
		}
		// Anything JSON.parse does not make (toJSON, boxed values, class instances): as JSON.stringify writes it.
		return this.word(OTHER).string(String(stringify(value)));
	}

	/** The 53-bit hash of everything mixed in so far. */
	value(): number {
		let h1 = this.h1;
		let h2 = this.h2;
		h1 = imul(h1 ^ (h1 >>> 16), 2246822507);
		h1 ^= imul(h2 ^ (h2 >>> 13), 3266489909);
		h2 = imul(h2 ^ (h2 >>> 16), 2246822507);
		h2 ^= imul(h1 ^ (h1 >>> 13), 3266489909);
		return TWO_POW_32 * (2097151 & h2) + (h1 >>> 0);
	}

	private array(values: unknown[]): this {
		this.word(ARRAY);
		for (const value of values) {
			// JSON.stringify writes what it cannot write as null inside an array.
			if (isOmitted(value)) this.word(NULL);
			else this.json(value);
		}
		return this.word(END);
	}

	private record(record: Record<string, unknown>): this {
		this.word(OBJECT);
		for (const key of Object.keys(record)) {
			const value = record[key];
			if (!isOmitted(value)) this.word(STRING).string(key).json(value);
		}
		return this.word(END);
	}
}

/** `length` (at most 8) characters of a 53-bit hash, 6 bits each: JSON-safe, none of `% , | ~ !`. */
export function hashDigits(hash: number, length: number): string {
	let value = hash;
	let out = '';
	for (let i = 0; i < length; i++) {
		out += DIGITS[value % 64];
		value = Math.floor(value / 64);
	}
	return out;
}

/** `length` (at most 8) characters of the hash of a text. */
export function textDigest(text: string, length: number): string {
	return hashDigits(new Hash53().characters(text).value(), length);
}

/** What JSON.stringify leaves out of an object (and writes as null in an array). */
export function isOmitted(value: unknown): boolean {
	return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

/** An object JSON.stringify writes member by member: what JSON.parse makes. */
function isPlainRecord(value: object): value is Record<string, unknown> {
	const prototype = getPrototypeOf(value) as unknown;
	return (
		(prototype === objectPrototype || prototype === null) &&
		typeof (value as { toJSON?: unknown }).toJSON !== 'function'
	);
}
