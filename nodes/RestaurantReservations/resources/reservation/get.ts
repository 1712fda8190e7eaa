import type { INodeProperties } from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { simplifyOption } from '../../operationHelpers/descriptions';
import { apiOperation, simplify } from '../../operationHelpers/routing';
import { RESERVATION_FIELDS, reservationIdField } from './helpers/fields';
import { checkReservationId } from './helpers/reservationId';
import { addReading } from './helpers/reading';

export const operation = apiOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a reservation',
	description: 'Get one reservation by ID',
	method: 'GET',
	url: routingUrl('reservation'),
	preSend: [checkReservationId],
	postReceive: [simplify(RESERVATION_FIELDS), addReading],
});

export const fields: INodeProperties[] = [
	restaurantLocator,
	reservationIdField,
	simplifyOption(RESERVATION_FIELDS),
];
