/**
 * One poll over many restaurants keeps to one limit on requests in flight (Requests at Once),
 * counted at the sandbox across restaurants and their periods, and a 429 slows the whole poll: no
 * request starts until its Retry-After has passed, and none is retried twice. Through n8n-core's
 * poll path against the sandbox with twelve restaurants.
 */
import { timesOf } from '../support/engine';
import { useSandbox } from '../support/sandbox';
import { allRestaurants, book, restaurantZones, sandboxLog } from './manyRestaurants';
import { listRequests, Trigger } from './support';

const RESTAURANTS = 12;
const ctx = useSandbox({ restaurants: RESTAURANTS, reservations: 40 });
afterEach(async () => ctx.sandbox.reset());

/** 151 days: three windows per restaurant. */
const THREE_WINDOWS = { lookAheadDays: 150 };

it.each([
	['Requests at Once: 3', { requestsAtOnce: 3 }, 3],
	['the default', {}, 8],
])(
	'never more requests in flight than the limit (%s), restaurants and windows together',
	async (_name, options, limit) => {
		// 300 ms: long enough for the poll to reach its limit even on a loaded machine.
		await ctx.sandbox.control('PUT', '/latency', { ms: 300 });
		const trigger = new Trigger(ctx, allRestaurants({ ...THREE_WINDOWS, options }));
		await ctx.sandbox.control('DELETE', '/requests');
		const baseline = await trigger.tick();
		expect(baseline.error).toBeUndefined();
		expect(listRequests(baseline)).toHaveLength(RESTAURANTS * 3);
		// At the limit, never beyond it: the poll keeps as many under way as it may.
		expect((await sandboxLog(ctx)).maxInFlight).toBe(limit);
	},
	60_000,
);

it('a 429 pauses every request of the poll until its Retry-After, each request is retried at most once, and the poll completes', async () => {
	const zones = await restaurantZones(ctx);
	await ctx.sandbox.control('PUT', '/latency', { ms: 50 });
	const trigger = new Trigger(ctx, allRestaurants(THREE_WINDOWS));
	expect((await trigger.tick()).error).toBeUndefined();
	const booked = await book(ctx, zones, 110);
	// 10 a second: the poll's 36 requests, 8 at once, meet the limit within its first second.
	await ctx.sandbox.control('PUT', '/rate-limit', { perSecond: 10 });

	const result = await trigger.tick();
	expect(result.error).toBeUndefined();
	expect(result.changes.map((c) => c.reservationId)).toEqual([booked.id]);
	const refused = result.requests.filter((r) => r.status === 429);
	expect(refused.length).toBeGreaterThan(0);
	const timesRefused = new Map<string, number>();
	for (const r of refused) timesRefused.set(r.url, (timesRefused.get(r.url) ?? 0) + 1);
	expect(Math.max(...timesRefused.values())).toBe(1);
	expect(listRequests(result).filter((r) => r.status === 200)).toHaveLength(RESTAURANTS * 3);
	// Retry-After is 1 s: once the first 429 arrived, no request of the poll starts within that second.
	const firstRefusal = Math.min(...refused.map((r) => timesOf(r).answeredAt!));
	const startedDuringPause = result.requests.filter((r) => {
		const { sentAt } = timesOf(r);
		return sentAt > firstRefusal + 100 && sentAt < firstRefusal + 900;
	});
	expect(startedDuringPause).toEqual([]);
});
