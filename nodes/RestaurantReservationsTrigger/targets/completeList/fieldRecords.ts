/**
 * The record format of a watch target described by its fields (events, products): some fields are
 * stored exactly (an update reports their previous values), some are told apart by a 2-character
 * hash each (named when they change, with the new value only), and everything else falls under one
 * hash (a change there is `otherFieldsChanged`).
 *
 * A record is `<hashes>,<token>,<token>,...`: fixed-width hashes (5 characters over the hashed
 * fields and the rest; when there are hashed fields, 2 more over the rest alone and 2 per hashed
 * field), then one value token (../../state/valueTokens) per exact field, in order. Records are stored with
 * the other records of their restaurant as ../../state/records writes them. Which fields a record
 * holds is told by the description stored with its snapshot (../../state/description): a poll writes
 * records by the target's fields and reads each stored one by the fields it was written with.
 */
import type { IDataObject } from 'n8n-workflow';
import type { FieldChange } from '../reservations/changes';
import type { ExactField, RecordDescription } from '../../state/description';
import {
	compiledOnce,
	describeExact,
	HASH,
	readDescription,
	textList,
} from '../../state/description';
import { Hash53, hashDigits, isOmitted } from '../../state/hash';
import type { ListedRecord, StoredRecord } from '../../state/records';
import { decodeRecords, encodeRecords } from '../../state/records';
import { decodeValue, encodeValue } from '../../state/valueTokens';

/** Widths: the hash over the hashed fields and the rest, the one over the rest, one per hashed field. */
const WIDTHS = [5, 2, 2];
/** The token of an optional field the listing did not read: never compared. */
const UNREAD = '';

export interface RecordFields {
	/** Stored exactly, in this order: their previous values are reported. */
	exact: readonly ExactField[];
	/** Told apart by a short hash each: named when they change, without the previous value. */
	hashed: readonly string[];
	/** Never a change (the ID, bookkeeping). */
	ignored: readonly string[];
}

export interface FieldsDescription extends RecordDescription {
	hashed: string[];
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
	/** What the records it writes hold: stored with the snapshot. */
	description: FieldsDescription;
	/** A listed record (its `id` is its ID) with its stored form. */
	listed(value: IDataObject): ListedRecord;
	/**
	 * A restaurant's records by the description they were stored with, in ID order, not decoded;
	 * throws on text that is not a snapshot of it, or on a description this release cannot read.
	 */
	readRecords(text: string, description: unknown): StoredRecord[];
	writeRecords(records: readonly StoredRecord[]): string;
	/** What changed in a record since its stored record (stored by `description`); undefined when nothing watched did. */
	changeSince(
		before: StoredRecord,
		description: unknown,
		value: IDataObject,
	): FieldDiff | undefined;
	/** The exact values a stored record keeps, by field name (an unread optional field left out). */
	kept(stored: StoredRecord, description?: unknown): IDataObject;
}

/** The description of records of these fields. */
export function describeFields(fields: RecordFields): FieldsDescription {
	return {
		records: 'fields',
		hash: HASH,
		widths: [...WIDTHS],
		exact: describeExact(fields.exact),
		hashed: [...fields.hashed],
		ignored: [...fields.ignored],
	};
}

interface FieldLayout {
	exact: readonly ExactField[];
	hashed: readonly string[];
	/** The exact, hashed and ignored fields: not in the rest. */
	named: ReadonlySet<string>;
	contentLength: number;
	restLength: number;
	fieldLength: number;
	/** Records have the rest hash and the field hashes (when there are hashed fields). */
	withHashes: boolean;
	hashesLength: number;
}

interface Decoded {
	content: string;
	rest: string;
	fields: string[];
	tokens: string[];
}

/** The layout of a stored description; throws when this release cannot read it. */
const fieldLayout = compiledOnce((description: unknown): FieldLayout => {
	const { widths, exact, ignored, fields } = readDescription(description, 'fields');
	const hashed = textList(fields.hashed);
	for (const field of exact)
		if (field.optional && field.kind !== 'json')
			throw new Error(`Only json fields can be optional (${field.name})`);
	const [contentLength, restLength, fieldLength] = widths;
	const withHashes = hashed.length > 0;
	return {
		exact,
		hashed,
		named: new Set([...exact.map((f) => f.name), ...hashed, ...ignored]),
		contentLength,
		restLength,
		fieldLength,
		withHashes,
		hashesLength: contentLength + (withHashes ? restLength + fieldLength * hashed.length : 0),
	};
});

function encode(value: IDataObject, layout: FieldLayout): string {
	const rest = restHash(value, layout.named);
	const content = new Hash53();
	const fieldHashes = layout.hashed.map((name) => {
		const hash = hashOf(value[name]);
		content.hash(hash);
		return hashDigits(hash, layout.fieldLength);
	});
	const parts = [hashDigits(content.hash(rest).value(), layout.contentLength)];
	if (layout.withHashes) parts.push(hashDigits(rest, layout.restLength), ...fieldHashes);
	const tokens = layout.exact.map((field) =>
		field.optional && value[field.name] === undefined
			? UNREAD
			: encodeValue(value[field.name], field.kind),
	);
	return [parts.join(''), ...tokens].join(',');
}

function decode(record: string, layout: FieldLayout): Decoded {
	const [hashes, ...tokens] = record.split(',');
	const { contentLength, fieldLength } = layout;
	const fieldsAt = contentLength + layout.restLength;
	return {
		content: hashes.slice(0, contentLength),
		rest: layout.withHashes ? hashes.slice(contentLength, fieldsAt) : '',
		fields: layout.hashed.map((_, i) =>
			hashes.slice(fieldsAt + i * fieldLength, fieldsAt + (i + 1) * fieldLength),
		),
		tokens,
	};
}

export function fieldRecords(spec: RecordFields): FieldRecords {
	const description = describeFields(spec);
	const current = fieldLayout(description);

	const isRecord = (record: string, layout: FieldLayout): boolean => {
		const parts = record.split(',');
		return parts.length === layout.exact.length + 1 && parts[0].length === layout.hashesLength;
	};

	return {
		description,
		listed: (value) => ({ id: String(value.id), value, record: encode(value, current) }),
		readRecords(text, by) {
			const layout = fieldLayout(by);
			return decodeRecords(text, (record) => isRecord(record, layout));
		},
		writeRecords: encodeRecords,
		changeSince(before, by, value) {
			// Compared by the fields the record was stored with: a field it did not hold is not compared.
			const layout = fieldLayout(by);
			const [was, now] = [decode(before.record, layout), decode(encode(value, layout), layout)];
			const changes: Record<string, FieldChange> = {};
			layout.exact.forEach((field, i) => {
				const [a, b] = [was.tokens[i], now.tokens[i]];
				if (a === b || (field.optional && (a === UNREAD || b === UNREAD))) return;
				changes[field.name] = {
					previous: decodeValue(a, field.kind),
					current: value[field.name] ?? null,
				};
			});
			let namedChanged = false;
			layout.hashed.forEach((name, i) => {
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
		kept({ record }, by = description) {
			const layout = fieldLayout(by);
			const { tokens } = decode(record, layout);
			const kept: IDataObject = {};
			layout.exact.forEach((field, i) => {
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
