/**
 * The engine's floor: the smallest declarative node that sends the same reservation POST, run
 * through the same engine. The distance between it and the real node is what our node itself
 * costs; the distance between it and a plain client is what n8n's declarative engine costs.
 */
import type { INodeType } from 'n8n-workflow';

const toBody = (name: string, type: 'string' | 'number') => ({
	displayName: name,
	name,
	type,
	default: type === 'number' ? 0 : '',
	routing: { send: { type: 'body' as const, property: name } },
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
						routing: {
							request: { method: 'POST', url: '/api/rsv/admin/restaurants/102/reservations' },
						},
					},
				],
			},
			toBody('reservationTime', 'string'),
			toBody('groupSize', 'number'),
			toBody('customerName', 'string'),
		],
	},
} as unknown as INodeType;
