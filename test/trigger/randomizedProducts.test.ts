/**
 * The Products watch over a long randomized run with a fixed seed, like ./randomized.test.ts: many
 * polls of every restaurant's catalog, random creations, updates, deletions and undone changes
 * between them, random failures injected into the polls. After every successful poll the emitted
 * items must equal the true changes since the previous poll that covered its restaurant (a fault
 * fails one restaurant, whose changes wait, while the others report: ./ledger), computed
 * independently from the whole catalogs read with a plain client: zero lost, zero duplicated,
 * previous values true; a failed poll emits nothing and keeps the state.
 */
import type { IDataObject } from 'n8n-workflow';
import { useSandbox } from '../support/sandbox';
import { advanced, Ledger, randomFault, trueChanges } from './ledger';
import { seededChoices } from './randomRun';
import { PRODUCT_FIELDS, Trigger, watchItems, type WatchItem } from './support';

const ctx = useSandbox();

const SEED = process.env.TRIGGER_SEED ?? 'restaurant-products-trigger-1';
const POLLS = 60;
const RESTAURANTS = [101, 102, 103];
const EXACT = PRODUCT_FIELDS;
const GROUPS = ['starters', 'pasta', 'mains', 'desserts', 'drinks', 'wine'];

type Product = IDataObject & { id: string; restaurantId: number };

const { random, int, pick, chance } = seededChoices(SEED);
const money = () => int(0, 4000) / 100;

/** Every product of the three restaurants, read with a plain client, by `<restaurant>/<id>`. */
async function readTruth(): Promise<Map<string, Product>> {
	const truth = new Map<string, Product>();
	for (const restaurantId of RESTAURANTS) {
		for (let skip = 0; ; skip += 200) {
			const { body } = await ctx.call('listProducts', {
				path: { restaurantId },
				query: { skip, take: 200 },
			});
			for (const p of body.items as IDataObject[])
				truth.set(`${restaurantId}/${p.id}`, { ...p, restaurantId } as Product);
			if (skip + 200 >= body.total) break;
		}
	}
	return truth;
}

const blank = (v: unknown) =>
	v === null ||
	v === undefined ||
	(Array.isArray(v) ? v.length === 0 : typeof v === 'object' && Object.keys(v).length === 0);
const rest = (p: IDataObject) =>
	JSON.stringify(
		Object.keys(p)
			.sort()
			.filter((k) => !EXACT.includes(k) && !['id', 'restaurantId'].includes(k) && !blank(p[k]))
			.map((k) => [k, p[k]]),
	);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The true change of one product between two successful polls, as the trigger must report it. */
function expectedChange(key: string, before?: Product, after?: Product): string | undefined {
	if (!before && !after) return undefined;
	if (!before) return `${key} productCreated`;
	if (!after) return `${key} productDeleted`;
	const fields = EXACT.filter((f) => !same(before[f], after[f]));
	const other = rest(before) !== rest(after);
	if (fields.length === 0 && !other) return undefined;
	return `${key} productUpdated [${fields.join(',')}] other=${other}`;
}

function emitted(item: WatchItem): string {
	const key = `${item.restaurantId}/${item.productId}`;
	if (item.event !== 'productUpdated') return `${key} ${item.event}`;
	return `${key} ${item.event} [${item.changedFields!.join(',')}] other=${item.otherFieldsChanged}`;
}

