/**
 * The reservation parameters that several operations share: the ID, what Simplify keeps and what
 * the trigger watches (both read from the declarations of ./apiFields), the guest profile, the
 * wishes and the order.
 */
import type { INodeProperties } from 'n8n-workflow';
import { simplifiedFields } from '../../../operationHelpers/apiFields';
import { productPicker, productsPicker } from '../../../operationHelpers/descriptions';
import { RESERVATION_API_FIELDS } from './apiFields';

/** What Simplify keeps of a reservation (BookingContract has over 40 fields). */
export const RESERVATION_FIELDS: readonly string[] = simplifiedFields(RESERVATION_API_FIELDS);

/**
 * The reservation fields the trigger watches as guest details, in their declared order
 * (nodes/RestaurantReservationsTrigger/targets/reservations/layout.ts).
 */
export const GUEST_DETAIL_FIELDS: readonly string[] = RESERVATION_API_FIELDS.filter(
	(field) => field.guestDetail,
).map((field) => field.name);

export const reservationIdField: INodeProperties = {
	displayName: 'Reservation ID',
	name: 'reservationId',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. rsv-101-000042',
	description: 'ID of the reservation, as returned by Create or Get Many',
};

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
						...productPicker(),
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
						...productsPicker('Modifiers of the line, once per unit.'),
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
