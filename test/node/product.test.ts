/** Product operations through n8n's engine against the sandbox (spec 2.4, 4.3, 7, 8). */
import { MAX_AMOUNT } from '../../nodes/shared/money';
import { ACCESS_DENIED, expectHttpError } from '../support/httpErrors';
import { errorOf, expectDeleted, expectPaired, json } from '../support/nodeResults';
import { nodeRunner, restaurant } from '../support/nodeRunner';
import { useSandbox } from '../support/sandbox';
import { TOKENS } from '../support/tokens';

const ctx = useSandbox();
const node = nodeRunner(ctx, { restaurantId: restaurant(101) });
const PRODUCTS = '/api/core/admin/restaurants/101/products';
const SIMPLE_KEYS = [
	'deliveryPrice',
	'groupId',
	'id',
	'name',
	'price',
	'productPLU',
	'productType',
	'stockAmount',
	'takeawayPrice',
	'visible',
];

async function stored(id: string) {
	const page = (await ctx.call('listProducts', { query: { take: 200 } })).body as {
		items: Array<Record<string, unknown>>;
	};
	return page.items.find((p) => p.id === id);
}

beforeEach(async () => {
	await ctx.sandbox.reset();
});

describe('Product: Create', () => {
	it('creates a product with the fields set; Simplify keeps the main fields', async () => {
		const result = await node.run({
			resource: 'product',
			operation: 'create',
			name: 'Burrata deluxe',
			price: 14.5,
			additionalFields: {
				takeawayPrice: 13.9,
				groupId: 'grp-101-starters',
				modifiers: ['mod-101-truffle'],
				taxIds: 'vat-7, city-tax',
				stockAmount: 12,
			},
		});
		expect(result.error).toBeUndefined();
		const [product] = json(result);
		expect(Object.keys(product).sort()).toEqual(SIMPLE_KEYS);
		expect(product).toMatchObject({
			name: 'Burrata deluxe',
			price: 14.5,
			takeawayPrice: 13.9,
			groupId: 'grp-101-starters',
			stockAmount: 12,
		});
		expectPaired(result.items, [0]);
		expect(node.sent(result.requests)).toEqual([
			{
				method: 'POST',
				url: PRODUCTS,
				body: {
					name: 'Burrata deluxe',
					price: 14.5,
					takeawayPrice: 13.9,
					groupId: 'grp-101-starters',
					modifiers: ['mod-101-truffle'],
					taxIds: ['vat-7', 'city-tax'],
					stockAmount: 12,
				},
				status: 201,
			},
		]);
		expect(await stored(product.id as string)).toMatchObject({
			name: 'Burrata deluxe',
			price: 14.5,
			hasModifiers: true,
			taxIds: ['vat-7', 'city-tax'],
		});
	});

	it('returns the whole product with Simplify off', async () => {
		const result = await node.run({
			resource: 'product',
			operation: 'create',
			name: 'Water',
			price: 0,
			simplify: false,
		});
		expect(json(result)[0]).toMatchObject({
			name: 'Water',
			price: 0,
			modifiers: [],
			taxIds: [],
			description: null,
		});
	});

	it.each([
		[
			'price',
			-1,
			{},
			'Product not sent: Price (price) is -1: it must not be below 0 (invalid_price)',
		],
		[
			'price',
			3.456,
			{},
			'Product not sent: Price (price) is 3.456: it must have at most two decimal places (invalid_price)',
		],
		[
			'takeawayPrice',
			2.999,
			{ takeawayPrice: 2.999 },
			'Product not sent: Takeaway Price (takeawayPrice) is 2.999: it must have at most two decimal places (invalid_price)',
		],
		[
			'price',
			'zzz',
			{},
			'Product not sent: Price (price) is "zzz": it must be a number (invalid_price)',
		],
		[
			'takeawayPrice',
			'{"amount": 5',
			{ takeawayPrice: '{"amount": 5' },
			'Product not sent: Takeaway Price (takeawayPrice) is "{\\"amount\\": 5": it must be a number (invalid_price)',
		],
		[
			'deliveryPrice',
			21474836.48,
			{ deliveryPrice: 21474836.48 },
			`Product not sent: Delivery Price (deliveryPrice) is 21474836.48: it must not be above ${MAX_AMOUNT} (invalid_price)`,
		],
	])('refuses %s %p before sending anything', async (field, value, additionalFields, message) => {
		await node.sandboxRequests();
		const price = field === 'price' ? value : 5;
		const result = await node.run({
			resource: 'product',
			operation: 'create',
			name: 'Broken',
			price,
			additionalFields,
		});
		const error = errorOf(result);
		expect(error.message).toBe(message);
		expect(error.description).toBe(
			`Prices must be 0 or more, with at most two decimals, and at most ${MAX_AMOUNT}. Correct the value and run again. Nothing was sent to the restaurant.`,
		);
		expect(result.requests).toEqual([]);
		expect(await node.sandboxRequests()).toEqual([]);
	});

	it('continues on fail: the item with a bad price becomes an error item, the next one is created', async () => {
		const result = await node.run(
			{
				resource: 'product',
				operation: 'create',
				name: '={{ $json.name }}',
				price: '={{ $json.price }}',
			},
			{
				continueOnFail: true,
				inputItems: [
					{ name: 'Bad', price: -0.01 },
					{ name: 'Good', price: 4.2 },
				],
			},
		);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.error).toBe(
			'Product not sent: Price (price) is -0.01: it must not be below 0 (invalid_price)',
		);
		expect(result.items[1].json).toMatchObject({ name: 'Good', price: 4.2 });
		expectPaired(result.items, [0, 1]);
		expect(node.sent(result.requests).map((r) => r.body)).toEqual([{ name: 'Good', price: 4.2 }]);
	});
});

