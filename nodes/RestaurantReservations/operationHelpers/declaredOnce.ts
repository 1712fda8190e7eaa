/**
 * The node's properties with each field declared once for all the operations that show it alike.
 *
 * Why: n8n's declarative engine (RoutingNode) walks every top-level property of the node twice for
 * every item, shown or not, and resolves the value of each one: a cost per property and item, and
 * an expression evaluated once per property of its name (a Restaurant mapped by expression was
 * evaluated 76 times per item while the locator was declared for each of 38 operations).
 *
 * A field is merged over the operations that declare it identically when its display condition
 * stays exact (resources x operations, and each existing pair of them declares it), and the merged
 * fields are ordered so that every operation shows its fields in the order it declares them. If
 * no such order exists, the properties are returned as they are. test/unit/declaredOnce.test.ts
 * compares what every operation shows, before and after.
 */
import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

interface Entry {
	field: INodeProperties;
	/** Position of its first declaration: the order among entries free to go either way. */
	first: number;
	/** The content key of a merged field (several declarations): what can be kept apart again. */
	merged?: string;
}

type Shown = Record<string, unknown>;

const listOf = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);
const shownFor = (field: INodeProperties): Shown => field.displayOptions?.show ?? {};
const pairKey = (resource: string, operation: string) => `${resource}\u0000${operation}`;

/** A field declared per operation (shown by resource and operation): a candidate for merging. */
const perOperation = (field: INodeProperties) =>
	listOf(shownFor(field).resource).length > 0 && listOf(shownFor(field).operation).length > 0;

/** The field without its resource and operation condition. */
function withoutOperation(field: INodeProperties): INodeProperties {
	const show = { ...shownFor(field) };
	delete show.resource;
	delete show.operation;
	const displayOptions = { ...field.displayOptions, show } as INodeProperties['displayOptions'];
	return { ...field, displayOptions };
}

/** What makes two declarations the same field: everything but resource and operation. */
function contentKey(field: INodeProperties, functionIds: Map<unknown, number>): string {
	return JSON.stringify(withoutOperation(field), (_key, value: unknown) => {
		if (typeof value !== 'function') return value;
		if (!functionIds.has(value)) functionIds.set(value, functionIds.size);
		return `function#${functionIds.get(value)}`;
	});
}

/** Every resource's operations, from the Operation selectors. */
function operationsByResource(properties: INodeProperties[]): Map<string, string[]> {
	const operations = new Map<string, string[]>();
	for (const field of properties) {
		if (field.name !== 'operation' || perOperation(field)) continue;
		const values = (field.options ?? []).map((o) => String((o as { value: unknown }).value));
		for (const resource of listOf(shownFor(field).resource)) operations.set(resource, values);
	}
	return operations;
}

/** The existing (resource, operation) pairs that a field's declaration shows it for. */
function pairsShowing(field: INodeProperties, operations: Map<string, string[]>): string[] {
	const shown = shownFor(field);
	const resources = shown.resource === undefined ? [...operations.keys()] : listOf(shown.resource);
	const only = shown.operation === undefined ? undefined : new Set(listOf(shown.operation));
	const pairs: string[] = [];
	for (const resource of resources)
		for (const operation of operations.get(resource) ?? [])
			if (!only || only.has(operation)) pairs.push(pairKey(resource, operation));
	return pairs;
}

/**
 * The pairs declaring one field, as few resources x operations rectangles as greedy merging finds,
 * each holding only pairs in `declaring` (a pair that does not exist cannot be shown anyway).
 */
function rectangles(
	declaring: Set<string>,
	operations: Map<string, string[]>,
): Array<{ resources: string[]; operations: string[] }> {
	const groups = [...operations.keys()]
		.map((resource) => ({
			resources: [resource],
			operations: (operations.get(resource) ?? []).filter((o) =>
				declaring.has(pairKey(resource, o)),
			),
		}))
		.filter((group) => group.operations.length > 0);
	const exact = (resources: string[], ops: string[]) =>
		resources.every((r) =>
			ops.every((o) => !operations.get(r)?.includes(o) || declaring.has(pairKey(r, o))),
		);
	for (let i = 0; i < groups.length; i++) {
		for (let j = i + 1; j < groups.length; j++) {
			const resources = [...groups[i].resources, ...groups[j].resources];
			const ops = [...new Set([...groups[i].operations, ...groups[j].operations])];
			if (!exact(resources, ops)) continue;
			groups[i] = { resources, operations: ops };
			groups.splice(j, 1);
			j = i;
		}
	}
	return groups;
}

