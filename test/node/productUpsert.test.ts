/**
 * Product Create or Update through n8n's engine against the sandbox: matched by PLU, or by name
 * (optionally within a group); created, updated (only what differs) or unchanged (nothing sent);
 * the catalog read once per run of the node; money and legacy-price rules as in Create and Update.
 */
import { expectHttpError } from '../support/httpErrors';
import { actions, errorOf, expectPaired, json } from '../support/nodeResults';
import { nodeRunner, restaurant } from '../support/nodeRunner';
import { useSandbox } from '../support/sandbox';

const ctx = useSandbox();
const node = nodeRunner(ctx, { restaurantId: restaurant(101) });
const PRODUCTS = '/api/core/admin/restaurants/101/products';
const CATALOG_READ = { method: 'GET', url: `${PRODUCTS}?skip=0&take=200`, status: 200 };

const upsert = (parameters: Record<string, unknown>) => ({
	resource: 'product',
	operation: 'upsert',
	...parameters,
});

/** One row per input item, its fields taken from the item. */
const fromRows = upsert({
	productPLU: '={{ $json.plu ?? "" }}',
	name: '={{ $json.name }}',
	additionalFields: {
		price: '={{ $json.price ?? "" }}',
		stockAmount: '={{ $json.stock ?? "" }}',
	},
});

async function catalog(): Promise<Array<Record<string, any>>> {
	const page = (await ctx.call('listProducts', { query: { take: 200 } })).body;
	return page.items;
}

const stored = async (id: string) => (await catalog()).find((p) => p.id === id);

beforeEach(async () => {
	await ctx.sandbox.reset();
});

