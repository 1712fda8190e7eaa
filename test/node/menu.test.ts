/** Menu operations through n8n's engine against the sandbox (spec 2.5, 4.4). */
import { ACCESS_DENIED, expectHttpError } from '../support/httpErrors';
import { errorOf, expectDeleted, expectPaired, json } from '../support/nodeResults';
import { nodeRunner, restaurant } from '../support/nodeRunner';
import { useSandbox } from '../support/sandbox';
import { TOKENS } from '../support/tokens';

const ctx = useSandbox();
const node = nodeRunner(ctx, { restaurantId: restaurant(101) });
const MENUS = '/api/core/admin/restaurants/101/menu';

interface Menu {
	id: string;
	name: string;
	sequence: number;
	visible: boolean;
	sections: Array<{ name: string; description: string | null; products: Array<{ id: string }> }>;
}
const menus = async () => (await ctx.call('listMenus')).body as Array<Omit<Menu, 'sections'>>;
const menu = async (id: string) =>
	(await ctx.call('getMenu', { path: { menuId: id } })).body as Menu;

beforeEach(async () => {
	await ctx.sandbox.reset();
});

describe('Menu: Create', () => {
	it('creates a menu with sections of products', async () => {
		const result = await node.run({
			resource: 'menu',
			operation: 'create',
			name: 'Brunch',
			sections: {
				section: [
					{
						name: 'Sweet',
						description: 'To start',
						products: ['prd-101-desserts-01', 'prd-101-desserts-03'],
					},
					{ name: 'Coffee', description: '', products: ['prd-101-drinks-01'] },
				],
			},
			additionalFields: { visible: false, sequence: 4 },
		});
		expect(result.error).toBeUndefined();
		const [created] = json(result) as unknown as Menu[];
		expect(created).toMatchObject({ name: 'Brunch', visible: false, sequence: 4 });
		expect(
			created.sections.map((s) => [s.name, s.description, s.products.map((p) => p.id)]),
		).toEqual([
			['Sweet', 'To start', ['prd-101-desserts-01', 'prd-101-desserts-03']],
			['Coffee', null, ['prd-101-drinks-01']],
		]);
		expectPaired(result.items, [0]);
		expect(node.sent(result.requests)[0].body).toEqual({
			name: 'Brunch',
			visible: false,
			sequence: 4,
			sections: [
				{
					name: 'Sweet',
					description: 'To start',
					products: [{ id: 'prd-101-desserts-01' }, { id: 'prd-101-desserts-03' }],
				},
				{ name: 'Coffee', description: null, products: [{ id: 'prd-101-drinks-01' }] },
			],
		});
		expect((await menu(created.id)).sections).toHaveLength(2);
	});

	it("reports the API's message for an unknown product", async () => {
		const result = await node.run({
			resource: 'menu',
			operation: 'create',
			name: 'Broken',
			sections: { section: [{ name: 'X', products: ['prd-nope'] }] },
		});
		const error = expectHttpError(
			result,
			'400',
			'sections[0].products[0].id "prd-nope" is not a product of restaurant 101.',
		);
		expect(error.description).toContain('Code: unknown_product.');
		expect((await menus()).map((m) => m.name)).not.toContain('Broken');
	});
});

describe('Menu: Get', () => {
	it('returns the menu with its sections, filtered by section name', async () => {
		const result = await node.run({
			resource: 'menu',
			operation: 'get',
			menuId: 'menu-101-dinner',
			menuOptions: { sections: 'mains, DESSERTS' },
		});
		expect(result.error).toBeUndefined();
		const [dinner] = json(result) as unknown as Menu[];
		expect(dinner.sections.map((s) => s.name)).toEqual(['Mains', 'Desserts']);
		expect(node.sent(result.requests)[0].url).toBe(
			`${MENUS}/menu-101-dinner?sections=mains%2CDESSERTS`,
		);
		expectPaired(result.items, [0]);
	});

	it('says the menu does not exist (404)', async () => {
		const result = await node.run({ resource: 'menu', operation: 'get', menuId: 'menu-101-nope' });
		expectHttpError(result, '404', 'Not found: Menu menu-101-nope was not found.');
	});
});

describe('Menu: Get Many', () => {
	it('lists the menus, up to the limit', async () => {
		const all = await node.run({ resource: 'menu', operation: 'getAll', returnAll: true });
		expect(json(all).map((m) => m.name)).toEqual(['Lunch', 'Dinner', 'Drinks']);
		expectPaired(all.items);
		const two = await node.run({
			resource: 'menu',
			operation: 'getAll',
			returnAll: false,
			limit: 2,
		});
		expect(json(two).map((m) => m.id)).toEqual(['menu-101-lunch', 'menu-101-dinner']);
	});

	it('says the token has no access to the restaurant (403)', async () => {
		const result = await node.run(
			{ resource: 'menu', operation: 'getAll', returnAll: true },
			{ token: TOKENS.outsider },
		);
		expect(errorOf(result).message).toBe(ACCESS_DENIED);
	});
});

