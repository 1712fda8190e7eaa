/** The event parameters that several operations share (spec 2.9): the ID, what Simplify keeps, the event fields, tickets. */
import type { INodeProperties } from 'n8n-workflow';

/** What Simplify keeps of an event (RestaurantFullContract has over 15 fields). */
export const EVENT_FIELDS = [
	'id',
	'name',
	'description',
	'promoImage',
	'startDate',
	'endDate',
	'isOffline',
	'isPublic',
	'dates',
	'lastStatusChange',
] as const;

export const EVENT_TIME_DESCRIPTION =
	"Restaurant-local date and time. A time with a UTC offset or 'Z' (for example from {{ $now }}) is converted to the restaurant's time zone before sending";

/** The description of the event, shown to guests. */
export const eventDescriptionField: INodeProperties = {
	displayName: 'Description',
	name: 'description',
	type: 'string',
	typeOptions: { rows: 3 },
	default: '',
	description: 'Description shown to guests',
};

/** Start Date or End Date of an event, restaurant-local; `lead` begins its description. */
export function eventDateField(
	which: 'startDate' | 'endDate',
	lead: string,
	required = false,
): INodeProperties {
	return {
		displayName: which === 'startDate' ? 'Start Date' : 'End Date',
		name: which,
		type: 'dateTime',
		default: '',
		...(required ? { required: true } : {}),
		description: `${lead}. ${EVENT_TIME_DESCRIPTION}.`,
	};
}

/** Fields that Create shows as Additional Fields and Update as Update Fields. */
export function eventFieldOptions(): INodeProperties[] {
	return [
		{
			displayName: 'Dates',
			name: 'dates',
			type: 'string',
			default: '',
			placeholder: 'e.g. 2026-12-03, 2026-12-10',
			description: 'Comma-separated specific dates of a recurring event',
		},
		eventDescriptionField,
		{
			displayName: 'Is Public',
			name: 'isPublic',
			type: 'boolean',
			default: true,
			description: 'Whether guests can see the event publicly',
		},
		{
			displayName: 'Promo Image',
			name: 'promoImage',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://example.com/gala.jpg',
			description: 'URL of the promotional image',
		},
	];
}

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
