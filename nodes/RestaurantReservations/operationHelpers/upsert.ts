/**
 * Create or Update for the catalog. The API has no lookup by PLU or by name, so each row is matched
 * against a copy of the list read once per run of the node (./runCache). Then the row sends
 * nothing (every field it gives already has that value), one PUT with only the fields that differ,
 * or one POST; the copy takes each write's response, so later rows of the run see the change.
 *
 * n8n runs the items of a declarative node concurrently. Deciding is synchronous on the copy, and a
 * record being written (or created) is findable under its keys before and after the write and
 * marked pending until the response is in; a row that finds a pending record waits for that write
 * and decides again. So two rows of one new product never both create it, and no row decides on a
 * record halfway through a change.
 */
import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IHttpRequestMethods,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

export type UpsertAction = 'created' | 'updated' | 'unchanged';

/** A name as rows match it: any case, surrounding spaces and Unicode composition ignored. */
export function matchName(name: unknown): string {
	return typeof name === 'string' ? name.normalize('NFC').trim().toLowerCase() : '';
}

interface Entry {
	record: IDataObject;
	/** The write under way: the fields it sets, and when it is done. */
	pending?: { fields: IDataObject; done: Promise<unknown> };
	/** The keys the entry is found under now. */
	keys: string[];
}

/** The records of a list, found by match key, kept current by the writes of the run. */
export class RecordCopy {
	private readonly byKey = new Map<string, Set<Entry>>();

	/**
	 * `keysOf` gives the keys a record answers to (e.g. `plu:4006381333931`, `name:burrata`); a
	 * record without them (nothing to match by) gives none. `merge` makes the stored record from
	 * the record before a write and the write's response.
	 */
	constructor(
		records: IDataObject[],
		private readonly keysOf: (record: IDataObject) => string[],
		private readonly merge: (before: IDataObject, response: IDataObject) => IDataObject = (
			before,
			response,
		) => ({ ...before, ...response }),
	) {
		for (const record of records) this.reindex({ record, keys: [] });
	}

	/** The entries answering to `key`, those being written included. */
	find(key: string): Entry[] {
		return [...(this.byKey.get(key) ?? [])];
	}

	/**
	 * Runs `send` for `entry` (undefined: a new record) and returns the stored record. While it
	 * runs, the entry is found under the keys of both its old and its new values; afterwards under
	 * those of the response, or, when the write failed, as before (a failed creation is gone).
	 */
	async writeThrough(
		entry: Entry | undefined,
		fields: IDataObject,
		send: () => Promise<IDataObject>,
	): Promise<IDataObject> {
		const target: Entry = entry ?? { record: {}, keys: [] };
		const done = send();
		target.pending = { fields, done };
		this.reindex(target);
		try {
			target.record = this.merge(target.record, await done);
			return target.record;
		} finally {
			target.pending = undefined;
			this.reindex(target);
		}
	}

	private reindex(entry: Entry): void {
		for (const key of entry.keys) this.byKey.get(key)?.delete(entry);
		const keys = new Set(this.keysOf(entry.record));
		if (entry.pending)
			for (const key of this.keysOf({ ...entry.record, ...entry.pending.fields })) keys.add(key);
		entry.keys = [...keys];
		for (const key of entry.keys) {
			const entries = this.byKey.get(key) ?? new Set<Entry>();
			entries.add(entry);
			this.byKey.set(key, entries);
		}
	}
}

/**
 * Whether a stored value already is the given one: lists as sets, a number given as text as a
 * number. A stored value that is not known (undefined) never is.
 */
export function sameValue(given: unknown, stored: unknown): boolean {
	if (stored === undefined) return false;
	if (Array.isArray(given)) {
		if (!Array.isArray(stored)) return false;
		const want = new Set(given.map(String));
		const have = new Set(stored.map(String));
		return want.size === have.size && [...want].every((v) => have.has(v));
	}
	if (typeof stored === 'number' && typeof given === 'string' && given.trim() !== '')
		return Number(given) === stored;
	return given === stored;
}

export interface UpsertRow {
	/** The key the row's record answers to. */
	key: string;
	/** How the row is matched, in words, for errors: `PLU "4006381333931"`, `name "Burrata"`. */
	matchedBy: string;
	/** The fields the row sets. */
	fields: IDataObject;
}

export interface UpsertTarget {
	/** What a record is called in messages: `product`, `product group`. */
	noun: string;
	copy: RecordCopy;
	create(fields: IDataObject): Promise<IDataObject>;
	update(id: string, changes: IDataObject): Promise<IDataObject>;
	/** Throws when the row cannot make a new record (e.g. a product without a price). */
	requireCreatable?(row: UpsertRow): void;
	/** The stored value a given field is compared with; undefined when the record cannot tell. */
	storedValue?(record: IDataObject, field: string): unknown;
	/** What to do when several records match, for the error's description. */
	ambiguityHint: string;
}

/** The given fields whose stored value differs (or is not known). */
function changedFields(
	target: UpsertTarget,
	fields: IDataObject,
	record: IDataObject,
): IDataObject {
	const stored = (field: string) =>
		target.storedValue ? target.storedValue(record, field) : record[field];
	return Object.fromEntries(
		Object.entries(fields).filter(([field, value]) => !sameValue(value, stored(field))),
	);
}

/** Matches the row, then creates, updates (only what differs) or leaves the record as it is. */
export async function upsert(
	context: IExecutePaginationFunctions,
	target: UpsertTarget,
	row: UpsertRow,
): Promise<{ action: UpsertAction; record: IDataObject }> {
	for (;;) {
		const found = target.copy.find(row.key);
		const writing = found.filter((entry) => entry.pending);
		if (writing.length > 0) {
			// Decide again once those writes are in: they may create or change this row's record.
			await Promise.allSettled(writing.map((entry) => entry.pending?.done));
			continue;
		}
		if (found.length > 1) {
			const ids = found.map((entry) => String(entry.record.id));
			throw new NodeOperationError(
				context.getNode(),
				`${found.length} ${target.noun}s match ${row.matchedBy}: ${ids.join(', ')}`,
				{
					description: `Create or Update needs at most one match. ${target.ambiguityHint} Nothing was sent.`,
					itemIndex: context.getItemIndex(),
				},
			);
		}
		const [entry] = found;
		if (!entry) {
			target.requireCreatable?.(row);
			const record = await target.copy.writeThrough(undefined, row.fields, () =>
				target.create(row.fields),
			);
			return { action: 'created', record };
		}
		const changes = changedFields(target, row.fields, entry.record);
		if (Object.keys(changes).length === 0) return { action: 'unchanged', record: entry.record };
		const id = String(entry.record.id);
		const record = await target.copy.writeThrough(entry, changes, () => target.update(id, changes));
		return { action: 'updated', record };
	}
}

/**
 * A request of this item through n8n's routing, so that the operation's output steps map an API
 * error as in every other operation (with its hints, e.g. how to correct a legacy price).
 */
export function routedRequest(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
) {
	return async (method: IHttpRequestMethods, url: string, body: IDataObject) => {
		const [item] = await context.makeRoutingRequest({
			...requestData,
			options: { ...requestData.options, method, url, body },
		});
		return item.json;
	};
}
