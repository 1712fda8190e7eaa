/**
 * Partial polls: when one poll's budget cannot reach every restaurant, it lists those that fit,
 * least recently polled first, stores and reports them, and the next polls continue with the rest;
 * every change is reported once, with when its restaurant was last polled before. The budget is
 * made small through n8n's own `getPollBudgetMs` (as the durable scheduler gives it), the
 * restaurants slow through the sandbox's latency, one request at a time.
 */
import type { IDataObject } from 'n8n-workflow';
import { RestaurantReservationsTrigger } from '../../nodes/RestaurantReservationsTrigger/RestaurantReservationsTrigger.node';
import { sandboxCredentials } from '../support/credentials';
import { poll } from '../support/engine';
import { useSandbox } from '../support/sandbox';
import { TOKENS } from '../support/tokens';
import {
	allRestaurants,
	book,
	pollOrder,
	restaurantZones,
	storedEntries,
	type StoredEntry,
} from './manyRestaurants';
import { Trigger, type ChangeJson } from './support';

const RESTAURANTS = 12;
const ctx = useSandbox({ restaurants: RESTAURANTS, reservations: 40 });

/**
 * Three seconds for requests: the trigger keeps the budget's last two seconds free. A restaurant's
 * first poll (a few requests) fits with time to spare on a loaded machine (with one second for
 * requests at 150 ms each it did not, beside an n8n install); the twelve restaurants' later polls,
 * a request each, do not fit.
 */
const BUDGET_MS = 5_000;
/** How long the sandbox takes to answer each request. */
const LATENCY_MS = 300;
const ONE_AT_A_TIME = allRestaurants({ options: { requestsAtOnce: 1 } });

const everyListed = (restaurants: Record<string, StoredEntry>) =>
	Object.keys(restaurants).length === RESTAURANTS &&
	Object.values(restaurants).every((entry) => entry.s !== undefined);

/** A trigger whose baseline of every restaurant is stored, over as many polls as it takes. */
async function baselinedInParts(): Promise<{ trigger: Trigger; polls: number }> {
	const trigger = new Trigger(ctx, ONE_AT_A_TIME);
	trigger.pollBudgetMs = BUDGET_MS;
	let polls = 0;
	while (!everyListed(storedEntries(trigger).restaurants)) {
		const result = await trigger.tick();
		expect(result.error).toBeUndefined();
		expect(result.items).toBeNull();
		expect(++polls).toBeLessThanOrEqual(RESTAURANTS);
	}
	return { trigger, polls };
}

beforeAll(async () => ctx.sandbox.control('PUT', '/latency', { ms: LATENCY_MS }));

it('lists what fits, least recently polled first; the next polls the rest; every change once, with when its restaurant was polled before', async () => {
	const { trigger, polls } = await baselinedInParts();
	// 12 restaurants' first polls at 300 ms a request, one at a time, do not fit in three seconds.
	expect(polls).toBeGreaterThan(1);

	const zones = await restaurantZones(ctx);
	const booked = new Map<number, string>();
	for (const id of zones.keys()) booked.set(id, (await book(ctx, zones, id)).id);

	const reported: ChangeJson[] = [];
	for (let tick = 0; reported.length < RESTAURANTS; tick++) {
		expect(tick).toBeLessThan(RESTAURANTS);
		const { restaurants } = storedEntries(trigger);
		const result = await trigger.tick();
		expect(result.error).toBeUndefined();
		// One new booking per restaurant: the restaurants reported are the restaurants listed.
		const listed = result.changes.map((c) => c.restaurantId);
		expect(listed.length).toBeGreaterThan(0);
		if (tick === 0) expect(listed.length).toBeLessThan(RESTAURANTS);
		expect([...listed].sort((a, b) => a - b)).toEqual(
			pollOrder(restaurants)
				.slice(0, listed.length)
				.sort((a, b) => a - b),
		);
		for (const change of result.changes) {
			expect(change.event).toBe('reservationCreated');
			expect(change.reservationId).toBe(booked.get(change.restaurantId));
			expect(change.restaurantLastPolledAt).toBe(
				new Date(restaurants[change.restaurantId].p! * 1000).toISOString(),
			);
		}
		reported.push(...result.changes);
	}
	expect(reported.map((c) => c.reservationId).sort()).toEqual([...booked.values()].sort());

	// A full round more: nothing is left, nothing comes twice.
	const roundDone = new Set<number>();
	while (roundDone.size < RESTAURANTS) {
		const { restaurants } = storedEntries(trigger);
		const result = await trigger.tick();
		expect(result.error).toBeUndefined();
		expect(result.items).toBeNull();
		const after = storedEntries(trigger).restaurants;
		for (const id of Object.keys(after))
			if (after[id].p !== restaurants[id].p) roundDone.add(Number(id));
	}
}, 120_000);

it('a budget too short for any restaurant fails the poll as before: nothing emitted, nothing stored', async () => {
	const { trigger } = await baselinedInParts();
	const stored = structuredClone(trigger.staticData);
	await ctx.sandbox.control('PUT', '/latency', { ms: 3_500 });
	try {
		const result = await trigger.tick();
		expect(result.items).toBeNull();
		expect(result.error).toMatchObject({
			name: 'NodeApiError',
			message: expect.stringContaining('The poll ran out of time (5 seconds)'),
		});
		expect(trigger.staticData).toEqual(stored);
	} finally {
		await ctx.sandbox.control('PUT', '/latency', { ms: LATENCY_MS });
	}
}, 120_000);

it('partial polls do not overlap either: a tick that starts while another runs lists nothing and stores nothing', async () => {
	const { trigger } = await baselinedInParts();
	const sameState = structuredClone(trigger.staticData);
	await new Promise((resolve) => setTimeout(resolve, 2_100)); // past the last tick's save margin
	const tickFrom = (staticData: IDataObject) =>
		poll({
			nodeType: new RestaurantReservationsTrigger(),
			type: 'CUSTOM.restaurantReservationsTrigger',
			parameters: ONE_AT_A_TIME,
			credentials: sandboxCredentials(ctx.sandbox.url, TOKENS.staff),
			staticData,
			pollBudgetMs: BUDGET_MS,
		});
	const [first, second] = await Promise.all([
		tickFrom(trigger.staticData),
		tickFrom(structuredClone(sameState)),
	]);
	expect([first.requests.length > 0, second.requests.length]).toEqual([true, 0]);
	expect(second.error).toBeUndefined();
	expect(second.persisted).toBe(false);
}, 120_000);
