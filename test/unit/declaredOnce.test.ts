/**
 * The action node declares each field once for the operations that show it alike
 * (nodes/RestaurantReservations/operationHelpers/declaredOnce): every operation must still show
 * exactly the fields it declares, in its order, with their own display conditions.
 */
import type { INodeProperties } from 'n8n-workflow';
import { declaredOnce } from '../../nodes/RestaurantReservations/operationHelpers/declaredOnce';
import { declaredProperties } from '../../nodes/RestaurantReservations/resources';
import { nodeType } from '../support/nodeRunner';

type Pair = [resource: string, operation: string];

const listOf = (value: unknown) => (Array.isArray(value) ? value.map(String) : undefined);

function shows(field: INodeProperties, [resource, operation]: Pair): boolean {
	const show = field.displayOptions?.show ?? {};
	const resources = listOf(show.resource);
	const operations = listOf(show.operation);
	return (
		(!resources || resources.includes(resource)) && (!operations || operations.includes(operation))
	);
}

/** A field as the editor shows it for a pair: all but the resource and operation condition. */
function asShown(field: INodeProperties): unknown {
	const { resource: _r, operation: _o, ...show } = field.displayOptions?.show ?? {};
	return JSON.parse(
		JSON.stringify({ ...field, displayOptions: { ...field.displayOptions, show } }, (_k, v) =>
			typeof v === 'function' ? `function ${(v as { name: string }).name}` : (v as unknown),
		),
	);
}

/** Every (resource, operation) of a property list, from its Operation selectors. */
function pairsOf(properties: INodeProperties[]): Pair[] {
	return properties
		.filter((p) => p.name === 'operation')
		.flatMap((selector) =>
			(listOf(selector.displayOptions?.show?.resource) ?? []).flatMap((resource) =>
				(selector.options ?? []).map(
					(o) => [resource, String((o as { value: string }).value)] as Pair,
				),
			),
		);
}

const shownFor = (properties: INodeProperties[], pair: Pair) =>
	properties.filter((field) => shows(field, pair)).map(asShown);

