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

	it('shows every operation of the node the fields it declares, in its order', () => {
		const pairs = pairsOf(declaredProperties);
		expect(pairs.length).toBeGreaterThan(40);
		expect(pairsOf(node)).toEqual(pairs);
		for (const pair of pairs) {
			expect({ pair, fields: shownFor(node, pair) }).toEqual({
				pair,
				fields: shownFor(declaredProperties, pair),
			});
		}
	});

	it('declares a field shared by many operations once, not once per operation', () => {
		expect(node.length).toBeLessThan(declaredProperties.length / 2);
		const restaurantLocators = node.filter((p) => p.name === 'restaurantId');
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
});
