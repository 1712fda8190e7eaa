/** The event parameters that several operations share (spec 2.9): the ID, what Simplify keeps (read from the declarations of ./apiFields), tickets. */
import type { INodeProperties } from 'n8n-workflow';
import { simplifiedFields } from '../../../operationHelpers/apiFields';
import { EVENT_API_FIELDS } from './apiFields';

/** What Simplify keeps of an event (RestaurantFullContract has over 15 fields). */
export const EVENT_FIELDS: readonly string[] = simplifiedFields(EVENT_API_FIELDS);

export function ticketsField(description: string): INodeProperties {
	return {
		displayName: 'Tickets',
		name: 'tickets',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Ticket',
		default: {},
		description,
		options: [
			{
				displayName: 'Ticket',
				name: 'ticket',
				values: [
					{
						displayName: 'Title',
						name: 'title',
						type: 'string',
						default: '',
						placeholder: 'e.g. Standard ticket',
						description: 'Title of the ticket',
					},
					{
						displayName: 'Type',
						name: 'type',
						type: 'string',
						default: 'standard',
						placeholder: 'e.g. vip',
						description: 'Ticket type, e.g. standard or vip',
					},
					{
						displayName: 'Description',
						name: 'description',
						type: 'string',
						default: '',
						description: 'Description of the ticket',
					},
					{
						displayName: 'Amount',
						name: 'amount',
						type: 'number',
						typeOptions: { numberPrecision: 0 },
						default: 0,
						description: 'Ticket cost, a whole number, 0 or more',
					},
				],
			},
		],
	};
}

export const eventIdField: INodeProperties = {
	displayName: 'Event Name or ID',
	name: 'eventId',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getEvents', loadOptionsDependsOn: ['restaurantId.value'] },
	default: '',
	required: true,
	description:
		'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
};

/** Publish and Unpublish: whether the status change is recorded as the system's. */
export const statusOptionsField: INodeProperties = {
	displayName: 'Options',
	name: 'statusOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'System Change',
			name: 'systemChange',
			type: 'boolean',
			default: false,
			description:
				'Whether to record the change as made by the system (automatic switching) rather than by a user',
		},
	],
};
