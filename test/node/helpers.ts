/**
 * What the catalog and event tests add to test/support/nodeHarness: the restaurant 101 by default,
 * the sandbox's request log, the requests as sent, the error as the user reads it, pairedItem.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import type { RecordedRequest } from '../support/engine';
import type { SandboxContext } from '../support/harness';
import { nodeRunner, restaurant, type NodeRunOptions, type NodeRunResult } from '../support/nodeHarness';

export { restaurant };

export const TOKEN = {
	staff: 'sandbox-staff-token',
	outsider: 'sandbox-outsider-token',
} as const;

export function runner(ctx: SandboxContext) {
	const node = nodeRunner(ctx);
	return {
		/** Runs the node on restaurant 101 unless the parameters name another; every request is checked against openapi.yaml. */
		run: async (parameters: Record<string, unknown>, options: NodeRunOptions = {}): Promise<NodeRunResult> =>
			await node.run({ restaurantId: restaurant(101), ...parameters }, options),
		options: async (method: string, parameters: Record<string, unknown> = {}) => await node.loadOptions(method, { restaurantId: restaurant(101), ...parameters }),
		/** The API requests the sandbox saw since the last call; clears its log. */
		async sandboxRequests(): Promise<Array<{ method: string; url: string; status: number }>> {
			const log = (await (await ctx.sandbox.control('GET', '/requests')).json()) as { requests: Array<{ method: string; url: string; status: number }> };
			await ctx.sandbox.control('DELETE', '/requests');
			return log.requests;
		},
		/** Requests as n8n sent them, with the sandbox's address cut off. */
		sent(requests: RecordedRequest[]) {
			return requests.map(({ method, url, body, status }) => ({ method, url: url.replace(ctx.sandbox.url, ''), ...(body === undefined ? {} : { body }), status }));
		},
	};
}

export const json = (result: Pick<NodeRunResult, 'items'>): IDataObject[] => result.items.map((item) => item.json);

/** The node's error (the execution stopped), as the user reads it. */
export function errorOf(result: NodeRunResult): { message: string; description: string; httpCode?: string | null; name?: string } {
	const error = result.error;
	if (!error) throw new Error(`expected an error, got ${JSON.stringify(json(result)).slice(0, 300)}`);
	return { message: error.message, description: String(error.description ?? ''), httpCode: error.httpCode, name: error.name };
}

/** Every output item names the input item it came from. */
export function expectPaired(items: INodeExecutionData[], inputIndexes?: number[]): void {
	for (const item of items) expect(item.pairedItem).toBeDefined();
	if (inputIndexes) expect(items.map((item) => (item.pairedItem as { item: number }).item)).toEqual(inputIndexes);
}
