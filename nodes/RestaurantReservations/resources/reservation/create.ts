import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { fieldsCollection, simplifyOption } from '../../shared/descriptions';
import { apiOperation, simplify, withBody } from '../../shared/routing';
import { reservationBody } from './body';
import {
	additionalsField,
	guestProfileField,
	orderFields,
	RESERVATION_FIELDS,
	reservationFieldOptions,
	TIME_DESCRIPTION,
} from './fields';

async function buildBody(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const fields: IDataObject = {
		reservationTime: this.getNodeParameter('reservationTime'),
		groupSize: this.getNodeParameter('groupSize'),
		customerName: this.getNodeParameter('customerName'),
		...(this.getNodeParameter('additionalFields', {}) as IDataObject),
	};
	return withBody(requestOptions, await reservationBody(this, fields));
}

export const operation = apiOperation({
	value: 'create',
	name: 'Create',
	action: 'Create a reservation',
	description: 'Book a table, optionally with a guest profile, wishes and an online order',
	method: 'POST',
	url: routingUrl('reservations'),
	preSend: [buildBody],
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
