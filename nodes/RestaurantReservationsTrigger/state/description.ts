/**
 * What a snapshot's records hold, stored with the state beside them (./storedState: once per
 * state, however many snapshots share it): which fields are kept exactly and as what kind of
 * value, which are told apart by a hash, which are never a change, the hash and its widths, and
 * the record syntax. A poll reads each stored record by the description it was written with, as
 * Avro and Protobuf readers read a record by its writer's schema, and writes its new records by
 * the watch's current description: a field added to a watch is compared from the first poll that
 * stored it, and records written before are read as they were written.
 *
 * The syntax and the fields of each kind of record are the target's (../targets/reservations/layout,
 * ../targets/completeList/fieldRecords); what they share is here.
 */
import type { IDataObject } from 'n8n-workflow';
import type { ValueKind } from './valueTokens';

/** The one hash ./hash computes (53 bits over JSON values); version 1's hash of the JSON text is not read. */
export const HASH = 'h53';

export interface RecordDescription extends IDataObject {
	/** The record syntax: `reservation` or `fields`. */
	records: string;
	/** The hash of the hashed parts: {@link HASH}. */
	hash: string;
	/** Widths of the hashes: over everything not stored exactly, over the rest alone, per hashed field. */
	widths: number[];
	/** The exact fields as `name:kind` (`?` after the kind: a field a listing may not read), in record order. */
	exact: string[];
	/** Fields that are never a change. */
	ignored: string[];
}

/** A field stored exactly, as a value token of its kind (./valueTokens). */
export interface ExactField {
	name: string;
	kind: ValueKind;
	/**
	 * Missing from a listing when it was not read this poll (`json` fields only: their tokens are
	 * never empty). A field unread before or now is not compared.
	 */
	optional?: boolean;
}

const KINDS = new Set<string>(['time', 'int', 'text', 'state', 'number', 'bool', 'json']);
const EXACT = /^([^:]+):([a-z]+)(\?)?$/;
const LONGEST_HASH = 8;

/** Exact fields as a description writes them. */
export function describeExact(fields: readonly ExactField[]): string[] {
	return fields.map(({ name, kind, optional }) => `${name}:${kind}${optional ? '?' : ''}`);
}

/**
 * The parts every description has, checked; throws when this release cannot read the description
 * (another syntax, another hash, a kind it does not know): the snapshot is then a new baseline.
 */
export function readDescription(
	description: unknown,
	records: string,
): { widths: number[]; exact: ExactField[]; ignored: string[]; fields: IDataObject } {
	const fields = description as Partial<RecordDescription> | undefined;
	if (
		!fields ||
		typeof fields !== 'object' ||
		fields.records !== records ||
		fields.hash !== HASH ||
		!Array.isArray(fields.widths) ||
		fields.widths.length !== 3 ||
		!fields.widths.every((w) => Number.isInteger(w) && w >= 1 && w <= LONGEST_HASH)
	)
		throw new Error(`not a description of ${records} records this release reads`);
	return {
		widths: fields.widths,
		exact: textList(fields.exact).map(exactField),
		ignored: textList(fields.ignored),
		fields: fields as IDataObject,
	};
}

function exactField(text: string): ExactField {
	const match = EXACT.exec(text);
	if (!match || !KINDS.has(match[2])) throw new Error(`"${text}" is not an exact field`);
	return {
		name: match[1],
		kind: match[2] as ValueKind,
		...(match[3] ? { optional: true } : {}),
	};
}

/** A list of texts, checked: throws on anything else. */
export function textList(value: unknown): string[] {
	if (!Array.isArray(value) || !value.every((item) => typeof item === 'string'))
		throw new Error('not a list of field names');
	return value as string[];
}

/**
 * `compile` once per description object: a state's descriptions are read once per poll and
 * shared by its snapshots, the current one made once per poll.
 */
export function compiledOnce<T>(compile: (description: unknown) => T): (description: unknown) => T {
	const compiled = new WeakMap<object, T>();
	return (description) => {
		if (!description || typeof description !== 'object') return compile(description);
		let layout = compiled.get(description);
		if (layout === undefined) {
			layout = compile(description);
			compiled.set(description, layout);
		}
		return layout;
	};
}