it(`emits exactly the true stream of product changes over ${POLLS} polls with random changes and failures (seed ${SEED})`, async () => {
	const trigger = new Trigger(ctx, { watch: 'products', restaurants: 'all' });
	expect((await trigger.tick()).items).toBeNull();
	let lastGood = await readTruth();
	const live = new Map(lastGood);
	const ledger = new Ledger(ctx, trigger);

	const changeable = () =>
		[...live.values()].filter((p) => !p.id.includes('legacy') && p.productType !== 'modifier');
	const update = async (p: Product, body: IDataObject) => {
		const response = await ctx.call('updateProduct', {
			path: { restaurantId: p.restaurantId, productId: p.id },
			body,
		});
		expect(response.status).toBe(200);
		live.set(`${p.restaurantId}/${p.id}`, { ...response.body, restaurantId: p.restaurantId });
	};

	for (let round = 0; round < POLLS; round++) {
		for (let n = int(0, 4); n > 0; n--) {
			const op = pick(['create', 'update', 'update', 'update', 'delete', 'undo', 'noop', 'other']);
			if (op === 'create') {
				const restaurantId = pick(RESTAURANTS);
				const { body, status } = await ctx.call('createProduct', {
					path: { restaurantId },
					body: {
						name: `Special ${round}-${n}`,
						price: money(),
						groupId: `grp-${restaurantId}-${pick(GROUPS)}`,
						...(chance(0.5) ? { stockAmount: int(0, 50) } : {}),
					},
				});
				expect(status).toBe(201);
				live.set(`${restaurantId}/${body.id}`, { ...body, restaurantId });
				continue;
			}
			const p = pick(changeable());
			if (op === 'delete') {
				const { status } = await ctx.call('deleteProduct', {
					path: { restaurantId: p.restaurantId, productId: p.id },
				});
				expect(status).toBe(200);
				live.delete(`${p.restaurantId}/${p.id}`);
			} else if (op === 'update') {
				const body: IDataObject = {};
				if (chance(0.5)) body.price = money();
				if (chance(0.3)) body.takeawayPrice = chance(0.3) ? null : money();
				if (chance(0.3)) body.deliveryPrice = chance(0.3) ? null : money();
				if (chance(0.3)) body.stockAmount = chance(0.2) ? null : int(0, 99);
				if (chance(0.2)) body.visible = !p.visible;
				if (chance(0.2)) body.groupId = `grp-${p.restaurantId}-${pick(GROUPS)}`;
				if (chance(0.2)) body.name = `${p.name}, | ${int(1, 99)}%`;
				if (chance(0.1)) body.productPLU = chance(0.3) ? null : String(int(1000, 9999));
				await update(p, body);
			} else if (op === 'undo') {
				// A change made and undone between two polls is no change.
				await update(p, { price: Number(p.price) + 1 });
				await update(p, { price: p.price });
			} else if (op === 'noop') {
				await update(p, { price: p.price });
			} else {
				await update(p, { description: `Note ${int(1, 999)}` });
			}
		}

		const result = await ledger.poll(randomFault(random, 5));
		if (!result) continue;

		const truth = await readTruth();
		const items = watchItems(result);
		const covered = ledger.judge(
			round,
			items.map(emitted),
			trueChanges(lastGood, truth, expectedChange),
		);
		// Reported values are the true previous and current ones; a deletion carries the last values.
		for (const item of items) {
			const key = `${item.restaurantId}/${item.productId}`;
			for (const [field, { previous, current }] of Object.entries(item.changes ?? {})) {
				expect(current).toEqual(truth.get(key)![field] ?? null);
				expect(previous).toEqual(lastGood.get(key)![field] ?? null);
			}
			if (item.event === 'productDeleted')
				for (const field of EXACT)
					expect(item.product![field]).toEqual(lastGood.get(key)![field] ?? null);
		}
		// The state tracks the whole catalog as last covered, compactly.
		lastGood = advanced(lastGood, truth, covered);
		const state = trigger.state as { r: Record<string, { s: string }> };
		const tracked = Object.values(state.r).reduce((n, r) => n + r.s.split('|').length, 0);
		expect(tracked).toBe(lastGood.size);
		expect(JSON.stringify(state).length / tracked).toBeLessThanOrEqual(80);
	}

	ledger.close(50);
	console.log(`randomized products trigger run: ${JSON.stringify(ledger.totals)}`);
}, 180_000);
