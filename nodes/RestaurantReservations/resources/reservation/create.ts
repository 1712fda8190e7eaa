import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { fieldsCollection, simplifyOption } from '../../operationHelpers/descriptions';
import { collectionOf } from '../../operationHelpers/readParameters';
import { apiOperation, simplify } from '../../operationHelpers/routing';
import { reservationBody } from './helpers/body';
import {
	additionalsField,
	guestProfileField,
	orderFields,
	RESERVATION_FIELDS,
	reservationFieldOptions,
	TIME_DESCRIPTION,
} from './helpers/fields';
import { checkBookingRulesField, checkRulesFirst } from './helpers/rulesFirst';
import { keepCreatedPlace, refuseLikeTheRules } from './helpers/slotGuard';
import { addTimeZone } from './helpers/timeZone';

function requireGuestName(item: IExecuteSingleFunctions, name: unknown): void {
	if (typeof name === 'string' && name.trim() !== '') return;
	throw new NodeOperationError(item.getNode(), "Guest Name is empty: give the guest's name", {
		description: 'A booking needs the name the guest gives. Nothing was sent to the restaurant.',
		itemIndex: item.getItemIndex(),
	});
}

async function requestBody(item: IExecuteSingleFunctions): Promise<IDataObject | IDataObject[]> {
	const customerName = item.getNodeParameter('customerName');
	requireGuestName(item, customerName);
	const fields: IDataObject = {
		reservationTime: item.getNodeParameter('reservationTime'),
		groupSize: item.getNodeParameter('groupSize'),
		customerName: String(customerName).trim(),
		...collectionOf(item, 'additionalFields'),
	};
	const body = await reservationBody(item, fields);
	await checkRulesFirst(item, {
		time: body.reservationTime as string,
		partySize: Number(body.groupSize),
	});
	return body;
}

export const operation = apiOperation({
	value: 'create',
	name: 'Create',
	action: 'Create a reservation',
	description: 'Book a table, optionally with a guest profile, wishes and an online order',
	method: 'POST',
	url: routingUrl('reservations'),
	body: requestBody,
	responseCheck: refuseLikeTheRules,
	postReceive: [keepCreatedPlace, simplify(RESERVATION_FIELDS), addTimeZone],
});

export const fields: INodeProperties[] = [
	restaurantLocator,
	{
		displayName: 'Reservation Time',
		name: 'reservationTime',
		type: 'dateTime',
		default: '',
		required: true,
		description: TIME_DESCRIPTION,
	},
	{
		displayName: 'Group Size',
		name: 'groupSize',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 2,
		required: true,
		description: 'Number of guests',
	},
	{
		displayName: 'Guest Name',
		name: 'customerName',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Anna Schmidt',
		description: 'The name the guest books under (not empty)',
	},
	checkBookingRulesField,
	fieldsCollection('additionalFields', reservationFieldOptions()),
	guestProfileField,
	additionalsField,
	...orderFields,
	simplifyOption(RESERVATION_FIELDS),
];
