/**
 * The trigger with Watch: Products, through n8n-core's poll path against the sandbox: every event
 * reported once with the previous prices, stock, visibility and group, the paged catalog listed
 * whole (also while it changes), failures in the middle of a poll, the manual run.
 */
import type { IDataObject } from 'n8n-workflow';
import { PRODUCT_PAGE_SIZE } from '../../nodes/RestaurantReservationsTrigger/targets/products/watch';
import {
	expectFailedPollKeptState,
	expectIdleTickKeepsState,
	PRODUCT_FIELDS,
	settled,
	watchItems,
	withoutPolledAt,
} from './support';
import { useWatchTarget } from './watchTarget';

const products = useWatchTarget('products', 'product');
const { ctx, newTrigger, baseline, tick, fault, summary } = products;
const watchProducts = products.parameters;

/** The whole catalog of a restaurant, listed by a plain client. */
async function catalog(restaurantId = 101): Promise<IDataObject[]> {
	const { body } = await ctx.call('listProducts', { path: { restaurantId }, query: { take: 200 } });
	expect(body.total).toBeLessThanOrEqual(200);
	return body.items as IDataObject[];
}

async function createProduct(body: IDataObject = {}): Promise<IDataObject> {
	const response = await ctx.call('createProduct', {
		body: { name: 'Tiramisu della casa', productPLU: '4001', price: 7.5, ...body },
	});
	expect(response.status).toBe(201);
	return response.body;
}

async function updateProduct(id: unknown, body: IDataObject): Promise<IDataObject> {
	const response = await ctx.call('updateProduct', { path: { productId: String(id) }, body });
	expect(response.status).toBe(200);
	return response.body;
}

async function deleteProduct(id: unknown): Promise<void> {
	expect((await ctx.call('deleteProduct', { path: { productId: String(id) } })).status).toBe(200);
}

const pageRequests = (result: { requests: Array<{ url: string }> }) =>
	result.requests
		.map((r) => new URL(r.url))
		.filter((url) => url.pathname.endsWith('/products'))
		.map((url) => [Number(url.searchParams.get('skip')), Number(url.searchParams.get('take'))]);

describe('baseline', () => {
	it('records the whole catalog, silently, in overlapping pages', async () => {
		const trigger = newTrigger();
		const first = await trigger.tick();
		expect(first.error).toBeUndefined();
		expect(first.items).toBeNull();
		const products = await catalog();
		expect(products.length).toBeGreaterThan(PRODUCT_PAGE_SIZE);
		const state = trigger.state as { r: Record<string, { s: string }> };
		expect(state.r['101'].s.split('|')).toHaveLength(products.length);
		// Each page after the first starts with the last product of the page before.
		const step = PRODUCT_PAGE_SIZE - 1;
		expect(pageRequests(first)).toEqual(
			Array.from({ length: Math.ceil((products.length - 1) / step) }, (_, k) => [
				k * step,
				PRODUCT_PAGE_SIZE,
			]),
		);
		await expectIdleTickKeepsState(trigger);
	});
});

describe('events', () => {
	it('Product Created: the new product, once', async () => {
		const trigger = await baseline();
		const created = await createProduct({ groupId: 'grp-101-desserts' });
		const { items } = await tick(trigger);
		expect(summary(items)).toEqual([
			{ event: 'productCreated', restaurantId: 101, productId: created.id },
		]);
		expect(items[0].product).toMatchObject({
			id: created.id,
			name: 'Tiramisu della casa',
			price: 7.5,
			groupId: 'grp-101-desserts',
		});
		expect((await tick(trigger)).items).toEqual([]);
	});

	it('Product Updated: prices, stock, visibility, group, name and PLU with their previous values', async () => {
		const created = await createProduct({
			takeawayPrice: 7,
			deliveryPrice: 8.5,
			stockAmount: 12,
			groupId: 'grp-101-desserts',
		});
		const trigger = await baseline();
		await updateProduct(created.id, {
			name: 'Tiramisu, | 100% classico',
			productPLU: '4002',
			price: 7.9,
			takeawayPrice: null,
			deliveryPrice: 9,
			stockAmount: 0,
			visible: false,
			groupId: 'grp-101-pasta',
		});
		expect(summary((await tick(trigger)).items)).toEqual([
			{
				event: 'productUpdated',
				restaurantId: 101,
				productId: created.id,
				changedFields: PRODUCT_FIELDS,
				changes: {
					name: { previous: 'Tiramisu della casa', current: 'Tiramisu, | 100% classico' },
					productPLU: { previous: '4001', current: '4002' },
					price: { previous: 7.5, current: 7.9 },
					takeawayPrice: { previous: 7, current: null },
					deliveryPrice: { previous: 8.5, current: 9 },
					stockAmount: { previous: 12, current: 0 },
					visible: { previous: true, current: false },
					groupId: { previous: 'grp-101-desserts', current: 'grp-101-pasta' },
				},
				otherFieldsChanged: false,
			},
		]);
		expect((await tick(trigger)).items).toEqual([]);
	});

	it('Product Updated: a change elsewhere is flagged; a change undone is nothing', async () => {
		const [a, b] = (await catalog()).slice(0, 2);
		const trigger = await baseline();
		await updateProduct(a.id, { description: 'Now with burrata.' });
		await updateProduct(b.id, { price: 99 });
		await updateProduct(b.id, { price: b.price });
		expect(summary((await tick(trigger)).items)).toEqual([
			{
				event: 'productUpdated',
				restaurantId: 101,
				productId: a.id,
				changedFields: [],
				changes: {},
				otherFieldsChanged: true,
			},
		]);
	});

	it('Product Deleted: the product with the values the trigger kept', async () => {
		const products = await catalog();
		const gone = products.find((p) => typeof p.takeawayPrice === 'number')!;
		const trigger = await baseline();
		await deleteProduct(gone.id);
		expect((await tick(trigger)).items.map(withoutPolledAt)).toEqual([
			{
				event: 'productDeleted',
				restaurantId: 101,
				productId: gone.id,
				product: {
					id: gone.id,
					name: gone.name,
					productPLU: gone.productPLU,
					price: gone.price,
					takeawayPrice: gone.takeawayPrice,
					deliveryPrice: gone.deliveryPrice,
					stockAmount: gone.stockAmount,
					visible: gone.visible,
					groupId: gone.groupId,
				},
			},
		]);
		expect((await tick(trigger)).items).toEqual([]);
	});

	it('only the chosen events', async () => {
		const [a] = await catalog();
		const trigger = await baseline(watchProducts({ productEvents: ['productDeleted'] }));
		await updateProduct(a.id, { price: 1 });
		const created = await createProduct();
		await deleteProduct(a.id);
		expect((await tick(trigger)).items.map((i) => [i.event, i.productId])).toEqual([
			['productDeleted', a.id],
		]);
		trigger.parameters = watchProducts();
		await deleteProduct(created.id);
		expect((await tick(trigger)).items.map((i) => [i.event, i.productId])).toEqual([
			['productDeleted', created.id],
		]);
	});
});

