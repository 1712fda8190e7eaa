import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { fieldsCollection, simplifyOption } from '../../operationHelpers/descriptions';
import { collectionOf, requireChanges } from '../../operationHelpers/readParameters';
import { apiOperation, simplify } from '../../operationHelpers/routing';
import { reservationBody } from './helpers/body';
import {
	additionalsField,
	guestProfileField,
	orderFields,
	RESERVATION_FIELDS,
	reservationFieldOptions,
	reservationIdField,
	TIME_DESCRIPTION,
	TIME_HINT,
} from './helpers/fields';
import { checkBookingRulesField, checkChangeFirst } from './helpers/rulesFirst';
import { keepChangedPlace, refuseLikeTheRules } from './helpers/slotGuard';
import { checkReservationId } from './helpers/reservationId';
import { addReading } from './helpers/reading';

/** The main fields of Create, optional here. */
const MAIN_FIELDS: INodeProperties[] = [
	{
		displayName: 'Group Size',
		name: 'groupSize',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 2,
		description: 'Number of guests',
	},
	{ displayName: 'Guest Name', name: 'customerName', type: 'string', default: '' },
	{
		displayName: 'Reservation Time',
		name: 'reservationTime',
		type: 'dateTime',
		default: '',
		description: TIME_DESCRIPTION,
		builderHint: TIME_HINT,
	},
];

async function requestBody(item: IExecuteSingleFunctions): Promise<IDataObject | IDataObject[]> {
	const body = await reservationBody(item, collectionOf(item, 'updateFields'));
	requireChanges(item, body, 'Update Fields, Guest Profile, Wishes or Order Lines');
	await checkChangeFirst(item, body);
	return body;
}

export const operation = apiOperation({
	value: 'update',
	name: 'Update',
	action: 'Update a reservation',
	description: 'Change the fields you set; the others keep their values',
	method: 'PUT',
	url: routingUrl('reservation'),
	preSend: [checkReservationId],
	body: requestBody,
	responseCheck: refuseLikeTheRules,
	postReceive: [keepChangedPlace, simplify(RESERVATION_FIELDS), addReading],
});

export const fields: INodeProperties[] = [
	restaurantLocator,
	reservationIdField,
	fieldsCollection('updateFields', [...MAIN_FIELDS, ...reservationFieldOptions()]),
	guestProfileField,
	additionalsField,
	...orderFields,
	checkBookingRulesField,
	simplifyOption(RESERVATION_FIELDS),
];
