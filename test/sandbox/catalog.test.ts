import { MAX_AMOUNT } from '../../nodes/shared/money';
import { useSandbox } from '../support/sandbox';

const ctx = useSandbox();

describe('product groups (spec 4.2)', () => {
	it('lists groups in order with their product counts', async () => {
		const res = await ctx.call('listProductGroups');
		expect(res.body.length).toBeGreaterThanOrEqual(5);
		expect(res.body[0]).toMatchObject({
			id: 'grp-101-starters',
			name: 'Starters',
			sequence: 1,
			productsCount: 20,
		});
	});

	it('creates, updates and deletes a group; delete answers 200 with an empty body and ungroups its products', async () => {
		const created = await ctx.call('createProductGroup', {
			body: { name: 'Specials', visible: true, taxeRate: 19 },
		});
		expect(created.status).toBe(201);
		expect(created.body).toMatchObject({ name: 'Specials', productsCount: 0 });
		const id = created.body.id;
		const updated = await ctx.call('updateProductGroup', {
			path: { groupId: id },
			body: { name: 'Chef specials', sequence: 9 },
		});
		expect(updated.body).toMatchObject({ id, name: 'Chef specials', sequence: 9, taxeRate: 19 });
		const p = await ctx.call('createProduct', {
			body: { name: 'Special of the day', price: 17.5, groupId: id },
		});
		const deleted = await ctx.call('deleteProductGroup', { path: { groupId: id } });
		expect(deleted.status).toBe(200);
		expect(deleted.text).toBe('');
		const after = await ctx.call('listProducts', { query: { search: 'Special of the day' } });
		expect(after.body.items[0]).toMatchObject({ id: p.body.id, groupId: null });
		expect((await ctx.call('deleteProductGroup', { path: { groupId: id } })).status).toBe(404);
	});

	it('refuses a group without a name', async () => {
		const res = await ctx.call('createProductGroup', { body: { visible: true } });
		expect(res.status).toBe(400);
		expect(res.body.errors).toHaveProperty('name');
	});
});

describe('products (spec 4.3)', () => {
	it('pages with skip and take and echoes them with the total', async () => {
		const first = await ctx.call('listProducts', { query: { skip: 0, take: 50 } });
		expect(first.body).toMatchObject({ skip: 0, take: 50 });
		expect(first.body.items).toHaveLength(50);
		expect(first.body.total).toBeGreaterThanOrEqual(120);
		const last = await ctx.call('listProducts', {
			query: { skip: first.body.total - 5, take: 50 },
		});
		expect(last.body.items).toHaveLength(5);
		const ids = new Set<string>();
		for (let skip = 0; skip < first.body.total; skip += 40) {
			for (const p of (await ctx.call('listProducts', { query: { skip, take: 40 } })).body.items)
				ids.add(p.id);
		}
		expect(ids.size).toBe(first.body.total);
	});

	it('uses 50 by default and serves at most 200 per page', async () => {
		expect((await ctx.call('listProducts')).body.take).toBe(50);
		expect((await ctx.call('listProducts', { query: { take: 5000 } })).body.take).toBe(200);
	});

	it('filters by group, name and visibility, and summarises modifiers as hasModifiers', async () => {
		const pasta = await ctx.call('listProducts', {
			query: { productGroup: 'grp-101-pasta', take: 200 },
		});
		expect(pasta.body.total).toBe(20);
		expect(
			pasta.body.items.every(
				(p: { hasModifiers: boolean; modifiers?: unknown }) =>
					p.hasModifiers && p.modifiers === undefined,
			),
		).toBe(true);
		const search = await ctx.call('listProducts', { query: { search: 'tiramisù' } });
		expect(search.body.items.map((p: { name: string }) => p.name)).toEqual([
			'Tiramisù',
			'Tiramisù (large)',
		]);
		const hidden = await ctx.call('listProducts', { query: { visible: false, take: 200 } });
		expect(hidden.body.total).toBeGreaterThan(0);
		expect(hidden.body.items.every((p: { visible: boolean }) => !p.visible)).toBe(true);
	});

	it.each([
		['price', -1, 'price is -1: it must not be below 0'],
		['takeawayPrice', 4.999, 'takeawayPrice is 4.999: it must have at most two decimal places'],
		[
			'deliveryPrice',
			MAX_AMOUNT + 1,
			`deliveryPrice is ${MAX_AMOUNT + 1}: it must not be above ${MAX_AMOUNT}`,
		],
	])('refuses a product whose %s is %p with invalid_price', async (field, value, message) => {
		const res = await ctx.call('createProduct', {
			body: { name: 'Bad price', price: 5, [field]: value },
		});
		expect(res.status).toBe(400);
		expect(res.body).toMatchObject({ code: 'invalid_price' });
		expect(res.body.message).toContain(message);
	});

	it('accepts the maximum price, updates only what is sent and deletes with an empty 200', async () => {
		const created = await ctx.call('createProduct', {
			body: { name: 'Caviar', price: MAX_AMOUNT, groupId: 'grp-101-starters' },
		});
		expect(created.status).toBe(201);
		const updated = await ctx.call('updateProduct', {
			path: { productId: created.body.id },
			body: { stockAmount: 3 },
		});
		expect(updated.body).toMatchObject({ name: 'Caviar', price: MAX_AMOUNT, stockAmount: 3 });
		const bad = await ctx.call('updateProduct', {
			path: { productId: created.body.id },
			body: { price: -5 },
		});
		expect(bad.body.code).toBe('invalid_price');
		const deleted = await ctx.call('deleteProduct', { path: { productId: created.body.id } });
		expect([deleted.status, deleted.text]).toEqual([200, '']);
		expect(
			(
				await ctx.call('updateProduct', {
					path: { productId: created.body.id },
					body: { stockAmount: 1 },
				})
			).status,
		).toBe(404);
	});

	it('refuses an unknown group', async () => {
		const res = await ctx.call('createProduct', {
			body: { name: 'Orphan', price: 1, groupId: 'grp-nope' },
		});
		expect(res.body.code).toBe('unknown_product_group');
	});

	it('refuses an update of a legacy product until its stored price is corrected in the same request (spec 7.3)', async () => {
		const stockOnly = await ctx.call('updateProduct', {
			path: { productId: 'prd-101-legacy-wine' },
			body: { stockAmount: 12 },
		});
		expect(stockOnly.status).toBe(400);
		expect(stockOnly.body.code).toBe('invalid_price');
		expect(stockOnly.body.message).toContain('predates the price rules');
		const visibility = await ctx.call('updateProduct', {
			path: { productId: 'prd-101-legacy-discount' },
			body: { visible: true },
		});
		expect(visibility.body.code).toBe('invalid_price');
		const fixed = await ctx.call('updateProduct', {
			path: { productId: 'prd-101-legacy-wine' },
			body: { stockAmount: 12, price: 3.46, takeawayPrice: 3.46 },
		});
		expect(fixed.status).toBe(200);
		expect(fixed.body).toMatchObject({ stockAmount: 12, price: 3.46, takeawayPrice: 3.46 });
	});
});
