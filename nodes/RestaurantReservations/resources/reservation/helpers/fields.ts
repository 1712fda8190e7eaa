/**
 * The reservation parameters that several operations share: the ID, what Simplify keeps, and the
 * fields of CreateReservationContract (spec 2.1) that Create shows as Additional Fields and Update
 * as Update Fields.
 */
import type { INodeProperties } from 'n8n-workflow';
import { RESERVATION_STATES, STATES_NOTE } from '../../../../shared/parameters';

/** What Simplify keeps of a reservation (BookingContract has over 40 fields). */
export const RESERVATION_FIELDS = [
	'id',
	'restaurantId',
	'reservationTime',
	'businessDate',
	'groupSize',
	'customerName',
	'phone',
	'email',
	'tableNumber',
	'state',
	'status',
	'eventId',
	'specialRequests',
	'createdAt',
	'updatedAt',
] as const;

export const reservationIdField: INodeProperties = {
	displayName: 'Reservation ID',
	name: 'reservationId',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. rsv-101-000042',
	description: 'ID of the reservation, as returned by Create or Get Many',
};

export const TIME_DESCRIPTION =
	"Restaurant-local time of the visit. A time with a UTC offset or 'Z' (for example from {{ $now }}) is converted to the restaurant's time zone before sending.";

/** What n8n's AI workflow builder is told about the time of a visit (the field's `builderHint`). */
export const TIME_HINT = {
	propertyHint:
		"The restaurant's own wall-clock time of the visit, 'YYYY-MM-DDTHH:mm' without an offset: 2026-11-22T19:30 is 7:30 pm at the restaurant. Do not convert it to UTC. A value with an offset or 'Z' (e.g. from {{ $now }}) names an instant and is converted to the restaurant's time zone, which may differ from n8n's.",
};

