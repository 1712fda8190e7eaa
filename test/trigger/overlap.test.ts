/**
 * Polls of one trigger never overlap: n8n starts a poll at every Poll Times entry without waiting
 * for the one before, and two polls comparing against the same stored state would both report the
 * same changes. Two ticks of one active workflow started together through n8n-core's poll path,
 * the sandbox answering slowly so that they overlap: one reports, the other reports nothing and
 * stores nothing, and the next tick finds nothing left.
 */
import type { IDataObject } from 'n8n-workflow';
import { RestaurantReservationsTrigger } from '../../nodes/RestaurantReservationsTrigger/RestaurantReservationsTrigger.node';
import { sandboxCredentials } from '../support/credentials';
import { poll } from '../support/engine';
import { SEEDED_TIME_ZONES, useSandbox } from '../support/sandbox';
import { TOKENS } from '../support/tokens';
import { localDay, oneRestaurant, Trigger } from './support';

const ctx = useSandbox();

it('a poll that starts while another of the same trigger runs reports nothing', async () => {
	const trigger = new Trigger(ctx, oneRestaurant(101));
	expect((await trigger.tick()).items).toBeNull(); // baseline
	await ctx.call('createReservation', {
		body: {
			reservationTime: localDay(SEEDED_TIME_ZONES[101], 5),
			groupSize: 2,
			customerName: 'Overlap Guest',
		},
	});
	// Both ticks start from the same stored state, as two Poll Times entries of n8n would.
	const sameState = structuredClone(trigger.staticData);
	const tickFrom = (staticData: IDataObject) =>
		poll({
			nodeType: new RestaurantReservationsTrigger(),
			type: 'CUSTOM.restaurantReservationsTrigger',
			parameters: trigger.parameters,
			credentials: sandboxCredentials(ctx.sandbox.url, TOKENS.staff),
			staticData,
		});
	await ctx.sandbox.control('PUT', '/latency', { ms: 300 });
	const [first, second] = await Promise.all([
		tickFrom(trigger.staticData),
		tickFrom(structuredClone(sameState)),
	]);
	await ctx.sandbox.control('PUT', '/latency', { ms: 0 });
	const reported = [first, second].map((r) => r.items?.[0]?.length ?? 0);
	expect(reported).toEqual([1, 0]);
	expect(second.error).toBeUndefined();
	expect(second.requests).toEqual([]);
	expect(second.persisted).toBe(false);
	expect((await trigger.tick()).items).toBeNull();
});

it("under durable cursors, a poll that reads the state from before the last report (n8n has not written that poll's state yet) reports nothing", async () => {
	const trigger = new Trigger(ctx, oneRestaurant(101));
	trigger.pollBudgetMs = 36_000; // as n8n's durable scheduler gives a poll
	expect((await trigger.tick()).items).toBeNull(); // baseline
	const book = async (customerName: string) =>
		await ctx.call('createReservation', {
			body: { reservationTime: localDay(SEEDED_TIME_ZONES[101], 6), groupSize: 2, customerName },
		});
	await book('Committed Late');
	const beforeReport = structuredClone(trigger.staticData);
	const reported = await trigger.tick();
	expect(reported.changes.map((c) => c.reservation.customerName)).toEqual(['Committed Late']);
	// The next scheduled poll, past the save margin, reads the database's state: still the old one.
	await new Promise((resolve) => setTimeout(resolve, 2_100));
	const early = await poll({
		nodeType: new RestaurantReservationsTrigger(),
		type: 'CUSTOM.restaurantReservationsTrigger',
		parameters: trigger.parameters,
		credentials: sandboxCredentials(ctx.sandbox.url, TOKENS.staff),
		staticData: structuredClone(beforeReport),
		workflowId: trigger.workflowId,
		pollBudgetMs: 36_000,
	});
	expect([early.items, early.requests, early.persisted, early.error]).toEqual([
		null,
		[],
		false,
		undefined,
	]);
	// Once the reported state is stored, polls go on from it: the next change once, nothing again.
	await book('After The Commit');
	const next = await trigger.tick();
	expect(next.changes.map((c) => c.reservation.customerName)).toEqual(['After The Commit']);
	expect((await trigger.tick()).items).toBeNull();
}, 60_000);
