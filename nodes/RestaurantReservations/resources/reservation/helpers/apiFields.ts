/**
 * The fields of a reservation (CreateReservationContract, spec 2.1, and BookingContract, spec 2.2),
 * each declared once (../../../operationHelpers/apiFields): Create's Additional Fields, Update's
 * Update Fields, the request body, what Simplify keeps and what the trigger watches as guest
 * details all come from this list (./fields). Create's required Reservation Time, Group Size and
 * Guest Name are its own parameters (../create.ts); their values are sent as declared here.
 */
import { RESERVATION_STATES, STATES_NOTE } from '../../../../shared/parameters';
import type { ApiField } from '../../../operationHelpers/apiFields';
import {
	asNumber,
	asRestaurantLocalTime,
	asWholeNumber,
} from '../../../operationHelpers/apiFields';

export interface ReservationField extends ApiField {
	/**
	 * Whether the trigger watches it as a guest detail: a change of it is reported field by field
	 * (../../../../RestaurantReservationsTrigger/targets/reservations/layout.ts), in the order
	 * declared here. Append a new one after the others: the trigger's records hold them in order.
	 */
	guestDetail?: boolean;
}

export const TIME_DESCRIPTION =
	"Restaurant-local time of the visit. A time with a UTC offset or 'Z' (for example from {{ $now }}) is converted to the restaurant's time zone before sending.";

/** What n8n's AI workflow builder is told about the time of a visit (the field's `builderHint`). */
export const TIME_HINT = {
	propertyHint:
		"The restaurant's own wall-clock time of the visit, 'YYYY-MM-DDTHH:mm' without an offset: 2026-11-22T19:30 is 7:30 pm at the restaurant. Do not convert it to UTC. A value with an offset or 'Z' (e.g. from {{ $now }}) names an instant and is converted to the restaurant's time zone, which may differ from n8n's.",
};

// A size the restaurant does not take (0, -2, 40) is its rules' or its server's to refuse.
export const GROUP_SIZE_FIX = 'Give the number of guests as a whole number, such as 4.';

const BOTH = ['additionalFields', 'updateFields'] as const;

/** In the order Simplify keeps them; a new field goes at the end. */
export const RESERVATION_API_FIELDS: readonly ReservationField[] = [
	{ name: 'id', simplify: true },
	{ name: 'restaurantId', simplify: true },
	{
		name: 'reservationTime',
		parameter: {
			displayName: 'Reservation Time',
			type: 'dateTime',
			default: '',
			description: TIME_DESCRIPTION,
			builderHint: TIME_HINT,
		},
		in: ['updateFields'],
		send: asRestaurantLocalTime,
		simplify: true,
	},
	{ name: 'businessDate', simplify: true },
	{
		name: 'groupSize',
		parameter: {
			displayName: 'Group Size',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 2,
			description: 'Number of guests',
		},
		in: ['updateFields'],
		send: asWholeNumber(GROUP_SIZE_FIX),
		simplify: true,
	},
	{
		name: 'customerName',
		parameter: { displayName: 'Guest Name', type: 'string', default: '' },
		in: ['updateFields'],
		simplify: true,
		guestDetail: true,
	},
	{
		name: 'phone',
		parameter: {
			displayName: 'Phone',
			type: 'string',
			default: '',
			placeholder: 'e.g. +49 30 1234567',
			description: "Guest's telephone number",
		},
		in: BOTH,
		simplify: true,
		guestDetail: true,
	},
	{
		name: 'email',
		parameter: {
			displayName: 'Email',
			type: 'string',
			placeholder: 'name@email.com',
			default: '',
			description: "Guest's email address",
		},
		in: BOTH,
		simplify: true,
		guestDetail: true,
	},
	{
		name: 'tableNumber',
		parameter: {
			displayName: 'Table Number',
			type: 'string',
			default: '',
			placeholder: 'e.g. 12',
		},
		in: BOTH,
		simplify: true,
	},
	{
		name: 'state',
		parameter: {
			displayName: 'State',
			type: 'options',
			options: RESERVATION_STATES,
			default: 'confirmed',
			description: `State of the booking. To cancel, use the Cancel operation. ${STATES_NOTE}.`,
		},
		in: BOTH,
		simplify: true,
	},
	{ name: 'status', simplify: true },
	{
		name: 'eventId',
		parameter: {
			displayName: 'Event Name or ID',
			type: 'options',
			typeOptions: { loadOptionsMethod: 'getEvents', loadOptionsDependsOn: ['restaurantId.value'] },
			default: '',
			description:
				'Event the booking belongs to. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		},
		in: BOTH,
		send: asNumber,
		simplify: true,
	},
	{
		name: 'specialRequests',
		parameter: {
			displayName: 'Special Requests',
			type: 'string',
			default: '',
			description: "The guest's wishes",
		},
		in: BOTH,
		simplify: true,
		guestDetail: true,
	},
	{ name: 'createdAt', simplify: true },
	{ name: 'updatedAt', simplify: true },
	{
		name: 'aboutGuestNotes',
		parameter: {
			displayName: 'About Guest Notes',
			type: 'string',
			default: '',
			description: 'Notes about the guest, kept with the guest profile',
		},
		in: BOTH,
	},
	{
		name: 'amount',
		parameter: {
			displayName: 'Amount',
			type: 'number',
			typeOptions: { numberPrecision: 2 },
			default: 0,
			description: 'Amount of the booking, for example a prepayment or the check',
		},
		in: BOTH,
	},
	{
		name: 'createdBy',
		parameter: {
			displayName: 'Created By',
			type: 'string',
			default: '',
			description: 'Who created the booking, as shown to staff',
		},
		in: BOTH,
	},
	{
		name: 'deliveryType',
		parameter: {
			displayName: 'Delivery Type',
			type: 'options',
			options: [
				{ name: 'Delivery', value: 'delivery' },
				{ name: 'Dine-In', value: 'dineIn' },
				{ name: 'Takeaway', value: 'takeaway' },
			],
			default: 'dineIn',
			description: 'Service type; it decides which product prices an order uses',
		},
		in: BOTH,
	},
	{
		name: 'depositToken',
		parameter: {
			displayName: 'Deposit Token',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description: 'Token of a deposit, when prepayment is used',
		},
		in: BOTH,
	},
	{
		name: 'estimatedTurnOverTime',
		parameter: {
			displayName: 'Estimated Turnover Time (Minutes)',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 120,
			description: 'How long the table is expected to be used',
		},
		in: BOTH,
	},
	{
		name: 'externalUserId',
		parameter: {
			displayName: 'External User ID',
			type: 'string',
			default: '',
			description: "The guest's ID in your system",
		},
		in: BOTH,
	},
	{
		name: 'internalNotes',
		parameter: {
			displayName: 'Internal Notes',
			type: 'string',
			default: '',
			description: 'Notes for the staff, not shown to the guest',
		},
		in: BOTH,
	},
	{
		name: 'paymentType',
		parameter: {
			displayName: 'Payment Type',
			type: 'string',
			default: '',
			placeholder: 'e.g. card',
		},
		in: BOTH,
	},
	{
		name: 'source',
		parameter: {
			displayName: 'Source',
			type: 'string',
			default: '',
			placeholder: 'e.g. website',
			description: 'Label of the channel the booking came from',
		},
		in: BOTH,
	},
];
