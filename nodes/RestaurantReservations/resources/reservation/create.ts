import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { fieldsCollection, simplifyOption } from '../../shared/descriptions';
import { collectionOf } from '../../shared/readParameters';
import { apiOperation, simplify } from '../../shared/routing';
import { reservationBody } from './body';
import {
	additionalsField,
	guestProfileField,
	orderFields,
	RESERVATION_FIELDS,
	reservationFieldOptions,
	TIME_DESCRIPTION,
} from './fields';

async function requestBody(item: IExecuteSingleFunctions): Promise<IDataObject | IDataObject[]> {
	const fields: IDataObject = {
		reservationTime: item.getNodeParameter('reservationTime'),
		groupSize: item.getNodeParameter('groupSize'),
		customerName: item.getNodeParameter('customerName'),
		...collectionOf(item, 'additionalFields'),
	};
	return await reservationBody(item, fields);
}

export const operation = apiOperation({
	value: 'create',
	name: 'Create',
	action: 'Create a reservation',
	description: 'Book a table, optionally with a guest profile, wishes and an online order',
	method: 'POST',
	url: routingUrl('reservations'),
	body: requestBody,
	postReceive: [simplify(RESERVATION_FIELDS)],
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
		placeholder: 'e.g. Anna Schmidt',
	},
	fieldsCollection('additionalFields', reservationFieldOptions()),
	guestProfileField,
	additionalsField,
	...orderFields,
	simplifyOption(RESERVATION_FIELDS),
];
