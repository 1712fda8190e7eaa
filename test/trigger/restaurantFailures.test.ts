/**
 * One restaurant's failure does not hold back the others: a restaurant answering 403 or 404 (the
 * sandbox's fault injector on its paths) keeps its stored state and is tried again at every poll
 * while the others report; at the third failed poll in a row one `restaurantUnreachable` item says
 * so, beside the others' changes; once it answers, its changes come, once. A failure of every
 * restaurant, or of the lookup of the restaurants, still fails the poll as a whole.
 */
import type { IDataObject } from 'n8n-workflow';
import { useSandbox } from '../support/sandbox';
import { allRestaurants, book, restaurantZones, storedEntries } from './manyRestaurants';
import { baselined, expectFailedPollKeptState, injectFault, type ChangeJson } from './support';

const ctx = useSandbox({ restaurants: 6, reservations: 40 });
beforeEach(async () => ctx.sandbox.reset());

const FAILING = 102;

interface UnreachableItem {
	event: 'restaurantUnreachable';
	restaurantId: number;
	restaurantLastPolledAt: string | null;
	failedPolls: number;
	error: { message: string; httpCode: string | null; description: string };
	whatToDo: string;
}

const ids = (changes: ChangeJson[]) => changes.map((c) => c.reservationId ?? c.event);

it.each([
	[403, 'The access token no longer reaches restaurant 102'],
	[404, 'Restaurant 102 was not found'],
])(
	'a restaurant answering %i keeps its state and is tried again while the others report; one item at the third failed poll; then its changes, once',
	async (status, advice) => {
		const zones = await restaurantZones(ctx);
		const trigger = await baselined(ctx, allRestaurants());
		const stored = storedEntries(trigger).restaurants[FAILING];
		const waiting = await book(ctx, zones, FAILING);
		await injectFault(ctx, { status, count: 1000, pathContains: `/restaurants/${FAILING}/` });

		const first = await book(ctx, zones, 104);
		const poll1 = await trigger.tick();
		expect(poll1.error).toBeUndefined();
		expect(ids(poll1.changes)).toEqual([first.id]);
		const after1 = storedEntries(trigger);
		expect(after1.restaurants[FAILING]).toEqual({ ...stored, e: 1 });
		// Gone or out of reach: the next poll looks the restaurants up again.
		expect(after1.at).toBe(0);

		const second = await book(ctx, zones, 105);
		const poll2 = await trigger.tick();
		expect(ids(poll2.changes)).toEqual([second.id]);
		expect(poll2.requests.some((r) => /\/core\/admin\/restaurants$/.test(r.url))).toBe(true);
		expect(storedEntries(trigger).restaurants[FAILING].e).toBe(2);

		const third = await book(ctx, zones, 101);
		const poll3 = await trigger.tick();
		expect(ids(poll3.changes)).toEqual([third.id, 'restaurantUnreachable']);
		const item = poll3.changes[1] as unknown as UnreachableItem;
		expect(item).toMatchObject({
			restaurantId: FAILING,
			restaurantLastPolledAt: new Date(stored.p! * 1000).toISOString(),
			failedPolls: 3,
			error: { httpCode: String(status) },
		});
		expect(item.error.description).toContain(`restaurant ${FAILING}`);
		expect(item.error.description).not.toContain('Nothing was emitted');
		expect(item.whatToDo).toContain(advice);

		// Said once: the fourth failed poll reports nothing.
		const poll4 = await trigger.tick();
		expect(poll4.items).toBeNull();
		expect(storedEntries(trigger).restaurants[FAILING]).toEqual({ ...stored, e: 4 });

		await ctx.sandbox.control('DELETE', '/faults');
		const recovered = await trigger.tick();
		expect(ids(recovered.changes)).toEqual([waiting.id]);
		expect(recovered.changes[0].restaurantLastPolledAt).toBe(
			new Date(stored.p! * 1000).toISOString(),
		);
		expect(storedEntries(trigger).restaurants[FAILING].e).toBeUndefined();
		expect((await trigger.tick()).items).toBeNull();
	},
	60_000,
);

it('every restaurant failing fails the poll as before: its error, nothing emitted, nothing stored; then everything once', async () => {
	const zones = await restaurantZones(ctx);
	const trigger = await baselined(ctx, allRestaurants());
	const good = structuredClone(trigger.staticData) as IDataObject;
	const booked = [await book(ctx, zones, 101), await book(ctx, zones, 106)];
	await injectFault(ctx, { status: 500, count: 1000, pathContains: '/reservations' });
	const failed = await trigger.tick();
	expectFailedPollKeptState(failed, trigger, good);
	await ctx.sandbox.control('DELETE', '/faults');
	expect(ids((await trigger.tick()).changes)).toEqual(booked.map((b) => b.id));
});

it('a failed lookup of the restaurants fails the poll as before', async () => {
	const trigger = await baselined(ctx, allRestaurants());
	const good = structuredClone(trigger.staticData) as IDataObject;
	(trigger.state as IDataObject).at = 0; // due for a lookup
	await injectFault(ctx, { status: 503, count: 1000, pathContains: '/core/admin/restaurants' });
	const failed = await trigger.tick();
	expect(failed.items).toBeNull();
	expect(failed.error).toMatchObject({ name: 'NodeApiError', httpCode: '503' });
	expect((failed.error as Error & { description: string }).description).toContain(
		'the list of restaurants',
	);
	expect(trigger.state).toEqual({
		...(good['node:Restaurant Reservations Trigger'] as object),
		at: 0,
	});
});
