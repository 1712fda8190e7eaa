/** Reading a node run's result in a test: the items' JSON, the error as the user reads it, pairedItem. */
import type { INodeExecutionData } from 'n8n-workflow';
import type { NodeRunResult } from './nodeRunner';

/** The JSON of every output item. */
export const json = (result: Pick<NodeRunResult, 'items'>) =>
	result.items.map((item) => item.json as Record<string, any>);

/** The node's error (the execution stopped), as the user reads it. */
export function errorOf(result: NodeRunResult): {
	message: string;
	description: string;
	httpCode?: string | null;
	name?: string;
} {
	const error = result.error;
	if (!error)
		throw new Error(`expected an error, got ${JSON.stringify(json(result)).slice(0, 300)}`);
	return {
		message: error.message,
		description: String(error.description ?? ''),
		httpCode: error.httpCode,
		name: error.name,
	};
}

/** Every output item names the input item it came from. */
export function expectPaired(items: INodeExecutionData[], inputIndexes?: number[]): void {
	for (const item of items) expect(item.pairedItem).toBeDefined();
	if (inputIndexes)
		expect(items.map((item) => (item.pairedItem as { item: number }).item)).toEqual(inputIndexes);
}

/** A Delete run without an error: { deleted: true } for the one input item. */
export function expectDeleted(result: NodeRunResult): void {
	expect(result.error).toBeUndefined();
	expect(json(result)).toEqual([{ deleted: true }]);
	expectPaired(result.items, [0]);
}

/** What an Upsert did with each item: created, updated or unchanged. */
export const actions = (result: Pick<NodeRunResult, 'items'>) =>
	json(result).map((item) => item.action as string);
