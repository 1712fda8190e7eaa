import type { INodeProperties } from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { apiOperation } from '../../operationHelpers/routing';

export const operation = apiOperation({
	value: 'getBookingAudit',
	name: 'Get Booking Audit',
	action: 'Get the audit trail of a booking',
	description: 'Get who created, changed or cancelled a reservation, and when',
	method: 'GET',
	url: routingUrl('bookingAudit'),
});

export const fields: INodeProperties[] = [
	restaurantLocator,
	{
		displayName: 'Reservation ID',
		name: 'bookingId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. rsv-101-000042',
		description: 'ID of the reservation whose audit trail to read',
	},
];
