/**
 * Why an operation failed, as n8n reads it off the action node's errors (`failure`, n8n-workflow
 * 2.41), through n8n's engine against the sandbox: a 429 with Retry-After and a 503 (the sandbox's
 * fault injection), a wrong token, a restaurant outside the token and one that does not exist, a
 * server that does not answer, refusals that are the item's (no cause), and a mistake of the nodes'
 * own code. n8n keeps a plain copy of the error in the run data (`{ ...error, message, stack }`):
 * `failure` is an own field of the error, so it is in that copy, and in the run data as n8n saves it
 * (JSON).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { json } from '../support/nodeResults';
import { nodeRunner, restaurant, type NodeRunResult } from '../support/nodeRunner';
import { useSandbox } from '../support/sandbox';

const ctx = useSandbox();
const node = nodeRunner(ctx);
const getRestaurant = { resource: 'restaurant', operation: 'get', restaurantId: restaurant(101) };

/** The error of the node's run as the run data holds it, after a save and a load (JSON). */
function savedError(result: NodeRunResult): Record<string, unknown> {
	const saved = JSON.parse(JSON.stringify(result.runData)) as Record<
		string,
		Array<{ error?: Record<string, unknown> }>
	>;
	const task = saved['Restaurant Reservations'][0];
	return task.error as Record<string, unknown>;
}

beforeEach(async () => {
	await ctx.sandbox.control('DELETE', '/faults');
});

describe('failure causes of the action node, as n8n reads them', () => {
	it('429 with Retry-After: rate-limited, with the wait and when it ends', async () => {
		await ctx.sandbox.control('POST', '/faults', {
			status: 429,
			count: 1,
			retryAfterSeconds: 7,
			pathContains: '/restaurants/101',
		});
		const before = Date.now();
		const result = await node.run(getRestaurant);
		const after = Date.now();
		expect(result.error).toMatchObject({
			name: 'NodeApiError',
			message: 'Too many requests: the API asks to slow down (HTTP 429)',
			httpCode: '429',
			failure: { cause: 'rate-limited', retryAfterMs: 7000 },
		});
		const resetsAtEpochMs = result.error?.failure?.resetsAtEpochMs ?? 0;
		expect(resetsAtEpochMs).toBeGreaterThanOrEqual(before + 7000);
		expect(resetsAtEpochMs).toBeLessThanOrEqual(after + 7000);
		expect(savedError(result).failure).toEqual({
			cause: 'rate-limited',
			retryAfterMs: 7000,
			resetsAtEpochMs,
		});
	});

	it('503: temporarily-unavailable', async () => {
		await ctx.sandbox.control('POST', '/faults', { status: 503, count: 1 });
		const result = await node.run(getRestaurant);
		expect(result.error).toMatchObject({
			message: 'The restaurant platform failed to answer (HTTP 503)',
			failure: { cause: 'temporarily-unavailable' },
		});
		expect(savedError(result).failure).toEqual({ cause: 'temporarily-unavailable' });
	});

	it('a wrong access token (401): credential-invalid', async () => {
		const result = await node.run(getRestaurant, { token: 'wrong-token-123' });
		expect(result.error).toMatchObject({
			message: 'Authorization failed: the API did not accept the access token (HTTP 401)',
			failure: { cause: 'credential-invalid' },
		});
		expect(savedError(result).failure).toEqual({ cause: 'credential-invalid' });
	});

	it('a restaurant outside the token (403) and one that does not exist (404): configuration-invalid', async () => {
		const outside = await node.run(
			{ ...getRestaurant, restaurantId: restaurant(102) },
			{ token: 'sandbox-vendor-token' },
		);
		expect(outside.error).toMatchObject({
			message:
				'Access denied: the access token may not use this restaurant or operation (HTTP 403)',
			failure: { cause: 'configuration-invalid' },
		});
		const missing = await node.run({ ...getRestaurant, restaurantId: restaurant(999) });
		expect(missing.error).toMatchObject({
			message: 'Not found: Restaurant 999 was not found.',
			failure: { cause: 'configuration-invalid' },
		});
	});

	it('a server that does not answer: temporarily-unavailable', async () => {
		const result = await node.run(getRestaurant, { baseUrl: 'http://127.0.0.1:9' });
		expect(result.error).toMatchObject({
			name: 'NodeApiError',
			message: 'The service refused the connection - perhaps it is offline',
			failure: { cause: 'temporarily-unavailable' },
		});
	});

	it("the item's own refusals have no cause: a second cancel the API refuses, a period before sending", async () => {
		const created = await node.run({
			resource: 'reservation',
			operation: 'create',
			restaurantId: restaurant(101),
			reservationTime: '2027-09-14T19:00:00',
			groupSize: 2,
			customerName: 'Failure Cause',
		});
		const cancel = {
			resource: 'reservation',
			operation: 'cancel',
			restaurantId: restaurant(101),
			reservationId: json(created)[0].id,
			cancelOptionName: '',
		};
		expect((await node.run(cancel)).error).toBeUndefined();
		const again = await node.run(cancel);
		expect(again.error?.message).toBe(`Reservation ${json(created)[0].id} is already cancelled.`);
		expect(again.error).not.toHaveProperty('failure', expect.anything());
		const period = await node.run({
			resource: 'reservation',
			operation: 'getAll',
			restaurantId: restaurant(101),
			from: '2027-09-15T00:00:00',
			to: '2027-09-14T00:00:00',
			returnAll: true,
		});
		expect(period.error?.message).toBe(
			'To (2027-09-14T00:00:00) must be after From (2027-09-15T00:00:00)',
		);
		expect(period.error).not.toHaveProperty('failure', expect.anything());
	});

	it("a mistake of the nodes' own code (a TypeError on an answer it did not expect): node-defect", async () => {
		// An API that answers every request with 200 and `null`: the product list's paging reads
		// `items` of it, a TypeError in the nodes' code (n8n wraps it once more, the cause kept).
		const server = createServer((_request, response) => {
			response.writeHead(200, { 'content-type': 'application/json' });
			response.end('null');
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		try {
			const { port } = server.address() as AddressInfo;
			const result = await node.run(
				{
					resource: 'product',
					operation: 'getAll',
					restaurantId: restaurant(101),
					returnAll: true,
				},
				{ baseUrl: `http://127.0.0.1:${port}` },
			);
			expect(result.error).toMatchObject({
				message: "Cannot read properties of null (reading 'items')",
				description:
					'This is a mistake in the Restaurant Reservations nodes themselves, not in the workflow, the credential or the API: please report it to the package with this message.',
				failure: { cause: 'node-defect' },
			});
			expect(savedError(result).failure).toEqual({ cause: 'node-defect' });
		} finally {
			await new Promise((resolve) => server.close(resolve));
		}
	});
});
