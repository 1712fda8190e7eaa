/**
 * The engine's floor: the smallest declarative node that sends the same reservation POST (Create),
 * or lists the same reservation windows (List: one GET per input item, its window in the item),
 * run through the same engine. The distance between it and the real node is what our node itself
 * costs; the distance between it and a plain client is what n8n's declarative engine costs.
 */
import type { INodeType } from 'n8n-workflow';

const RESERVATIONS = '/api/rsv/admin/restaurants/102/reservations';

const sent = (
	name: string,
	type: 'string' | 'number' | 'boolean',
	where: 'body' | 'query',
	operation: string,
) => ({
	displayName: name,
	name,
	type,
	default: type === 'number' ? 0 : type === 'boolean' ? false : '',
	displayOptions: { show: { operation: [operation] } },
	routing: { send: { type: where, property: name } },
});

export const floorNode = {
	description: {
		displayName: 'Engine Floor',
		name: 'engineFloor',
		group: ['transform'],
		version: 1,
		description: 'A minimal declarative node',
		defaults: { name: 'Engine Floor' },
		inputs: ['main'],
		outputs: ['main'],
		credentials: [{ name: 'restaurantReservationsApi', required: true }],
		requestDefaults: { baseURL: '={{$credentials.baseUrl}}', json: true },
		properties: [
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				default: 'create',
				options: [
					{
						name: 'Create',
						value: 'create',
						routing: { request: { method: 'POST', url: RESERVATIONS } },
					},
					{
						name: 'List',
						value: 'list',
						// The answer is an array: n8n makes each reservation an item.
						routing: { request: { method: 'GET', url: RESERVATIONS } },
					},
				],
			},
			sent('reservationTime', 'string', 'body', 'create'),
			sent('groupSize', 'number', 'body', 'create'),
			sent('customerName', 'string', 'body', 'create'),
			sent('from', 'string', 'query', 'list'),
			sent('to', 'string', 'query', 'list'),
			sent('includeEvents', 'boolean', 'query', 'list'),
		],
	},
} as unknown as INodeType;
