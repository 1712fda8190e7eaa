import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { fieldOptions } from '../../operationHelpers/apiFields';
import { fieldsCollection, simplifyOption } from '../../operationHelpers/descriptions';
import { collectionOf } from '../../operationHelpers/readParameters';
import { apiOperation, simplify } from '../../operationHelpers/routing';
import {
	invalidInput,
	requiredText,
	requiredWholeNumber,
	textInput,
} from '../../operationHelpers/inputValues';
import {
	GROUP_SIZE_FIX,
	RESERVATION_API_FIELDS,
	TIME_DESCRIPTION,
	TIME_HINT,
} from './helpers/apiFields';
import { reservationBody } from './helpers/body';
import {
	additionalsField,
	guestProfileField,
	orderFields,
	RESERVATION_FIELDS,
} from './helpers/fields';
import { checkBookingRulesField, checkRulesFirst } from './helpers/rulesFirst';
import { keepCreatedPlace, refuseLikeTheRules } from './helpers/slotGuard';
import { addReading } from './helpers/reading';

const GUEST_NAME_FIX = 'A booking needs the name the guest gives, e.g. Anna Schmidt.';

function guestName(item: IExecuteSingleFunctions): string {
	const name = textInput(item, item.getNodeParameter('customerName'), 'Guest Name', GUEST_NAME_FIX);
	if (name !== '') return name;
	throw invalidInput(item, "Guest Name is empty: give the guest's name", GUEST_NAME_FIX);
}

async function requestBody(item: IExecuteSingleFunctions): Promise<IDataObject | IDataObject[]> {
	const fields: IDataObject = {
		reservationTime: requiredText(
			item,
			item.getNodeParameter('reservationTime'),
			'Reservation Time',
			"Give the date and time of the visit, e.g. 2026-12-04T19:30 (the restaurant's local time).",
		),
		groupSize: requiredWholeNumber(
			item,
			item.getNodeParameter('groupSize'),
			'Group Size',
			GROUP_SIZE_FIX,
		),
		customerName: guestName(item),
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
	postReceive: [keepCreatedPlace, simplify(RESERVATION_FIELDS), addReading],
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
		builderHint: TIME_HINT,
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
	fieldsCollection('additionalFields', fieldOptions(RESERVATION_API_FIELDS, 'additionalFields')),
	guestProfileField,
	additionalsField,
	...orderFields,
	simplifyOption(RESERVATION_FIELDS),
];
