/**
 * The record format of a watch target described by its fields (events, products): some fields are
 * stored exactly (an update reports their previous values), some are told apart by a 2-character
 * hash each (named when they change, with the new value only), and everything else falls under one
 * hash (a change there is `otherFieldsChanged`).
 *
 * A record is `<hashes>,<token>,<token>,...`: fixed-width hashes (5 characters over the hashed
 * fields and the rest; when there are hashed fields, 2 more over the rest alone and 2 per hashed
 * field), then one value token (../../state/valueTokens) per exact field, in order. Records are stored with
 * the other records of their restaurant as ../../state/records writes them.
 */
import type { IDataObject } from 'n8n-workflow';
import type { FieldChange } from '../reservations/changes';
import { Hash53, hashDigits, isOmitted } from '../../state/hash';
import type { ListedRecord, StoredRecord } from '../../state/records';
import { decodeRecords, encodeRecords } from '../../state/records';
import type { ValueKind } from '../../state/valueTokens';
import { decodeValue, encodeValue } from '../../state/valueTokens';

const CONTENT_HASH_LENGTH = 5;
const REST_HASH_LENGTH = 2;
const FIELD_HASH_LENGTH = 2;
/** The token of an optional field the listing did not read: never compared. */
const UNREAD = '';

export interface ExactField {
	name: string;
	kind: ValueKind;
	/**
	 * Missing from a listing when it was not read this poll (`json` fields only: their tokens are
	 * never empty). A field unread before or now is not compared.
	 */
	optional?: boolean;
}

export interface RecordFields {
	/** Stored exactly, in this order: their previous values are reported. */
	exact: readonly ExactField[];
	/** Told apart by a short hash each: named when they change, without the previous value. */
	hashed: readonly string[];
	/** Never a change (the ID, bookkeeping). */
	ignored: readonly string[];
}

/** What changed in one record since its stored record. */
export interface FieldDiff {
	/** Exact fields in their order, then hashed fields in theirs. */
	changedFields: string[];
	/** Per changed field: `previous` (exact fields only) and `current`. */
	changes: Record<string, FieldChange>;
	/** Something outside the named fields changed. */
	otherFieldsChanged: boolean;
}

export interface FieldRecords {
	/** A listed record (its `id` is its ID) with its stored form. */
	listed(value: IDataObject): ListedRecord;
	/** A restaurant's records, in ID order, not decoded; throws on text that is not a snapshot of these fields. */
	readRecords(text: string): StoredRecord[];
	writeRecords(records: readonly StoredRecord[]): string;
	/** What changed in a record since its stored record; undefined when nothing watched did. */
	changeSince(before: StoredRecord, value: IDataObject): FieldDiff | undefined;
	/** The exact values a stored record keeps, by field name (an unread optional field left out). */
	kept(stored: StoredRecord): IDataObject;
}

interface Decoded {
	content: string;
	rest: string;
	fields: string[];
	tokens: string[];
}

export function fieldRecords(spec: RecordFields): FieldRecords {
	for (const field of spec.exact)
		if (field.optional && field.kind !== 'json')
			throw new Error(`Only json fields can be optional (${field.name})`);
	const named = new Set([...spec.exact.map((f) => f.name), ...spec.hashed, ...spec.ignored]);
	const withHashes = spec.hashed.length > 0;
	const hashesLength =
		CONTENT_HASH_LENGTH +
		(withHashes ? REST_HASH_LENGTH + FIELD_HASH_LENGTH * spec.hashed.length : 0);

	const encode = (value: IDataObject): string => {
		const rest = restHash(value, named);
		const content = new Hash53();
		const fieldHashes = spec.hashed.map((name) => {
			const hash = hashOf(value[name]);
			content.hash(hash);
			return hashDigits(hash, FIELD_HASH_LENGTH);
		});
		const parts = [hashDigits(content.hash(rest).value(), CONTENT_HASH_LENGTH)];
		if (withHashes) parts.push(hashDigits(rest, REST_HASH_LENGTH), ...fieldHashes);
		const tokens = spec.exact.map((field) =>
			field.optional && value[field.name] === undefined
				? UNREAD
				: encodeValue(value[field.name], field.kind),
		);
		return [parts.join(''), ...tokens].join(',');
	};

	const decode = (record: string): Decoded => {
		const [hashes, ...tokens] = record.split(',');
		const fieldsAt = CONTENT_HASH_LENGTH + REST_HASH_LENGTH;
		return {
			content: hashes.slice(0, CONTENT_HASH_LENGTH),
			rest: withHashes ? hashes.slice(CONTENT_HASH_LENGTH, fieldsAt) : '',
			fields: spec.hashed.map((_, i) =>
				hashes.slice(fieldsAt + i * FIELD_HASH_LENGTH, fieldsAt + (i + 1) * FIELD_HASH_LENGTH),
			),
			tokens,
		};
	};

	const isRecord = (record: string): boolean => {
		const parts = record.split(',');
		return parts.length === spec.exact.length + 1 && parts[0].length === hashesLength;
	};

	return {
		listed: (value) => ({ id: String(value.id), value, record: encode(value) }),
		readRecords: (text) => decodeRecords(text, isRecord),
		writeRecords: encodeRecords,
		changeSince(before, value) {
			const [was, now] = [decode(before.record), decode(encode(value))];
			const changes: Record<string, FieldChange> = {};
			spec.exact.forEach((field, i) => {
				const [a, b] = [was.tokens[i], now.tokens[i]];
				if (a === b || (field.optional && (a === UNREAD || b === UNREAD))) return;
				changes[field.name] = {
					previous: decodeValue(a, field.kind),
					current: value[field.name] ?? null,
				};
			});
			let namedChanged = false;
			spec.hashed.forEach((name, i) => {
				if (was.fields[i] === now.fields[i]) return;
				namedChanged = true;
				changes[name] = { current: value[name] ?? null };
			});
			// As for reservations: a changed content hash with no hashed field seen to change can only
			// be a change of the rest (the short hashes may collide).
			const otherFieldsChanged =
				was.rest !== now.rest || (was.content !== now.content && !namedChanged);
			const changedFields = Object.keys(changes);
			if (changedFields.length === 0 && !otherFieldsChanged) return undefined;
			return { changedFields, changes, otherFieldsChanged };
		},
		kept({ record }) {
			const { tokens } = decode(record);
			const kept: IDataObject = {};
			spec.exact.forEach((field, i) => {
				if (!(field.optional && tokens[i] === UNREAD))
					kept[field.name] = decodeValue(tokens[i], field.kind) as IDataObject[string];
			});
			return kept;
		},
	};
}

function hashOf(value: unknown): number {
	return new Hash53().json(value === undefined ? null : value).value();
}

function isBlank(value: unknown): boolean {
	if (value === null || isOmitted(value)) return true;
	if (typeof value !== 'object') return false;
	return Array.isArray(value) ? value.length === 0 : Object.keys(value).length === 0;
}

/**
 * The hash of every field not named, keys sorted, blank values (null, [], {}) left out: a field the
 * API starts sending empty, or a change of key order, is not a change of every record.
 */
function restHash(value: IDataObject, named: ReadonlySet<string>): number {
	const hash = new Hash53();
	for (const key of Object.keys(value).sort()) {
		if (named.has(key) || isBlank(value[key])) continue;
		hash.string(key).json(value[key]);
	}
	return hash.value();
}
