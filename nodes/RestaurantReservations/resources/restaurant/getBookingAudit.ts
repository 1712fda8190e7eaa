import type { INodeProperties } from 'n8n-workflow';
import { RESTAURANT_PATH } from '../../shared/descriptions';
import { apiOperation } from '../../shared/routing';

export const getBookingAudit = apiOperation({
	value: 'getBookingAudit',
	name: 'Get Booking Audit',
	action: 'Get the audit trail of a booking',
	description: 'Get who created, changed or cancelled a reservation, and when',
	method: 'GET',
	url: `=${RESTAURANT_PATH}/bookings/{{$parameter.bookingId}}`,
});

export const bookingIdField: INodeProperties = {
	displayName: 'Reservation ID',
	name: 'bookingId',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. rsv-101-000042',
	description: 'ID of the reservation whose audit trail to read',
	displayOptions: { show: { resource: ['restaurant'], operation: ['getBookingAudit'] } },
};