describe('Menu: Update', () => {
	it('changes the fields set and keeps the sections when none are given', async () => {
		const result = await node.run({
			resource: 'menu',
			operation: 'update',
			menuId: 'menu-101-lunch',
			updateFields: { name: 'Business lunch' },
		});
		expect(result.error).toBeUndefined();
		expect(node.sent(result.requests)[0].body).toEqual({ name: 'Business lunch' });
		const lunch = await menu('menu-101-lunch');
		expect(lunch.name).toBe('Business lunch');
		expect(lunch.sections.map((s) => s.name)).toEqual(['Starters', 'Pasta']);
	});

	it('replaces the sections when Sections is set', async () => {
		const result = await node.run({
			resource: 'menu',
			operation: 'update',
			menuId: 'menu-101-lunch',
			updateFields: {
				sections: {
					section: [
						{ name: 'Today', description: 'Chef’s choice', products: ['prd-101-mains-01'] },
					],
				},
			},
		});
		expect(result.error).toBeUndefined();
		expect((json(result)[0] as unknown as Menu).sections.map((s) => s.name)).toEqual(['Today']);
		expect((await menu('menu-101-lunch')).sections).toEqual([
			expect.objectContaining({
				name: 'Today',
				products: [expect.objectContaining({ id: 'prd-101-mains-01' })],
			}),
		]);
		expectPaired(result.items, [0]);
	});

	it('refuses an update with nothing to change', async () => {
		const result = await node.run({
			resource: 'menu',
			operation: 'update',
			menuId: 'menu-101-lunch',
			updateFields: { sections: {} },
		});
		expect(errorOf(result).message).toBe(
			'Nothing to update: add at least one field under Update Fields',
		);
		expect(result.requests).toEqual([]);
	});

	it('continues on fail past a missing menu', async () => {
		const result = await node.run(
			{
				resource: 'menu',
				operation: 'update',
				menuId: '={{ $json.menu }}',
				updateFields: { visible: false },
			},
			{
				continueOnFail: true,
				inputItems: [{ menu: 'menu-101-nope' }, { menu: 'menu-101-drinks' }],
			},
		);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.error).toBe('Not found: Menu menu-101-nope was not found.');
		expect(result.items[1].json).toMatchObject({ id: 'menu-101-drinks', visible: false });
		expectPaired(result.items, [0, 1]);
	});
});

describe('Menu: Delete', () => {
	it('deletes the menu and returns { deleted: true }', async () => {
		const result = await node.run({
			resource: 'menu',
			operation: 'delete',
			menuId: 'menu-101-drinks',
		});
		expectDeleted(result);
		expect((await menus()).map((m) => m.id)).not.toContain('menu-101-drinks');
	});

	it('says the menu does not exist (404)', async () => {
		const result = await node.run({
			resource: 'menu',
			operation: 'delete',
			menuId: 'menu-101-nope',
		});
		expect(errorOf(result).message).toBe('Not found: Menu menu-101-nope was not found.');
	});
});

describe('Menu: Reorder', () => {
	it('sends the whole order in one request and the menus change together', async () => {
		const result = await node.run({
			resource: 'menu',
			operation: 'reorder',
			menus: {
				menu: [
					{ menuId: 'menu-101-drinks', sequence: 1, visible: 'keep' },
					{ menuId: 'menu-101-lunch', sequence: 3, visible: 'hide' },
				],
			},
		});
		expect(result.error).toBeUndefined();
		expect(node.sent(result.requests)).toEqual([
			{
				method: 'PUT',
				url: MENUS,
				body: [
					{ id: 'menu-101-drinks', sequence: 1 },
					{ id: 'menu-101-lunch', sequence: 3, visible: false },
				],
				status: 200,
			},
		]);
		expect(json(result)).toEqual([
			expect.objectContaining({ id: 'menu-101-drinks', sequence: 1, visible: true }),
			expect.objectContaining({ id: 'menu-101-lunch', sequence: 3, visible: false }),
		]);
		expectPaired(result.items, [0, 0]);
		expect(await menus()).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ id: 'menu-101-drinks', sequence: 1 }),
				expect.objectContaining({ id: 'menu-101-lunch', sequence: 3, visible: false }),
			]),
		);
	});

	it('changes nothing when one menu is unknown, and says which', async () => {
		const result = await node.run({
			resource: 'menu',
			operation: 'reorder',
			menus: {
				menu: [
					{ menuId: 'menu-101-drinks', sequence: 9, visible: 'keep' },
					{ menuId: 'menu-101-nope', sequence: 1, visible: 'keep' },
				],
			},
		});
		const error = errorOf(result);
		expect(error.message).toBe(
			'[1].id "menu-101-nope" is not a menu of restaurant 101; nothing was changed.',
		);
		expect(error.description).toContain('Code: menu_not_found.');
		expect((await menus()).find((m) => m.id === 'menu-101-drinks')?.sequence).toBe(3);
	});
});

describe('Menu: dropdown', () => {
	it('lists the menus of the chosen restaurant', async () => {
		expect((await node.loadOptions('getMenus')).map((o) => o.value)).toEqual([
			'menu-101-lunch',
			'menu-101-dinner',
			'menu-101-drinks',
		]);
	});
});