describe('a catalog changing while it is listed', () => {
	it('products removed before a page boundary during the poll: listed again, no product falsely deleted', async () => {
		const trigger = await baseline();
		const products = await catalog();
		const latency = 800;
		await ctx.sandbox.control('PUT', '/latency', { ms: latency });
		try {
			const polling = trigger.tick();
			// Answered after the first page and before the second: the pages shift by two.
			await new Promise((resolve) => setTimeout(resolve, latency / 2));
			await Promise.all([deleteProduct(products[3].id), deleteProduct(products[4].id)]);
			const result = await polling;
			expect(result.error).toBeUndefined();
			expect(watchItems(result).map((i) => [i.event, i.productId])).toEqual([
				['productDeleted', products[3].id],
				['productDeleted', products[4].id],
			]);
			// The first listing did not fit together: it was listed again from its first page.
			expect(pageRequests(result).filter(([skip]) => skip === 0)).toHaveLength(2);
		} finally {
			await ctx.sandbox.control('PUT', '/latency', { ms: 0 });
		}
		expect((await tick(trigger)).items).toEqual([]);
	}, 30_000);
});

describe('failures', () => {
	it('a page failing in the middle of a poll: no emission, state unchanged, full catch-up once', async () => {
		const [a, b] = await catalog();
		const trigger = await baseline();
		const good = structuredClone(trigger.staticData);
		const created = await createProduct();
		await updateProduct(a.id, { stockAmount: 3 });
		await fault({ status: 500, count: 1, after: 1, pathContains: '/products' });
		const failed = await trigger.tick();
		expectFailedPollKeptState(failed, trigger, good);
		await settled();

		await deleteProduct(b.id);
		await fault({ status: 503, count: 1, pathContains: '/products' });
		expect((await trigger.tick()).error).toMatchObject({ httpCode: '503' });
		expect(trigger.staticData).toEqual(good);
		await settled();

		await fault({ status: 429, count: 1, retryAfterSeconds: 3600, pathContains: '/products' });
		expect((await trigger.tick()).error).toMatchObject({ httpCode: '429' });
		expect(trigger.staticData).toEqual(good);
		await settled();

		const caughtUp = await tick(trigger);
		expect(caughtUp.items.map((i) => [i.event, i.productId]).sort()).toEqual(
			[
				['productUpdated', a.id],
				['productDeleted', b.id],
				['productCreated', created.id],
			].sort(),
		);
		expect((await tick(trigger)).items).toEqual([]);
	});

	it('429 with Retry-After within the poll budget: waited, then the poll completes', async () => {
		const trigger = await baseline();
		const created = await createProduct();
		await fault({
			status: 429,
			count: 1,
			after: 1,
			retryAfterSeconds: 1,
			pathContains: '/products',
		});
		const started = Date.now();
		const { items } = await tick(trigger);
		expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
		expect(items.map((i) => i.productId)).toEqual([created.id]);
	});
});

describe('manual test run', () => {
	it('shows the changes waiting without touching the state; otherwise a sample of each chosen event', async () => {
		const fresh = newTrigger();
		const samples = watchItems(await fresh.test());
		expect(samples.map((i) => [i.event, i.sample])).toEqual([
			['productCreated', true],
			['productUpdated', true],
			['productDeleted', true],
		]);
		expect(samples[1].changes).toEqual({
			price: { previous: expect.any(Number), current: samples[1].product!.price },
		});
		expect(samples[2].product).toMatchObject({
			id: samples[2].productId,
			name: expect.any(String),
		});

		const trigger = await baseline();
		const stored = structuredClone(trigger.staticData);
		const created = await createProduct();
		const test = await trigger.test();
		expect(watchItems(test).map((i) => [i.event, i.productId, i.sample])).toEqual([
			['productCreated', created.id, undefined],
		]);
		expect(test.runStaticData).toEqual(stored);
		expect((await tick(trigger)).items.map((i) => i.productId)).toEqual([created.id]);
	});
});