/** The entries ordered so that each sequence keeps its order; else those left waiting. */
function ordered(entries: Entry[], sequences: Entry[][]) {
	const after = new Map<Entry, Set<Entry>>(entries.map((e) => [e, new Set()]));
	const waitingFor = new Map<Entry, number>(entries.map((e) => [e, 0]));
	for (const sequence of sequences) {
		for (let i = 1; i < sequence.length; i++) {
			const [before, next] = [sequence[i - 1], sequence[i]];
			if (after.get(before)!.has(next)) continue;
			after.get(before)!.add(next);
			waitingFor.set(next, waitingFor.get(next)! + 1);
		}
	}
	const order: Entry[] = [];
	const ready = entries.filter((e) => waitingFor.get(e) === 0);
	while (ready.length > 0) {
		ready.sort((a, b) => a.first - b.first);
		const entry = ready.shift()!;
		order.push(entry);
		for (const next of after.get(entry)!) {
			waitingFor.set(next, waitingFor.get(next)! - 1);
			if (waitingFor.get(next) === 0) ready.push(next);
		}
	}
	return { order, waiting: entries.filter((e) => waitingFor.get(e)! > 0), after };
}

/** Of the entries left waiting, those on a cycle (or between cycles): the others only follow one. */
function onCycles(waiting: Entry[], after: Map<Entry, Set<Entry>>): Entry[] {
	const left = new Set(waiting);
	for (let pruned = true; pruned;) {
		pruned = false;
		for (const entry of left) {
			if ([...after.get(entry)!].some((next) => left.has(next))) continue;
			left.delete(entry);
			pruned = true;
		}
	}
	return [...left];
}

/** The properties, each declaration shown for the pairs in `pairsOf` at its index. */
interface Declared {
	properties: INodeProperties[];
	pairsOf: string[][];
	operations: Map<string, string[]>;
	/** Indexes of the per-operation declarations of each content. */
	byContent: Map<string, number[]>;
}

/**
 * The entries, declarations of the same content merged unless kept apart, and for each pair the
 * entries it shows, in the order of its declarations.
 */
function entriesFor(declared: Declared, keptApart: Set<string>) {
	const { properties, pairsOf, operations, byContent } = declared;
	const entryAt = properties.map(() => new Map<string, Entry>());
	const entries: Entry[] = [];
	const add = (entry: Entry, shows: Set<string>, declaredAt: number[]) => {
		entries.push(entry);
		for (const i of declaredAt)
			for (const pair of pairsOf[i]) if (shows.has(pair)) entryAt[i].set(pair, entry);
	};
	const merged = new Set<number>();
	for (const [key, indexes] of byContent) {
		if (keptApart.has(key) || indexes.length < 2) continue;
		const field = withoutOperation(properties[indexes[0]]);
		for (const rectangle of rectangles(new Set(indexes.flatMap((i) => pairsOf[i])), operations)) {
			const show = { resource: rectangle.resources, operation: rectangle.operations };
			const [mergedField] = updateDisplayOptions({ show }, [field]);
			const shows = new Set(pairsShowing(mergedField, operations));
			const declaredHere = indexes.filter((i) => pairsOf[i].some((pair) => shows.has(pair)));
			add({ field: mergedField, first: declaredHere[0], merged: key }, shows, declaredHere);
		}
		for (const i of indexes) merged.add(i);
	}
	properties.forEach((field, index) => {
		if (!merged.has(index)) add({ field, first: index }, new Set(pairsOf[index]), [index]);
	});
	const sequences = new Map<string, Entry[]>();
	pairsOf.forEach((pairs, i) => {
		for (const pair of pairs)
			sequences.set(pair, [...(sequences.get(pair) ?? []), entryAt[i].get(pair)!]);
	});
	return { entries, sequences: [...sequences.values()] };
}

export function declaredOnce(properties: INodeProperties[]): INodeProperties[] {
	const operations = operationsByResource(properties);
	const functionIds = new Map<unknown, number>();
	const byContent = new Map<string, number[]>();
	properties.forEach((field, index) => {
		if (!perOperation(field)) return;
		const key = contentKey(field, functionIds);
		byContent.set(key, [...(byContent.get(key) ?? []), index]);
	});
	const pairsOf = properties.map((field) => pairsShowing(field, operations));
	const declared = { properties, pairsOf, operations, byContent };
	// A field that operations place differently (Check Booking Rules First comes before the guest
	// profile in Create, after it in Update) is kept apart until an order exists: with every field
	// apart, the declared order is one.
	const keptApart = new Set<string>();
	for (;;) {
		const { entries, sequences } = entriesFor(declared, keptApart);
		const { order, waiting, after } = ordered(entries, sequences);
		if (waiting.length === 0) return order.map((entry) => entry.field);
		const split = onCycles(waiting, after)
			.filter((entry) => entry.merged !== undefined)
			.sort((a, b) => a.first - b.first)[0];
		if (!split?.merged) return properties;
		keptApart.add(split.merged);
	}
}
