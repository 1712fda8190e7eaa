/**
 * Product Group Create or Update through n8n's engine against the sandbox: matched by name in any
 * case; created, updated (only what differs) or unchanged (nothing sent); the groups read once per
 * run of the node, so rows naming the same new group create it once.
 */
import { ACCESS_DENIED } from '../support/httpErrors';
import { actions, errorOf, expectPaired, json } from '../support/nodeResults';
import { nodeRunner, restaurant } from '../support/nodeRunner';
import { useSandbox } from '../support/sandbox';
import { TOKENS } from '../support/tokens';

const ctx = useSandbox();
const node = nodeRunner(ctx, { restaurantId: restaurant(101) });
const GROUPS = '/api/core/admin/restaurants/101/productgroups';
const GROUPS_READ = { method: 'GET', url: GROUPS, status: 200 };

const upsert = (parameters: Record<string, unknown>) => ({
	resource: 'productGroup',
	operation: 'upsert',
	...parameters,
});

const groups = async () => (await ctx.call('listProductGroups')).body as Array<Record<string, any>>;

beforeEach(async () => {
	await ctx.sandbox.reset();
});

describe('Product Group: Create or Update', () => {
	it('creates a group no other group is named like', async () => {
		const result = await node.run(
			upsert({ name: 'Specials', additionalFields: { sequence: 9, visible: false } }),
		);
		expect(result.error).toBeUndefined();
		expect(json(result)).toEqual([
			{
				action: 'created',
				productGroup: expect.objectContaining({
					id: expect.any(String),
					name: 'Specials',
					sequence: 9,
					visible: false,
				}),
			},
		]);
		expectPaired(result.items, [0]);
		expect(node.sent(result.requests)).toEqual([
			GROUPS_READ,
			{
				method: 'POST',
				url: GROUPS,
				body: { name: 'Specials', sequence: 9, visible: false },
				status: 201,
			},
		]);
		expect(await groups()).toContainEqual(expect.objectContaining({ name: 'Specials' }));
	});

	it('updates the group with the name, sending only what differs', async () => {
		const result = await node.run(
			upsert({ name: 'Desserts', additionalFields: { sequence: 2, visible: true } }),
		);
		expect(json(result)).toEqual([
			{
				action: 'updated',
				productGroup: expect.objectContaining({ id: 'grp-101-desserts', sequence: 2 }),
			},
		]);
		expect(node.sent(result.requests)).toEqual([
			GROUPS_READ,
			{
				method: 'PUT',
				url: `${GROUPS}/grp-101-desserts`,
				body: { sequence: 2 },
				status: 200,
			},
		]);
		expect(await groups()).toContainEqual(
			expect.objectContaining({ id: 'grp-101-desserts', name: 'Desserts', sequence: 2 }),
		);
	});

	it('sends nothing when every given field already has that value', async () => {
		const wine = (await groups()).find((g) => g.id === 'grp-101-wine')!;
		await node.sandboxRequests();
		const result = await node.run(
			upsert({
				name: 'Wine',
				additionalFields: { sequence: wine.sequence, taxeRate: wine.taxeRate, visible: true },
			}),
		);
		expect(json(result)).toEqual([
			{ action: 'unchanged', productGroup: expect.objectContaining({ id: 'grp-101-wine' }) },
		]);
		expect(await node.sandboxRequests()).toEqual([GROUPS_READ]);
	});

	it('reads the groups once; rows naming one new group create it once', async () => {
		const result = await node.run(upsert({ name: '={{ $json.group }}' }), {
			inputItems: [
				{ group: 'Specials' },
				{ group: 'Specials' },
				{ group: 'Starters' },
				{ group: 'Specials' },
			],
		});
		expect(result.error).toBeUndefined();
		expect(actions(result)).toEqual(['created', 'unchanged', 'unchanged', 'unchanged']);
		const ids = json(result).map((o) => o.productGroup.id);
		expect(ids[1]).toBe(ids[0]);
		expect(ids[2]).toBe('grp-101-starters');
		expect(node.sent(result.requests).map((r) => r.method)).toEqual(['GET', 'POST']);
		expect((await groups()).filter((g) => g.name === 'Specials')).toHaveLength(1);
	});

	it('takes the row spelling of a name that differs only in case', async () => {
		const result = await node.run(upsert({ name: 'PASTA' }));
		expect(json(result)[0]).toMatchObject({
			action: 'updated',
			productGroup: { id: 'grp-101-pasta', name: 'PASTA' },
		});
	});

	it('refuses a name two groups share, naming both, and sends nothing', async () => {
		const twin = await ctx.call('createProductGroup', { body: { name: 'drinks' } });
		await node.sandboxRequests();
		const result = await node.run(upsert({ name: 'Drinks', additionalFields: { sequence: 1 } }));
		const error = errorOf(result);
		expect(error.message).toBe(
			`2 product groups match name "Drinks": grp-101-drinks, ${twin.body.id}`,
		);
		expect(error.description).toBe(
			'Create or Update needs at most one match. Rename or delete one of the groups, then run again. Nothing was sent.',
		);
		expect(await node.sandboxRequests()).toEqual([GROUPS_READ]);
	});

	it('refuses a row without a name before any request', async () => {
		await node.sandboxRequests();
		const result = await node.run(upsert({ name: '={{ $json.group ?? "" }}' }));
		expect(errorOf(result).message).toBe('Name is empty: the group is matched by its name');
		expect(await node.sandboxRequests()).toEqual([]);
	});

	it('says the token has no access to the restaurant (403), and nothing changes', async () => {
		const before = await groups();
		const result = await node.run(upsert({ name: 'Specials' }), { token: TOKENS.outsider });
		expect(errorOf(result)).toMatchObject({
			httpCode: '403',
			message: ACCESS_DENIED,
		});
		expect(await groups()).toEqual(before);
	});
});