describe('declaredOnce', () => {
	// Authentication is the node's own, before the resources' fields (not declared by them).
	const node = nodeType.description.properties.filter((p) => p.name !== 'authentication');

	// The node's properties are made when its module loads; the mutation run changes the code only
	// inside a test, so each test merges the declarations itself too.
	it('is what the node declares, after its Authentication', () => {
		expect(declaredOnce(declaredProperties)).toEqual(node);
	});

	it('shows every operation of the node the fields it declares, in its order', () => {
		const merged = declaredOnce(declaredProperties);
		const pairs = pairsOf(declaredProperties);
		expect(pairs.length).toBeGreaterThan(40);
		expect(pairsOf(merged)).toEqual(pairs);
		for (const pair of pairs) {
			expect({ pair, fields: shownFor(merged, pair) }).toEqual({
				pair,
				fields: shownFor(declaredProperties, pair),
			});
		}
	});

	it('declares a field shared by many operations once, not once per operation', () => {
		const merged = declaredOnce(declaredProperties);
		expect(merged.length).toBeLessThan(declaredProperties.length / 2);
		const restaurantLocators = merged.filter((p) => p.name === 'restaurantId');
		// One for the five resources whose every operation names a restaurant, one for Restaurant,
		// one for Get Guest History, shown only with Restaurants: One Restaurant.
		expect(restaurantLocators).toHaveLength(3);
		expect(restaurantLocators.filter((p) => p.displayOptions?.show?.restaurants)).toEqual([
			expect.objectContaining({
				displayOptions: {
					show: {
						resource: ['reservation'],
						operation: ['getGuestHistory'],
						restaurants: ['one'],
					},
				},
			}),
		]);
		expect(declaredProperties.filter((p) => p.name === 'restaurantId').length).toBeGreaterThan(30);
	});

	it('keeps a field apart where operations place it differently', () => {
		const field = (name: string, operation: string[]): INodeProperties => ({
			displayName: name,
			name,
			type: 'string',
			default: '',
			displayOptions: { show: { resource: ['r'], operation } },
		});
		const selector: INodeProperties = {
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			options: [
				{ name: 'A', value: 'a' },
				{ name: 'B', value: 'b' },
			],
			default: 'a',
			displayOptions: { show: { resource: ['r'] } },
		};
		// a shows x before y, b shows y before x: one declaration of both cannot keep both orders.
		const declared = [
			selector,
			field('x', ['a']),
			field('y', ['a']),
			field('y', ['b']),
			field('x', ['b']),
		];
		const merged = declaredOnce(declared);
		expect(merged).toHaveLength(4);
		for (const pair of [['r', 'a'] as Pair, ['r', 'b'] as Pair])
			expect(shownFor(merged, pair)).toEqual(shownFor(declared, pair));
	});

	const selector = (resource: string, operations: string[]): INodeProperties => ({
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		options: operations.map((value) => ({ name: value.toUpperCase(), value })),
		default: operations[0],
		displayOptions: { show: { resource: [resource] } },
	});
	const shownAs = (
		name: string,
		show: Record<string, string[]>,
		extra: Partial<INodeProperties> = {},
	): INodeProperties => ({
		displayName: name,
		name,
		type: 'string',
		default: '',
		displayOptions: { show },
		...extra,
	});
	/** What a declaration is: its name and where it shows. */
	const brief = (properties: INodeProperties[]) =>
		properties.map((field) => [field.name, field.displayOptions?.show]);

	it('merges identical declarations into as few resource x operation conditions as show them exactly', () => {
		const sort = shownAs(
			'sort',
			{ resource: ['r'] },
			{ type: 'options', options: [{ name: 'Newest', value: 'newest' }], default: 'newest' },
		);
		const declared = [
			selector('r', ['a', 'b', 'c', 'd']),
			selector('s', ['a', 'd']),
			sort,
			shownAs('id', { resource: ['r'], operation: ['a'] }),
			shownAs('id', { resource: ['r'], operation: ['b', 'c'] }),
			shownAs('id', { resource: ['s'], operation: ['a', 'd'] }),
			shownAs('flag', { resource: ['r'], operation: ['a'] }),
			shownAs('x', { resource: ['r'], operation: ['c'] }),
			shownAs('flag', { resource: ['s'], operation: ['d'] }),
			shownAs('note', { resource: ['r', 's'], operation: ['a'] }),
			shownAs('note', { resource: ['r'], operation: ['b'] }),
			shownAs('limit', { resource: ['r'], operation: ['a'] }, { default: 50 }),
			shownAs('limit', { resource: ['r'], operation: ['b'] }, { default: 50 }),
			shownAs('limit', { resource: ['r'], operation: ['c'] }, { default: 100 }),
			shownAs('any', { operation: ['a'] }),
			shownAs('any', { operation: ['d'] }),
			shownAs('one', { resource: ['s'], operation: ['d'] }),
		];
		const merged = declaredOnce(declared);
		expect(brief(merged)).toEqual([
			['operation', { resource: ['r'] }],
			['operation', { resource: ['s'] }],
			['sort', { resource: ['r'] }],
			['id', { resource: ['r'], operation: ['a', 'b', 'c'] }],
			['id', { resource: ['s'], operation: ['a', 'd'] }],
			['flag', { resource: ['r'], operation: ['a'] }],
			['x', { resource: ['r'], operation: ['c'] }],
			['flag', { resource: ['s'], operation: ['d'] }],
			['note', { resource: ['r', 's'], operation: ['a', 'b'] }],
			['limit', { resource: ['r'], operation: ['a', 'b'] }],
			['limit', { resource: ['r'], operation: ['c'] }],
			['any', { operation: ['a'] }],
			['any', { operation: ['d'] }],
			['one', { resource: ['s'], operation: ['d'] }],
		]);
		expect(merged[2]).toBe(sort);
		expect(merged.filter((field) => field.name === 'limit').map((field) => field.default)).toEqual([
			50, 100,
		]);
		for (const pair of [
			['r', 'a'],
			['r', 'b'],
			['r', 'c'],
			['r', 'd'],
			['s', 'a'],
			['s', 'd'],
		] as Pair[])
			expect(shownFor(merged, pair)).toEqual(shownFor(declared, pair));
	});

	it('keeps the other display conditions of a field, merging only declarations with the same', () => {
		const declared = [
			selector('r', ['a', 'b', 'c']),
			shownAs('restaurantId', { resource: ['r'], operation: ['a'], restaurants: ['one'] }),
			shownAs('restaurantId', { resource: ['r'], operation: ['b'], restaurants: ['one'] }),
			shownAs('restaurantId', { resource: ['r'], operation: ['c'], restaurants: ['all'] }),
		];
		expect(brief(declaredOnce(declared))).toEqual([
			['operation', { resource: ['r'] }],
			['restaurantId', { resource: ['r'], operation: ['a', 'b'], restaurants: ['one'] }],
			['restaurantId', { resource: ['r'], operation: ['c'], restaurants: ['all'] }],
		]);
	});

	it('merges declarations with the same functions only, told apart by the function itself', () => {
		const checkDates = () => undefined;
		const checkNames = () => undefined;
		const withStep = (operation: string, step: () => undefined) =>
			shownAs(
				'period',
				{ resource: ['r'], operation: [operation] },
				{ routing: { send: { preSend: [step as never] } } },
			);
		const declared = [
			selector('r', ['a', 'b', 'c']),
			withStep('a', checkDates),
			withStep('b', checkDates),
			withStep('c', checkNames),
		];
		const merged = declaredOnce(declared);
		expect(brief(merged)).toEqual([
			['operation', { resource: ['r'] }],
			['period', { resource: ['r'], operation: ['a', 'b'] }],
			['period', { resource: ['r'], operation: ['c'] }],
		]);
		expect(merged.map((field) => field.routing?.send?.preSend?.[0])).toEqual([
			undefined,
			checkDates,
			checkNames,
		]);
	});

	it('keeps apart only a field operations place differently, not one that merely follows it', () => {
		// a shows x, y, w; b shows y, x; c shows w. x and y cannot both be one declaration: y, the
		// first declared, is kept apart. w, declared first for c, only follows them in a: merged.
		const declared = [
			selector('r', ['a', 'b', 'c']),
			shownAs('w', { resource: ['r'], operation: ['c'] }),
			shownAs('y', { resource: ['r'], operation: ['b'] }),
			shownAs('x', { resource: ['r'], operation: ['b'] }),
			shownAs('x', { resource: ['r'], operation: ['a'] }),
			shownAs('y', { resource: ['r'], operation: ['a'] }),
			shownAs('w', { resource: ['r'], operation: ['a'] }),
		];
		const merged = declaredOnce(declared);
		expect(brief(merged)).toEqual([
			['operation', { resource: ['r'] }],
			['y', { resource: ['r'], operation: ['b'] }],
			['x', { resource: ['r'], operation: ['a', 'b'] }],
			['y', { resource: ['r'], operation: ['a'] }],
			['w', { resource: ['r'], operation: ['a', 'c'] }],
		]);
		for (const pair of [
			['r', 'a'],
			['r', 'b'],
			['r', 'c'],
		] as Pair[])
			expect(shownFor(merged, pair)).toEqual(shownFor(declared, pair));
	});

	it('places a field shown for every resource after what it follows, though that was declared first', () => {
		// a shows any, then m; m was declared first, for c.
		const declared = [
			selector('r', ['a', 'c']),
			shownAs('m', { resource: ['r'], operation: ['c'] }),
			shownAs('any', { operation: ['a'] }),
			shownAs('m', { resource: ['r'], operation: ['a'] }),
		];
		expect(brief(declaredOnce(declared))).toEqual([
			['operation', { resource: ['r'] }],
			['any', { operation: ['a'] }],
			['m', { resource: ['r'], operation: ['a', 'c'] }],
		]);
	});

	it('leaves a field declared once as it is, operations the resource does not have included', () => {
		const once = shownAs('once', { resource: ['r'], operation: ['a', 'retired'] });
		const merged = declaredOnce([selector('r', ['a', 'b']), once]);
		expect(brief(merged)).toEqual([
			['operation', { resource: ['r'] }],
			['once', { resource: ['r'], operation: ['a', 'retired'] }],
		]);
		expect(merged[1]).toBe(once);
	});

	it('keeps the order of a declaration that two merged conditions split', () => {
		// span's first declaration shows for r/a and s/a; merged, r/a and s/a land in two conditions
		// (r also has d, which span does not show). In r/a it comes after k, which b shows late.
		const declared = [
			selector('r', ['a', 'b', 'd']),
			selector('s', ['a', 'd']),
			shownAs('span', { resource: ['r', 's'], operation: ['a'] }),
			shownAs('span', { resource: ['s'], operation: ['d'] }),
			shownAs('k', { resource: ['r'], operation: ['b'] }),
			shownAs('g', { resource: ['r'], operation: ['b'] }),
		];
		declared.splice(2, 0, shownAs('g', { resource: ['r'], operation: ['a'] }));
		const merged = declaredOnce(declared);
		for (const pair of [
			['r', 'a'],
			['r', 'b'],
			['r', 'd'],
			['s', 'a'],
			['s', 'd'],
		] as Pair[])
			expect(shownFor(merged, pair)).toEqual(shownFor(declared, pair));
		expect(brief(merged)).toEqual([
			['operation', { resource: ['r'] }],
			['operation', { resource: ['s'] }],
			['span', { resource: ['s'], operation: ['a', 'd'] }],
			['k', { resource: ['r'], operation: ['b'] }],
			['g', { resource: ['r'], operation: ['a', 'b'] }],
			['span', { resource: ['r'], operation: ['a'] }],
		]);
	});

	it('keeps apart the field declared first of those operations place differently', () => {
		// On s, x shows b then a, y shows a then b: one of a and b stays apart, b (declared first on
		// s), though a was declared earlier, for r.
		const declared = [
			selector('r', ['c', 'x']),
			selector('s', ['x', 'y']),
			shownAs('a', { resource: ['r'], operation: ['c'] }),
			shownAs('b', { resource: ['s'], operation: ['y'] }),
			shownAs('a', { resource: ['s'], operation: ['y'] }),
			shownAs('a', { resource: ['s'], operation: ['x'] }),
			shownAs('b', { resource: ['s'], operation: ['x'] }),
		];
		const merged = declaredOnce(declared);
		expect(brief(merged)).toEqual([
			['operation', { resource: ['r'] }],
			['operation', { resource: ['s'] }],
			['a', { resource: ['r'], operation: ['c'] }],
			['b', { resource: ['s'], operation: ['y'] }],
			['a', { resource: ['s'], operation: ['x', 'y'] }],
			['b', { resource: ['s'], operation: ['x'] }],
		]);
	});
});