/** Fields that Create shows as Additional Fields and Update as Update Fields. */
export function reservationFieldOptions(): INodeProperties[] {
	return [
		{
			displayName: 'About Guest Notes',
			name: 'aboutGuestNotes',
			type: 'string',
			default: '',
			description: 'Notes about the guest, kept with the guest profile',
		},
		{
			displayName: 'Amount',
			name: 'amount',
			type: 'number',
			typeOptions: { numberPrecision: 2 },
			default: 0,
			description: 'Amount of the booking, for example a prepayment or the check',
		},
		{
			displayName: 'Created By',
			name: 'createdBy',
			type: 'string',
			default: '',
			description: 'Who created the booking, as shown to staff',
		},
		{
			displayName: 'Delivery Type',
			name: 'deliveryType',
			type: 'options',
			options: [
				{ name: 'Delivery', value: 'delivery' },
				{ name: 'Dine-In', value: 'dineIn' },
				{ name: 'Takeaway', value: 'takeaway' },
			],
			default: 'dineIn',
			description: 'Service type; it decides which product prices an order uses',
		},
		{
			displayName: 'Deposit Token',
			name: 'depositToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description: 'Token of a deposit, when prepayment is used',
		},
		{
			displayName: 'Email',
			name: 'email',
			type: 'string',
			placeholder: 'name@email.com',
			default: '',
			description: "Guest's email address",
		},
		{
			displayName: 'Estimated Turnover Time (Minutes)',
			name: 'estimatedTurnOverTime',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 120,
			description: 'How long the table is expected to be used',
		},
		{
			displayName: 'Event Name or ID',
			name: 'eventId',
			type: 'options',
			typeOptions: { loadOptionsMethod: 'getEvents', loadOptionsDependsOn: ['restaurantId.value'] },
			default: '',
			description:
				'Event the booking belongs to. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		},
		{
			displayName: 'External User ID',
			name: 'externalUserId',
			type: 'string',
			default: '',
			description: "The guest's ID in your system",
		},
		{
			displayName: 'Internal Notes',
			name: 'internalNotes',
			type: 'string',
			default: '',
			description: 'Notes for the staff, not shown to the guest',
		},
		{
			displayName: 'Payment Type',
			name: 'paymentType',
			type: 'string',
			default: '',
			placeholder: 'e.g. card',
		},
		{
			displayName: 'Phone',
			name: 'phone',
			type: 'string',
			default: '',
			placeholder: 'e.g. +49 30 1234567',
			description: "Guest's telephone number",
		},
		{
			displayName: 'Source',
			name: 'source',
			type: 'string',
			default: '',
			placeholder: 'e.g. website',
			description: 'Label of the channel the booking came from',
		},
		{
			displayName: 'Special Requests',
			name: 'specialRequests',
			type: 'string',
			default: '',
			description: "The guest's wishes",
		},
		{
			displayName: 'State',
			name: 'state',
			type: 'options',
			options: RESERVATION_STATES,
			default: 'confirmed',
			description: `State of the booking. To cancel, use the Cancel operation. ${STATES_NOTE}.`,
		},
		{
			displayName: 'Table Number',
			name: 'tableNumber',
			type: 'string',
			default: '',
			placeholder: 'e.g. 12',
		},
	];
}

export const guestProfileField: INodeProperties = {
	displayName: 'Guest Profile',
	name: 'customerProfile',
	type: 'collection',
	placeholder: 'Add Guest Detail',
	default: {},
	options: [
		{
			displayName: 'Allergies',
			name: 'allergy',
			type: 'string',
			default: '',
			placeholder: 'e.g. nuts, gluten',
			description: 'Comma-separated list of allergies',
		},
		{
			displayName: 'Anniversary',
			name: 'anniversary',
			type: 'boolean',
			default: false,
			description: 'Whether the visit is for an anniversary',
		},
		{ displayName: 'Birthdate', name: 'birthdate', type: 'dateTime', default: '' },
		{ displayName: 'Company Name', name: 'companyName', type: 'string', default: '' },
		{
			displayName: 'Handicap Accessible',
			name: 'handicapAccessible',
			type: 'boolean',
			default: false,
			description: 'Whether the guest needs an accessible table',
		},
		{
			displayName: 'Vegetarian',
			name: 'vegetarian',
			type: 'boolean',
			default: false,
			description: 'Whether the guest is vegetarian',
		},
		{
			displayName: 'VIP',
			name: 'vip',
			type: 'boolean',
			default: false,
			description: 'Whether the guest is a VIP',
		},
	],
};

const ADDITIONAL_FLAGS = [
	'allergy',
	'babyChair',
	'booth',
	'contactless',
	'dontDisturb',
	'event',
	'highChair',
	'highTop',
	'stroller',
	'vegetarian',
	'vip',
];
const FLAG_NAMES: Record<string, string> = {
	allergy: 'Allergy',
	babyChair: 'Baby Chair',
	booth: 'Booth',
	contactless: 'Contactless',
	dontDisturb: 'Do Not Disturb',
	event: 'Event',
	highChair: 'High Chair',
	highTop: 'High Top',
	stroller: 'Stroller',
	vegetarian: 'Vegetarian',
	vip: 'VIP',
};

export const additionalsField: INodeProperties = {
	displayName: 'Wishes',
	name: 'additionals',
	type: 'collection',
	placeholder: 'Add Wish',
	default: {},
	description: 'Flags for the table and the service (spec: Additionals)',
	options: ADDITIONAL_FLAGS.map((name) => ({
		displayName: FLAG_NAMES[name],
		name,
		type: 'boolean' as const,
		default: true,
		description: `Whether the guest asks for: ${FLAG_NAMES[name].toLowerCase()}`,
	})),
};

export const orderFields: INodeProperties[] = [
	{
		displayName: 'Order Lines',
		name: 'orderLines',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Order Line',
		default: {},
		description: 'An online order attached to the booking. The server prices it from the catalog.',
		options: [
			{
				displayName: 'Line',
				name: 'line',
				values: [
					{
						displayName: 'Product Name or ID',
						name: 'productId',
						type: 'options',
						typeOptions: {
							loadOptionsMethod: 'getProducts',
							loadOptionsDependsOn: ['restaurantId.value'],
						},
						default: '',
						description:
							'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
					},
					{
						displayName: 'Amount',
						name: 'amount',
						type: 'number',
						default: 1,
						description: 'How many; not below 0',
					},
					{
						displayName: 'Modifier Names or IDs',
						name: 'modifiers',
						type: 'multiOptions',
						typeOptions: {
							loadOptionsMethod: 'getProducts',
							loadOptionsDependsOn: ['restaurantId.value'],
						},
						default: [],
						description:
							'Modifiers of the line, once per unit. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
					},
				],
			},
		],
	},
	{
		displayName: 'Order Options',
		name: 'orderOptions',
		type: 'collection',
		placeholder: 'Add Order Option',
		default: {},
		options: [
			{
				displayName: 'Note',
				name: 'note',
				type: 'string',
				default: '',
				description: 'Note for the kitchen',
			},
			{
				displayName: 'Tips',
				name: 'tips',
				type: 'number',
				typeOptions: { numberPrecision: 2 },
				default: 0,
				description: 'Tip amount; not below 0',
			},
		],
	},
];
