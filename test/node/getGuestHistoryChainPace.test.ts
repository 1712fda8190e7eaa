/**
 * Get Guest History across restaurants on a sandbox of 6 restaurants (`--restaurants 6`, 20 ms
 * latency): every restaurant's period read at once up to Requests at Once (default 8) and never
 * more, counted by the sandbox itself (its request log's maxInFlight), and one reading for the run.
 */
import type { IDataObject } from 'n8n-workflow';
import { json } from '../support/nodeResults';
import { nodeRunner } from '../support/nodeRunner';
import { useSandbox } from '../support/sandbox';

const RESTAURANTS = 6;
/** The list of restaurants, then 8 windows of 60 days for each restaurant's default period. */
const REQUESTS = 1 + RESTAURANTS * 8;

const ctx = useSandbox({ restaurants: RESTAURANTS, latencyMs: 20, reservations: 40 });
const node = nodeRunner(ctx);

async function readLog(): Promise<{ requests: unknown[]; maxInFlight: number }> {
	const log = (await (await ctx.sandbox.control('GET', '/requests')).json()) as {
		requests: unknown[];
		maxInFlight: number;
	};
	await ctx.sandbox.control('DELETE', '/requests');
	return log;
}

const acrossChain = (parameters: Record<string, unknown>, inputItems?: IDataObject[]) =>
	node.run(
		{
			resource: 'reservation',
			operation: 'getGuestHistory',
			restaurants: 'all',
			phone: '={{ $json.phone }}',
			includeReservations: false,
			...parameters,
		},
		{ inputItems: inputItems ?? [{ phone: '+49 30 7654321' }] },
	);

describe('Get Guest History across restaurants: its pace', () => {
	it('has up to the default 8 requests under way at once, and one reading for 10 guests', async () => {
		await readLog();
		const guests = Array.from({ length: 10 }, (_, i) => ({ phone: `+49 30 77${i}0000` }));
		const result = await acrossChain({}, guests);
		expect(result.error).toBeUndefined();
		expect(json(result).map((item) => [item.found, item.restaurantsRead])).toEqual(
			guests.map(() => [false, RESTAURANTS]),
		);
		const log = await readLog();
		expect(log.requests).toHaveLength(REQUESTS);
		expect(log.maxInFlight).toBe(8);
	});

	it('keeps to a Requests at Once of 3', async () => {
		await readLog();
		const result = await acrossChain({ requestsAtOnce: 3 });
		expect(result.error).toBeUndefined();
		const log = await readLog();
		expect(log.requests).toHaveLength(REQUESTS);
		expect(log.maxInFlight).toBe(3);
	});
});
