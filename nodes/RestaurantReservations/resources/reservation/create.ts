import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { fieldsCollection, RESERVATIONS_PATH } from '../../shared/descriptions';
import { apiOperation, simplify, withBody } from '../../shared/routing';
import { additionalsField, guestProfileField, orderFields, reservationBody, reservationFieldOptions, TIME_DESCRIPTION } from './fields';
import { RESERVATION_FIELDS } from './get';

const show = { resource: ['reservation'], operation: ['create'] };

async function buildBody(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const fields: IDataObject = {
		reservationTime: this.getNodeParameter('reservationTime'),
		groupSize: this.getNodeParameter('groupSize'),
		customerName: this.getNodeParameter('customerName'),
		...(this.getNodeParameter('additionalFields', {}) as IDataObject),
	};
	return withBody(requestOptions, await reservationBody(this, fields));
}

export const create = apiOperation({
	value: 'create',
	name: 'Create',
	action: 'Create a reservation',
	description: 'Book a table, optionally with a guest profile, wishes and an online order',
	method: 'POST',
	url: `=${RESERVATIONS_PATH}`,
	preSend: [buildBody],
	postReceive: [simplify(RESERVATION_FIELDS)],
});

export const createFields: INodeProperties[] = [
	{ displayName: 'Reservation Time', name: 'reservationTime', type: 'dateTime', default: '', required: true, description: TIME_DESCRIPTION, displayOptions: { show } },
	{ displayName: 'Group Size', name: 'groupSize', type: 'number', typeOptions: { minValue: 1 }, default: 2, required: true, description: 'Number of guests', displayOptions: { show } },
	{ displayName: 'Guest Name', name: 'customerName', type: 'string', default: '', placeholder: 'e.g. Anna Schmidt', displayOptions: { show } },
	fieldsCollection('additionalFields', show, reservationFieldOptions()),
	guestProfileField(show),
	additionalsField(show),
	...orderFields(show),
];
