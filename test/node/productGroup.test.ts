/** Product Group operations through n8n's engine against the sandbox (spec 2.3, 4.2). */
import { ACCESS_DENIED, expectHttpError } from '../support/httpErrors';
import { errorOf, expectDeleted, expectPaired, json } from '../support/nodeResults';
import { nodeRunner, restaurant } from '../support/nodeRunner';
import { useSandbox } from '../support/sandbox';
import { TOKENS } from '../support/tokens';

const ctx = useSandbox();
const node = nodeRunner(ctx, { restaurantId: restaurant(101) });
const groups = async () =>
	(await ctx.call('listProductGroups')).body as Array<{
		id: string;
		name: string;
		visible: boolean;
		sequence: number;
		taxeRate: number | null;
	}>;

beforeEach(async () => {
	await ctx.sandbox.reset();
});

describe('Product Group: Create', () => {
	it('creates a group with the fields set, and the sandbox stores it', async () => {
		const result = await node.run({
			resource: 'productGroup',
			operation: 'create',
			name: 'Specials',
			additionalFields: { sequence: 9, visible: false, taxeRate: 19, takeawayTaxeRate: 7 },
		});
		expect(result.error).toBeUndefined();
		expect(json(result)).toEqual([
			expect.objectContaining({
				id: expect.any(String),
				name: 'Specials',
				sequence: 9,
				visible: false,
				taxeRate: 19,
				takeawayTaxeRate: 7,
				productsCount: 0,
			}),
		]);
		expectPaired(result.items, [0]);
		expect(node.sent(result.requests)).toEqual([
			{
				method: 'POST',
				url: '/api/core/admin/restaurants/101/productgroups',
				body: { name: 'Specials', sequence: 9, visible: false, taxeRate: 19, takeawayTaxeRate: 7 },
				status: 201,
			},
		]);
		expect(await groups()).toContainEqual(
			expect.objectContaining({ id: result.items[0].json.id, name: 'Specials', visible: false }),
		);
	});

	it('says the token has no access to the restaurant (403)', async () => {
		const result = await node.run(
			{ resource: 'productGroup', operation: 'create', name: 'Specials' },
			{ token: TOKENS.outsider },
		);
		expectHttpError(result, '403', ACCESS_DENIED);
		expect((await groups()).map((g) => g.name)).not.toContain('Specials');
	});
});

describe('Product Group: Get Many', () => {
	it('returns every group with Return All, one item each', async () => {
		const result = await node.run({
			resource: 'productGroup',
			operation: 'getAll',
			returnAll: true,
		});
		expect(result.error).toBeUndefined();
		expect(json(result).map((g) => g.name)).toEqual([
			'Starters',
			'Pasta',
			'Mains',
			'Desserts',
			'Drinks',
			'Wine',
			'Modifiers',
		]);
		expectPaired(result.items);
	});

	it('keeps to the limit, per input item, each output paired with its input', async () => {
		const result = await node.run(
			{ resource: 'productGroup', operation: 'getAll', returnAll: false, limit: 2 },
			{ inputItems: [{}, {}] },
		);
		expect(json(result).map((g) => g.name)).toEqual(['Starters', 'Pasta', 'Starters', 'Pasta']);
		expectPaired(result.items, [0, 0, 1, 1]);
	});

	it('says which restaurant does not exist (404)', async () => {
		const result = await node.run({
			resource: 'productGroup',
			operation: 'getAll',
			returnAll: true,
			restaurantId: restaurant(999),
		});
		const error = errorOf(result);
		expect(error.httpCode).toBe('404');
		expect(error.message).toMatch(/^Not found: .*999/);
	});
});

describe('Product Group: Update', () => {
	it('sends only the fields set and returns the updated group', async () => {
		const result = await node.run({
			resource: 'productGroup',
			operation: 'update',
			groupId: 'grp-101-desserts',
			updateFields: { name: 'Dolci', sequence: 2 },
		});
		expect(result.error).toBeUndefined();
		expect(json(result)).toEqual([
			expect.objectContaining({
				id: 'grp-101-desserts',
				name: 'Dolci',
				sequence: 2,
				visible: true,
			}),
		]);
		expect(node.sent(result.requests)).toEqual([
			{
				method: 'PUT',
				url: '/api/core/admin/restaurants/101/productgroups/grp-101-desserts',
				body: { name: 'Dolci', sequence: 2 },
				status: 200,
			},
		]);
		expect(await groups()).toContainEqual(
			expect.objectContaining({ id: 'grp-101-desserts', name: 'Dolci', sequence: 2 }),
		);
	});

	it('takes the group from an expression', async () => {
		const result = await node.run(
			{
				resource: 'productGroup',
				operation: 'update',
				groupId: '={{ $json.group }}',
				updateFields: { visible: false },
			},
			{ inputItems: [{ group: 'grp-101-wine' }] },
		);
		expect(json(result)).toEqual([expect.objectContaining({ id: 'grp-101-wine', visible: false })]);
	});

	it('refuses an update with nothing to change, sending nothing', async () => {
		await node.sandboxRequests();
		const result = await node.run({
			resource: 'productGroup',
			operation: 'update',
			groupId: 'grp-101-wine',
			updateFields: {},
		});
		expect(errorOf(result).message).toBe(
			'Nothing to update: add at least one field under Update Fields',
		);
		expect(await node.sandboxRequests()).toEqual([]);
	});

	it('says the group does not exist (404)', async () => {
		const result = await node.run({
			resource: 'productGroup',
			operation: 'update',
			groupId: 'grp-101-nope',
			updateFields: { name: 'X' },
		});
		expectHttpError(result, '404', 'Not found: Product group grp-101-nope was not found.');
	});

	it('continues on fail: an error item for the bad group, the next item still updated', async () => {
		const result = await node.run(
			{
				resource: 'productGroup',
				operation: 'update',
				groupId: '={{ $json.group }}',
				updateFields: { name: '={{ $json.name }}' },
			},
			{
				continueOnFail: true,
				inputItems: [
					{ group: 'grp-101-nope', name: 'A' },
					{ group: 'grp-101-pasta', name: 'Pasta fresca' },
				],
			},
		);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(2);
		expect(result.items[0].json.error).toBe('Not found: Product group grp-101-nope was not found.');
		expect(result.items[1].json).toMatchObject({ id: 'grp-101-pasta', name: 'Pasta fresca' });
		expectPaired(result.items, [0, 1]);
		expect(await groups()).toContainEqual(
			expect.objectContaining({ id: 'grp-101-pasta', name: 'Pasta fresca' }),
		);
	});
});

describe('Product Group: Delete', () => {
	it('deletes the group and returns { deleted: true }', async () => {
		const result = await node.run({
			resource: 'productGroup',
			operation: 'delete',
			groupId: 'grp-101-wine',
		});
		expectDeleted(result);
		expect((await groups()).map((g) => g.id)).not.toContain('grp-101-wine');
	});

	it('says the group does not exist (404)', async () => {
		const result = await node.run({
			resource: 'productGroup',
			operation: 'delete',
			groupId: 'grp-101-nope',
		});
		expect(errorOf(result).message).toBe('Not found: Product group grp-101-nope was not found.');
	});
});

describe('Product Group: dropdown', () => {
	it('lists the groups of the chosen restaurant', async () => {
		const options = await node.loadOptions('getProductGroups');
		expect(options.map((o) => o.value)).toContain('grp-101-starters');
	});
});
