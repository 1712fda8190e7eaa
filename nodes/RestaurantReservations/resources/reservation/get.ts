import type { INodeProperties } from 'n8n-workflow';
import { RESERVATIONS_PATH } from '../../shared/descriptions';
import { apiOperation, simplify } from '../../shared/routing';

/** What Simplify keeps of a reservation (BookingContract has over 40 fields). */
export const RESERVATION_FIELDS = [
	'id', 'restaurantId', 'reservationTime', 'businessDate', 'groupSize', 'customerName', 'phone', 'email',
	'tableNumber', 'state', 'eventId', 'specialRequests', 'createdAt', 'updatedAt',
] as const;

export const get = apiOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a reservation',
	description: 'Get one reservation by ID',
	method: 'GET',
	url: `=${RESERVATIONS_PATH}/{{$parameter.reservationId}}`,
	postReceive: [simplify(RESERVATION_FIELDS)],
});

export const reservationIdField: INodeProperties = {
	displayName: 'Reservation ID',
	name: 'reservationId',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. rsv-101-000042',
	description: 'ID of the reservation, as returned by Create or Get Many',
	displayOptions: { show: { resource: ['reservation'], operation: ['get', 'update', 'cancel'] } },
};
