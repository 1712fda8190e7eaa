import { useSandbox } from '../support/sandbox';

const ctx = useSandbox();

describe('menus (spec 4.4)', () => {
	it('lists at least three menus with product counts and a public link', async () => {
		const res = await ctx.call('listMenus');
		expect(res.body.length).toBeGreaterThanOrEqual(3);
		expect(res.body[0]).toMatchObject({
			id: 'menu-101-lunch',
			sequence: 1,
			visible: true,
			productsCount: 12,
		});
		expect(res.body[0].menuUrl).toMatch(/^https:\/\//);
	});

	it('returns the full tree of sections and products, filtered by section names', async () => {
		const full = await ctx.call('getMenu', { path: { menuId: 'menu-101-dinner' } });
		expect(full.body.sections.map((s: { name: string }) => s.name)).toEqual([
			'Starters',
			'Mains',
			'Desserts',
		]);
		expect(full.body.sections[1].products[0]).toHaveProperty('modifiers');
		const some = await ctx.call('getMenu', {
			path: { menuId: 'menu-101-dinner' },
			query: { sections: 'desserts, STARTERS' },
		});
		expect(some.body.sections.map((s: { name: string }) => s.name)).toEqual([
			'Starters',
			'Desserts',
		]);
	});

	it('creates a menu from product ids, updates it and deletes it', async () => {
		const created = await ctx.call('createMenu', {
			body: {
				name: 'Brunch',
				visible: false,
				sections: [
					{
						name: 'Sweet',
						description: 'Morning sweets',
						products: [{ id: 'prd-101-desserts-01' }, { id: 'prd-101-desserts-03' }],
					},
				],
			},
		});
		expect(created.status).toBe(201);
		expect(created.body.sections[0].products.map((p: { id: string }) => p.id)).toEqual([
			'prd-101-desserts-01',
			'prd-101-desserts-03',
		]);
		const id = created.body.id;
		const updated = await ctx.call('updateMenu', {
			path: { menuId: id },
			body: { name: 'Weekend brunch' },
		});
		expect(updated.body).toMatchObject({ name: 'Weekend brunch', visible: false });
		expect(updated.body.sections).toHaveLength(1);
		const deleted = await ctx.call('deleteMenu', { path: { menuId: id } });
		expect([deleted.status, deleted.text]).toEqual([200, '']);
		expect((await ctx.call('getMenu', { path: { menuId: id } })).status).toBe(404);
	});

	it('refuses a section product that is not in the catalog', async () => {
		const res = await ctx.call('createMenu', {
			body: { name: 'Ghost', sections: [{ name: 'A', products: [{ id: 'prd-nope' }] }] },
		});
		expect(res.status).toBe(400);
		expect(res.body).toMatchObject({ code: 'unknown_product' });
		expect(res.body.message).toContain('sections[0].products[0].id');
	});

	it('batch-updates sequence and visibility, all or nothing', async () => {
		const res = await ctx.call('batchUpdateMenus', {
			body: [
				{ id: 'menu-101-drinks', sequence: 1 },
				{ id: 'menu-101-lunch', sequence: 3, visible: false },
			],
		});
		expect(res.status).toBe(200);
		const listed = (await ctx.call('listMenus')).body;
		expect(listed.map((m: { id: string }) => m.id)).toEqual([
			'menu-101-drinks',
			'menu-101-dinner',
			'menu-101-lunch',
		]);
		expect(listed[2].visible).toBe(false);
		const bad = await ctx.call('batchUpdateMenus', {
			body: [
				{ id: 'menu-101-dinner', sequence: 7 },
				{ id: 'menu-nope', sequence: 1 },
			],
		});
		expect(bad.status).toBe(400);
		expect(bad.body.code).toBe('menu_not_found');
		expect(
			(await ctx.call('listMenus')).body.find((m: { id: string }) => m.id === 'menu-101-dinner')
				.sequence,
		).toBe(2);
	});
});
