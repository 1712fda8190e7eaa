/**
 * The reservation fields of CreateReservationContract (spec 2.1) as n8n parameters, shared by
 * Create (Additional Fields) and Update (Update Fields), and the body they build.
 */
import type { IDataObject, IDisplayOptions, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';

type Show = NonNullable<IDisplayOptions['show']>;
import { NodeOperationError } from 'n8n-workflow';
import { checkOrderInput, describeViolation } from '../../../shared/money';
import { hasOffset, toRestaurantLocal } from '../../../shared/localTime';
import { apiRequest, paths } from '../../../shared/transport';
import { onlySet } from '../../shared/routing';

export const RESERVATION_STATES = [
	{ name: 'Arrived', value: 'arrived' },
	{ name: 'Completed', value: 'completed' },
	{ name: 'Confirmed', value: 'confirmed' },
	{ name: 'No-Show', value: 'noShow' },
	{ name: 'Pending', value: 'pending' },
	{ name: 'Seated', value: 'seated' },
];

/** Every state, cancelled included, for filtering lists by status. */
export const STATUS_FILTERS = [...RESERVATION_STATES, { name: 'Cancelled', value: 'cancelled' }].sort((a, b) => a.name.localeCompare(b.name));

/** Booking kinds (spec 4.1 `kind`; values chosen by the sandbox, see the README). */
export const BOOKING_KINDS = [
	{ name: 'Reservation', value: 'reservation' },
	{ name: 'Waiting List', value: 'waitlist' },
	{ name: 'Walk-In', value: 'walkin' },
];

export const TIME_DESCRIPTION =
	"Restaurant-local time of the visit. A time with a UTC offset or 'Z' (for example from {{ $now }}) is converted to the restaurant's time zone before sending.";

/** Fields that Create shows as Additional Fields and Update as Update Fields. */
export function reservationFieldOptions(): INodeProperties[] {
	return [
		{ displayName: 'About Guest Notes', name: 'aboutGuestNotes', type: 'string', default: '', description: 'Notes about the guest, kept with the guest profile' },
		{ displayName: 'Amount', name: 'amount', type: 'number', typeOptions: { numberPrecision: 2 }, default: 0, description: 'Amount of the booking, for example a prepayment or the check' },
		{ displayName: 'Created By', name: 'createdBy', type: 'string', default: '', description: 'Who created the booking, as shown to staff' },
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
		{ displayName: 'Deposit Token', name: 'depositToken', type: 'string', typeOptions: { password: true }, default: '', description: 'Token of a deposit, when prepayment is used' },
		{ displayName: 'Email', name: 'email', type: 'string', placeholder: 'name@email.com', default: '', description: "Guest's email address" },
		{ displayName: 'Estimated Turnover Time (Minutes)', name: 'estimatedTurnOverTime', type: 'number', typeOptions: { minValue: 0 }, default: 120, description: 'How long the table is expected to be used' },
		{
			displayName: 'Event Name or ID',
			name: 'eventId',
			type: 'options',
			typeOptions: { loadOptionsMethod: 'getEvents', loadOptionsDependsOn: ['restaurantId.value'] },
			default: '',
			description: 'Event the booking belongs to. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		},
		{ displayName: 'External User ID', name: 'externalUserId', type: 'string', default: '', description: "The guest's ID in your system" },
		{ displayName: 'Internal Notes', name: 'internalNotes', type: 'string', default: '', description: 'Notes for the staff, not shown to the guest' },
		{ displayName: 'Payment Type', name: 'paymentType', type: 'string', default: '', placeholder: 'e.g. card' },
		{ displayName: 'Phone', name: 'phone', type: 'string', default: '', placeholder: 'e.g. +49 30 1234567', description: "Guest's telephone number" },
		{ displayName: 'Source', name: 'source', type: 'string', default: '', placeholder: 'e.g. website', description: 'Label of the channel the booking came from' },
		{ displayName: 'Special Requests', name: 'specialRequests', type: 'string', default: '', description: "The guest's wishes" },
		{ displayName: 'State', name: 'state', type: 'options', options: RESERVATION_STATES, default: 'confirmed', description: 'State of the booking. To cancel, use the Cancel operation.' },
		{ displayName: 'Table Number', name: 'tableNumber', type: 'string', default: '', placeholder: 'e.g. 12' },
	];
}

export function guestProfileField(show: Show): INodeProperties {
	return {
		displayName: 'Guest Profile',
		name: 'customerProfile',
		type: 'collection',
		placeholder: 'Add Guest Detail',
		default: {},
		displayOptions: { show },
		options: [
			{ displayName: 'Allergies', name: 'allergy', type: 'string', default: '', placeholder: 'e.g. nuts, gluten', description: 'Comma-separated list of allergies' },
			{ displayName: 'Anniversary', name: 'anniversary', type: 'boolean', default: false, description: 'Whether the visit is for an anniversary' },
			{ displayName: 'Birthdate', name: 'birthdate', type: 'dateTime', default: '' },
			{ displayName: 'Company Name', name: 'companyName', type: 'string', default: '' },
			{ displayName: 'Handicap Accessible', name: 'handicapAccessible', type: 'boolean', default: false, description: 'Whether the guest needs an accessible table' },
			{ displayName: 'Vegetarian', name: 'vegetarian', type: 'boolean', default: false, description: 'Whether the guest is vegetarian' },
			{ displayName: 'VIP', name: 'vip', type: 'boolean', default: false, description: 'Whether the guest is a VIP' },
		],
	};
}

const ADDITIONAL_FLAGS = ['allergy', 'babyChair', 'booth', 'contactless', 'dontDisturb', 'event', 'highChair', 'highTop', 'stroller', 'vegetarian', 'vip'];
const FLAG_NAMES: Record<string, string> = { allergy: 'Allergy', babyChair: 'Baby Chair', booth: 'Booth', contactless: 'Contactless', dontDisturb: 'Do Not Disturb', event: 'Event', highChair: 'High Chair', highTop: 'High Top', stroller: 'Stroller', vegetarian: 'Vegetarian', vip: 'VIP' };

export function additionalsField(show: Show): INodeProperties {
	return {
		displayName: 'Wishes',
		name: 'additionals',
		type: 'collection',
		placeholder: 'Add Wish',
		default: {},
		description: 'Flags for the table and the service (spec: Additionals)',
		displayOptions: { show },
		options: ADDITIONAL_FLAGS.map((name) => ({
			displayName: FLAG_NAMES[name],
			name,
			type: 'boolean' as const,
			default: true,
			description: `Whether the guest asks for: ${FLAG_NAMES[name].toLowerCase()}`,
		})),
	};
}

export function orderFields(show: Show): INodeProperties[] {
	return [
		{
			displayName: 'Order Lines',
			name: 'orderLines',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Order Line',
			default: {},
			description: 'An online order attached to the booking. The server prices it from the catalog.',
			displayOptions: { show },
			options: [
				{
					displayName: 'Line',
					name: 'line',
					values: [
						{
							displayName: 'Product Name or ID',
							name: 'productId',
							type: 'options',
							typeOptions: { loadOptionsMethod: 'getProducts', loadOptionsDependsOn: ['restaurantId.value'] },
							default: '',
							description: 'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
						},
						{ displayName: 'Amount', name: 'amount', type: 'number', default: 1, description: 'How many; not below 0' },
						{
							displayName: 'Modifier Names or IDs',
							name: 'modifiers',
							type: 'multiOptions',
							typeOptions: { loadOptionsMethod: 'getProducts', loadOptionsDependsOn: ['restaurantId.value'] },
							default: [],
							description: 'Modifiers of the line, once per unit. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
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
			displayOptions: { show },
			options: [
				{ displayName: 'Note', name: 'note', type: 'string', default: '', description: 'Note for the kitchen' },
				{ displayName: 'Tips', name: 'tips', type: 'number', typeOptions: { numberPrecision: 2 }, default: 0, description: 'Tip amount; not below 0' },
			],
		},
	];
}

async function restaurantTimeZone(context: IExecuteSingleFunctions): Promise<string> {
	const restaurantId = context.getNodeParameter('restaurantId', undefined, { extractValue: true }) as string;
	const profile = await apiRequest<{ timeZone: string }>(context, { method: 'GET', path: paths.restaurant(restaurantId), itemIndex: context.getItemIndex() });
	return profile.timeZone;
}

/** Restaurant-local time: a value with an offset is converted using the restaurant's profile. */
export async function localReservationTime(context: IExecuteSingleFunctions, field: string, value: string): Promise<string> {
	const text = String(value);
	const local = toRestaurantLocal(text, hasOffset(text) ? await restaurantTimeZone(context) : 'UTC');
	if (!local) {
		throw new NodeOperationError(context.getNode(), `${field} "${text}" is not a date and time`, {
			description: 'Use the date picker, or an ISO date-time such as 2026-11-22T19:30:00.',
			itemIndex: context.getItemIndex(),
		});
	}
	return local;
}

interface OrderLineParameter {
	productId: string;
	amount: number;
	modifiers?: string[];
}

/** The body of CreateReservationContract from the node's parameters; only what is set. */
export async function reservationBody(context: IExecuteSingleFunctions, fields: IDataObject): Promise<IDataObject> {
	const body = onlySet(fields);
	if (typeof body.reservationTime === 'string') body.reservationTime = await localReservationTime(context, 'Reservation Time', body.reservationTime);
	if (body.eventId !== undefined) body.eventId = Number(body.eventId);

	const profile = onlySet(context.getNodeParameter('customerProfile', {}) as IDataObject);
	if (typeof profile.allergy === 'string') profile.allergy = profile.allergy.split(',').map((a) => a.trim()).filter(Boolean);
	if (typeof profile.birthdate === 'string') profile.birthdate = profile.birthdate.slice(0, 10);
	if (Object.keys(profile).length) body.customerProfile = profile;

	const additionals = context.getNodeParameter('additionals', {}) as IDataObject;
	if (Object.keys(additionals).length) body.additionals = additionals;

	const lines = (context.getNodeParameter('orderLines.line', []) as OrderLineParameter[]) ?? [];
	const orderOptions = onlySet(context.getNodeParameter('orderOptions', {}) as IDataObject);
	if (lines.length || Object.keys(orderOptions).length) {
		const order = {
			orderItems: lines.map((line) => ({
				productId: line.productId,
				amount: line.amount,
				modifiers: (line.modifiers ?? []).map((productId) => ({ productId, amount: 1 })),
			})),
			...orderOptions,
		};
		// Spec 7 and 8: negative amounts and tips are refused before anything is sent.
		const violation = checkOrderInput(order)[0];
		if (violation) {
			throw new NodeOperationError(context.getNode(), `Order not sent: ${describeViolation(violation)}`, {
				description: 'Amounts of order lines and modifiers, and tips, must be 0 or more. Nothing was sent to the restaurant.',
				itemIndex: context.getItemIndex(),
			});
		}
		body.order = order;
	}
	return body;
}