describe('Product: Create or Update', () => {
	it('creates a product whose PLU is not in the catalog, after one catalog read', async () => {
		const result = await node.run(
			upsert({
				productPLU: '4006381333931',
				name: 'Burrata al tartufo',
				additionalFields: { price: 16.5, groupId: 'grp-101-starters', stockAmount: 8 },
			}),
		);
		expect(result.error).toBeUndefined();
		const [output] = json(result);
		expect(output).toEqual({
			action: 'created',
			product: expect.objectContaining({
				id: expect.any(String),
				productPLU: '4006381333931',
				name: 'Burrata al tartufo',
				price: 16.5,
				stockAmount: 8,
			}),
		});
		expectPaired(result.items, [0]);
		expect(node.sent(result.requests)).toEqual([
			CATALOG_READ,
			{
				method: 'POST',
				url: PRODUCTS,
				body: {
					productPLU: '4006381333931',
					name: 'Burrata al tartufo',
					price: 16.5,
					groupId: 'grp-101-starters',
					stockAmount: 8,
				},
				status: 201,
			},
		]);
		expect(await stored(output.product.id)).toMatchObject({ productPLU: '4006381333931' });
	});

	it('updates the product with the PLU, sending only the fields that differ', async () => {
		const before = await stored('prd-101-starters-01');
		const result = await node.run(
			upsert({
				productPLU: before!.productPLU,
				name: before!.name,
				additionalFields: { price: before!.price, stockAmount: 3, visible: false },
			}),
		);
		expect(json(result)).toEqual([
			{
				action: 'updated',
				product: expect.objectContaining({
					id: 'prd-101-starters-01',
					stockAmount: 3,
					visible: false,
					price: before!.price,
				}),
			},
		]);
		expect(node.sent(result.requests)).toEqual([
			CATALOG_READ,
			{
				method: 'PUT',
				url: `${PRODUCTS}/prd-101-starters-01`,
				body: { stockAmount: 3, visible: false },
				status: 200,
			},
		]);
		expect(await stored('prd-101-starters-01')).toEqual({
			...before,
			stockAmount: 3,
			visible: false,
		});
	});

	it('sends nothing when every given field already has that value (tax IDs in any order)', async () => {
		const before = await stored('prd-101-starters-05');
		expect(before?.hasModifiers).toBe(false);
		await node.sandboxRequests();
		const result = await node.run(
			upsert({
				productPLU: before!.productPLU,
				name: before!.name,
				additionalFields: {
					price: before!.price,
					takeawayPrice: before!.takeawayPrice,
					visible: before!.visible,
					taxIds: ` ${before!.taxIds.join(' , ')} `,
					modifiers: [],
				},
			}),
		);
		expect(result.error).toBeUndefined();
		expect(json(result)).toEqual([
			{
				action: 'unchanged',
				product: expect.objectContaining({ id: 'prd-101-starters-05', price: before!.price }),
			},
		]);
		expectPaired(result.items, [0]);
		expect(await node.sandboxRequests()).toEqual([
			{ method: 'GET', url: `${PRODUCTS}?skip=0&take=200`, status: 200 },
		]);
		expect(await stored('prd-101-starters-05')).toEqual(before);
	});

	it('sends modifiers it cannot compare: the list only says that a product has some', async () => {
		const result = await node.run(
			upsert({ name: 'Lasagne', additionalFields: { modifiers: ['mod-101-truffle'] } }),
		);
		expect(json(result)[0].action).toBe('updated');
		expect(node.sent(result.requests)[1].body).toEqual({ modifiers: ['mod-101-truffle'] });
	});

	it('matches by name in any case when the row has no PLU', async () => {
		const result = await node.run(
			upsert({ name: '  BURRATA ', additionalFields: { stockAmount: 5 } }),
		);
		expect(json(result)[0]).toMatchObject({
			action: 'updated',
			product: { id: 'prd-101-starters-03', stockAmount: 5, name: '  BURRATA ' },
		});
		// The name is a given field too: it takes the row's spelling.
		expect(node.sent(result.requests)[1].body).toEqual({ name: '  BURRATA ', stockAmount: 5 });
	});

	it('refuses a name that matches in two groups, naming both, unless matched within the group', async () => {
		const twin = await ctx.call('createProduct', {
			body: { name: 'Tiramisù', price: 6, groupId: 'grp-101-starters' },
		});
		await node.sandboxRequests();
		const ambiguous = await node.run(upsert({ name: 'tiramisù', additionalFields: { price: 9 } }));
		const error = errorOf(ambiguous);
		expect(error.message).toBe(
			`2 products match name "tiramisù": prd-101-desserts-01, ${twin.body.id}`,
		);
		expect(error.description).toBe(
			'Create or Update needs at most one match. Give each product its own Article Code (PLU), or delete the duplicate, then run again. Nothing was sent.',
		);
		expect(await node.sandboxRequests()).toEqual([
			{ method: 'GET', url: `${PRODUCTS}?skip=0&take=200`, status: 200 },
		]);

		const withinGroup = await node.run(
			upsert({
				name: 'tiramisù',
				matchNameWithinGroup: true,
				additionalFields: { price: 9, groupId: 'grp-101-starters' },
			}),
		);
		expect(json(withinGroup)[0]).toMatchObject({
			action: 'updated',
			product: { id: twin.body.id, price: 9 },
		});
		expect((await stored('prd-101-desserts-01'))?.name).toBe('Tiramisù');
	});

	it('refuses a PLU that two products share, naming both, and sends nothing', async () => {
		const plu = (await stored('prd-101-pasta-01'))!.productPLU;
		const twin = await ctx.call('createProduct', {
			body: { name: 'Carbonara copy', price: 1, productPLU: plu },
		});
		await node.sandboxRequests();
		const result = await node.run(upsert({ productPLU: plu, name: 'Carbonara' }));
		expect(errorOf(result).message).toBe(
			`2 products match PLU "${plu}": prd-101-pasta-01, ${twin.body.id}`,
		);
		expect((await node.sandboxRequests()).map((r) => r.method)).toEqual(['GET']);
	});

	it('reads the catalog once for all rows; a product two rows name is created once', async () => {
		const rows = [
			{ plu: 'N-1', name: 'New soup', price: 7 },
			{ plu: 'N-1', name: 'New soup', price: 7 },
			{ plu: 'N-2', name: 'New salad', price: 8 },
			{ plu: 'N-2', name: 'New salad', price: 8.5 },
			{ name: 'Lasagne', stock: 4 },
			{ name: 'lasagne', stock: 4 },
		];
		const result = await node.run(fromRows, { inputItems: rows });
		expect(result.error).toBeUndefined();
		expect(actions(result)).toEqual([
			'created',
			'unchanged',
			'created',
			'updated',
			'updated',
			'updated',
		]);
		expectPaired(result.items, [0, 1, 2, 3, 4, 5]);
		const sent = node.sent(result.requests);
		expect(sent.filter((r) => r.method === 'GET')).toEqual([CATALOG_READ]);
		expect(sent.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
			{ productPLU: 'N-1', name: 'New soup', price: 7 },
			{ productPLU: 'N-2', name: 'New salad', price: 8 },
		]);
		const all = await catalog();
		expect(all.filter((p) => p.productPLU === 'N-1')).toHaveLength(1);
		expect(all.find((p) => p.productPLU === 'N-2')).toMatchObject({ price: 8.5 });
		expect(all.find((p) => p.id === 'prd-101-pasta-13')).toMatchObject({
			name: 'lasagne',
			stockAmount: 4,
		});
	});

	it('a second run of the same rows changes nothing: every row unchanged, no write', async () => {
		const rows = [
			{ plu: 'N-1', name: 'New soup', price: 7, stock: 3 },
			{ plu: '10101001', name: 'Bruschetta', price: 7.5, stock: 2 },
		];
		const first = await node.run(fromRows, { inputItems: rows });
		expect(actions(first)).toEqual(['created', 'updated']);
		await node.sandboxRequests();
		const second = await node.run(fromRows, { inputItems: rows });
		expect(actions(second)).toEqual(['unchanged', 'unchanged']);
		expect(await node.sandboxRequests()).toEqual([
			{ method: 'GET', url: `${PRODUCTS}?skip=0&take=200`, status: 200 },
		]);
	});

	it('reads the catalog again in each execution: a product deleted in between is created again', async () => {
		const row = upsert({ productPLU: 'N-9', name: 'Focaccia', additionalFields: { price: 4 } });
		const first = json(await node.run(row))[0];
		await ctx.call('deleteProduct', { path: { productId: first.product.id } });
		const again = await node.run(row);
		expect(json(again)[0]).toMatchObject({ action: 'created', product: { productPLU: 'N-9' } });
		expect(json(again)[0].product.id).not.toBe(first.product.id);
		expect(node.sent(again.requests).map((r) => r.method)).toEqual(['GET', 'POST']);
	});

	it('checks the money rules before reading or sending anything', async () => {
		await node.sandboxRequests();
		const result = await node.run(
			upsert({ productPLU: '10101001', name: 'Bruschetta', additionalFields: { price: 3.456 } }),
		);
		expect(errorOf(result).message).toBe(
			'Product not sent: Price (price) is 3.456: it must have at most two decimal places (invalid_price)',
		);
		expect(await node.sandboxRequests()).toEqual([]);
	});

	it('explains how to fix a stored legacy price, and fixes it in the same row', async () => {
		const legacy = { name: 'House wine 0.1 l (legacy)' };
		const blocked = await node.run(upsert({ ...legacy, additionalFields: { stockAmount: 10 } }));
		const error = expectHttpError(
			blocked,
			'400',
			'price is 3.456: it must have at most two decimal places (invalid_price). The stored price predates the price rules: send a corrected price in the same request.',
		);
		expect(error.description).toContain(
			'add the price fields to Additional Fields in this same update with valid values',
		);
		expect((await stored('prd-101-legacy-wine'))?.stockAmount).toBe(40);

		const fixed = await node.run(
			upsert({
				...legacy,
				additionalFields: { stockAmount: 10, price: 3.46, takeawayPrice: 3.46 },
			}),
		);
		expect(json(fixed)[0]).toMatchObject({
			action: 'updated',
			product: { id: 'prd-101-legacy-wine', stockAmount: 10, price: 3.46, takeawayPrice: 3.46 },
		});
		expect(await stored('prd-101-legacy-wine')).toMatchObject({ price: 3.46, takeawayPrice: 3.46 });
	});

	it('refuses to create a product without a price, after reading only', async () => {
		await node.sandboxRequests();
		const result = await node.run(upsert({ productPLU: 'N-5', name: 'Mystery dish' }));
		const error = errorOf(result);
		expect(error.message).toBe('No product matches PLU "N-5", and a new product needs a price');
		expect(error.description).toBe(
			'Set Price (under Additional Fields) to create it, or check the match. Nothing was sent.',
		);
		expect((await node.sandboxRequests()).map((r) => r.method)).toEqual(['GET']);
	});

	it.each([
		[
			// n8n itself refuses an empty required field; an expression (an empty CSV cell) is not.
			{ name: '={{ $json.missing ?? "" }}' },
			'Nothing to match the product by: Article Code (PLU) and Name are both empty',
		],
		[
			{ name: 'Burrata', matchNameWithinGroup: true },
			'Match Name Within Group is on, but no Product Group is set',
		],
	])('refuses a row it cannot match before any request: %p', async (parameters, message) => {
		await node.sandboxRequests();
		const result = await node.run(upsert(parameters));
		expect(errorOf(result).message).toBe(message);
		expect(result.requests).toEqual([]);
		expect(await node.sandboxRequests()).toEqual([]);
	});

	it('continues on fail: a bad row becomes an error item, the others are written', async () => {
		const result = await node.run(fromRows, {
			continueOnFail: true,
			inputItems: [
				{ plu: 'N-1', name: 'Soup', price: -1 },
				{ plu: 'N-2', name: 'Salad', price: 6 },
			],
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.error).toBe(
			'Product not sent: Price (price) is -1: it must not be below 0 (invalid_price)',
		);
		expect(result.items[1].json).toMatchObject({ action: 'created', product: { name: 'Salad' } });
		expect((await catalog()).some((p) => p.productPLU === 'N-1')).toBe(false);
	});

	it('returns the whole product with Simplify off', async () => {
		const result = await node.run(
			upsert({ name: 'Burrata', simplify: false, additionalFields: { stockAmount: 1 } }),
		);
		expect(json(result)[0].product).toMatchObject({
			id: 'prd-101-starters-03',
			description: expect.any(String),
			imageLocation: expect.any(String),
			modifiers: [],
			hasModifiers: false,
		});
	});
});