describe('Product: Get Many', () => {
	it('pages through every product with skip/take when Return All is on', async () => {
		const result = await node.run({ resource: 'product', operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(130);
		expect(new Set(json(result).map((p) => p.id)).size).toBe(130);
		expect(Object.keys(json(result)[0]).sort()).toEqual(SIMPLE_KEYS);
		expectPaired(result.items);
		expect(node.sent(result.requests).map((r) => r.url)).toEqual([
			`${PRODUCTS}?skip=0&take=100`,
			`${PRODUCTS}?skip=100&take=100`,
		]);
	});

	it('asks only for the Limit, with the filters', async () => {
		const result = await node.run({
			resource: 'product',
			operation: 'getAll',
			returnAll: false,
			limit: 5,
			simplify: false,
			filters: { productGroup: 'grp-101-pasta', search: 'large', visible: true },
		});
		expect(json(result)).toHaveLength(5);
		for (const product of json(result))
			expect(product).toMatchObject({
				groupId: 'grp-101-pasta',
				visible: true,
				name: expect.stringContaining('large'),
				hasModifiers: true,
			});
		expect(node.sent(result.requests).map((r) => r.url)).toEqual([
			`${PRODUCTS}?productGroup=grp-101-pasta&search=large&visible=true&skip=0&take=5`,
		]);
	});

	it('lists hidden products with Visible off', async () => {
		const result = await node.run({
			resource: 'product',
			operation: 'getAll',
			returnAll: true,
			filters: { visible: false },
		});
		expect(json(result).length).toBeGreaterThan(0);
		expect(json(result).every((p) => p.visible === false)).toBe(true);
	});

	it('says the token has no access to the restaurant (403)', async () => {
		const result = await node.run(
			{ resource: 'product', operation: 'getAll', returnAll: true },
			{ token: TOKENS.outsider },
		);
		expectHttpError(result, '403', ACCESS_DENIED);
	});
});

describe('Product: Update', () => {
	it('sends only the fields set and the others keep their values', async () => {
		const before = await stored('prd-101-starters-01');
		const result = await node.run({
			resource: 'product',
			operation: 'update',
			productId: 'prd-101-starters-01',
			updateFields: { stockAmount: 7, visible: false },
		});
		expect(result.error).toBeUndefined();
		expect(json(result)[0]).toMatchObject({
			id: 'prd-101-starters-01',
			stockAmount: 7,
			visible: false,
			price: before?.price,
		});
		expectPaired(result.items, [0]);
		expect(node.sent(result.requests)).toEqual([
			{
				method: 'PUT',
				url: `${PRODUCTS}/prd-101-starters-01`,
				body: { stockAmount: 7, visible: false },
				status: 200,
			},
		]);
		expect(await stored('prd-101-starters-01')).toMatchObject({
			...before,
			stockAmount: 7,
			visible: false,
		});
	});

	it('explains how to fix a stored legacy price that blocks an update', async () => {
		const result = await node.run({
			resource: 'product',
			operation: 'update',
			productId: 'prd-101-legacy-wine',
			updateFields: { stockAmount: 10 },
		});
		const error = expectHttpError(
			result,
			'400',
			'price is 3.456: it must have at most two decimal places (invalid_price). The stored price predates the price rules: send a corrected price in the same request.',
		);
		expect(error.description).toMatch(
			/^The price rules are checked on the whole product on every update/,
		);
		expect(error.description).toContain(
			'add the price fields to Update Fields in this same update with valid values',
		);
		expect(error.description).toContain('Code: invalid_price.');
		expect((await stored('prd-101-legacy-wine'))?.stockAmount).toBe(40);
	});

	it('fixes the legacy price in the same update, as the error says', async () => {
		const result = await node.run({
			resource: 'product',
			operation: 'update',
			productId: 'prd-101-legacy-wine',
			updateFields: { stockAmount: 10, price: 3.46, takeawayPrice: 3.46 },
		});
		expect(result.error).toBeUndefined();
		expect(json(result)[0]).toMatchObject({ stockAmount: 10, price: 3.46, takeawayPrice: 3.46 });
		expect(await stored('prd-101-legacy-wine')).toMatchObject({
			stockAmount: 10,
			price: 3.46,
			takeawayPrice: 3.46,
		});
	});

	it('refuses a new price with three decimals before sending anything', async () => {
		await node.sandboxRequests();
		const result = await node.run({
			resource: 'product',
			operation: 'update',
			productId: 'prd-101-starters-01',
			updateFields: { deliveryPrice: 1.005 },
		});
		expect(errorOf(result).message).toBe(
			'Product not sent: Delivery Price (deliveryPrice) is 1.005: it must have at most two decimal places (invalid_price)',
		);
		expect(await node.sandboxRequests()).toEqual([]);
	});

	it('refuses an update with nothing to change', async () => {
		const result = await node.run({
			resource: 'product',
			operation: 'update',
			productId: 'prd-101-starters-01',
			updateFields: {},
		});
		expect(errorOf(result).message).toBe(
			'Nothing to update: add at least one field under Update Fields',
		);
		expect(result.requests).toEqual([]);
	});

	it('says the product does not exist (404)', async () => {
		const result = await node.run({
			resource: 'product',
			operation: 'update',
			productId: 'prd-101-nope',
			updateFields: { stockAmount: 1 },
		});
		expectHttpError(result, '404', 'Not found: Product prd-101-nope was not found.');
	});
});

describe('Product: Delete', () => {
	it('deletes the product and returns { deleted: true }', async () => {
		const result = await node.run({
			resource: 'product',
			operation: 'delete',
			productId: 'prd-101-starters-02',
		});
		expectDeleted(result);
		expect(await stored('prd-101-starters-02')).toBeUndefined();
	});

	it('says the product does not exist (404)', async () => {
		const result = await node.run({
			resource: 'product',
			operation: 'delete',
			productId: 'prd-101-nope',
		});
		expect(errorOf(result).message).toBe('Not found: Product prd-101-nope was not found.');
	});
});

describe('Product: dropdown', () => {
	it('lists every product of the restaurant', async () => {
		const options = await node.loadOptions('getProducts');
		expect(options).toHaveLength(130);
	});
});
