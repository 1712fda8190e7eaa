/**
 * Requests at Once (nodes/shared/requestsAtOnce.ts): the field as the editor shows it, and the
 * check of its value, with the message a user reads for a value out of bounds.
 */
import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { checkedRequestsAtOnce, requestsAtOnceField } from '../../nodes/shared/requestsAtOnce';

const node: INode = {
	id: 'n1',
	name: 'Restaurant Reservations Trigger',
	type: 'n8n-nodes-restaurant-reservations.restaurantReservationsTrigger',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

describe('the Requests at Once field', () => {
	it('a whole number from 1 to 32, 8 by default, described for its part', () => {
		expect(requestsAtOnceField('How many restaurants are read at once.')).toEqual({
			displayName: 'Requests at Once',
			name: 'requestsAtOnce',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 32, numberPrecision: 0 },
			default: 8,
			description: 'How many restaurants are read at once.',
		});
	});
});

describe('checkedRequestsAtOnce', () => {
	it('1 to 32 as given; empty: 8', () => {
		expect(checkedRequestsAtOnce(node, 1)).toBe(1);
		expect(checkedRequestsAtOnce(node, 32)).toBe(32);
		expect(checkedRequestsAtOnce(node, 5)).toBe(5);
		expect(checkedRequestsAtOnce(node, undefined)).toBe(8);
		expect(checkedRequestsAtOnce(node, null)).toBe(8);
	});

	it.each([
		[0, '0'],
		[33, '33'],
		[2.5, '2.5'],
		[-1, '-1'],
		['4', '"4"'],
		[Number.NaN, 'null'],
	])('%p is refused, the value named', (value, shown) => {
		let refused: unknown;
		try {
			checkedRequestsAtOnce(node, value);
		} catch (error) {
			refused = error;
		}
		expect(refused).toBeInstanceOf(NodeOperationError);
		expect((refused as NodeOperationError).message).toBe(
			`Requests at Once must be a whole number from 1 to 32; it is ${shown}`,
		);
	});

	it('the error is on the item given, and on none without one', () => {
		const onItem = (itemIndex?: number) => {
			try {
				checkedRequestsAtOnce(node, 0, itemIndex);
			} catch (error) {
				return error as NodeOperationError;
			}
			throw new Error('not refused');
		};
		expect(onItem(2).context.itemIndex).toBe(2);
		expect(onItem(0).context.itemIndex).toBe(0);
		expect(onItem().context.itemIndex).toBeUndefined();
		expect(onItem()).toBeInstanceOf(NodeOperationError);
	});
});
