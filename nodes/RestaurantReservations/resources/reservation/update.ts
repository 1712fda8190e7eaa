import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { fieldOptions } from '../../operationHelpers/apiFields';
import { fieldsCollection, simplifyOption } from '../../operationHelpers/descriptions';
import { collectionOf, requireChanges } from '../../operationHelpers/readParameters';
import { apiOperation, simplify } from '../../operationHelpers/routing';
import { reservationBody } from './helpers/body';
import { RESERVATION_API_FIELDS } from './helpers/apiFields';
import {
	additionalsField,
	guestProfileField,
	orderFields,
	RESERVATION_FIELDS,
	reservationIdField,
} from './helpers/fields';
import { checkBookingRulesField, checkChangeFirst } from './helpers/rulesFirst';
import { keepChangedPlace, refuseLikeTheRules } from './helpers/slotGuard';
import { checkReservationId } from './helpers/reservationId';
import { addReading } from './helpers/reading';

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
	fieldsCollection('updateFields', fieldOptions(RESERVATION_API_FIELDS, 'updateFields')),
	guestProfileField,
	additionalsField,
	...orderFields,
	checkBookingRulesField,
	simplifyOption(RESERVATION_FIELDS),
];
