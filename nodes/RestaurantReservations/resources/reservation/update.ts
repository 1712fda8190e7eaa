import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { fieldsCollection, RESERVATIONS_PATH } from '../../shared/descriptions';
import { apiOperation, simplify, withBody } from '../../shared/routing';
import { additionalsField, guestProfileField, orderFields, reservationBody, reservationFieldOptions, TIME_DESCRIPTION } from './fields';
import { RESERVATION_FIELDS } from './get';

const show = { resource: ['reservation'], operation: ['update'] };

/** The main fields of Create, optional here. */
const MAIN_FIELDS: INodeProperties[] = [
	{ displayName: 'Group Size', name: 'groupSize', type: 'number', typeOptions: { minValue: 1 }, default: 2, description: 'Number of guests' },
	{ displayName: 'Guest Name', name: 'customerName', type: 'string', default: '' },
	{ displayName: 'Reservation Time', name: 'reservationTime', type: 'dateTime', default: '', description: TIME_DESCRIPTION },
];

async function buildBody(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const body = await reservationBody(this, this.getNodeParameter('updateFields', {}) as IDataObject);
	if (Object.keys(body).length === 0) {
		throw new NodeOperationError(this.getNode(), 'Nothing to update: add at least one field under Update Fields, Guest Profile, Wishes or Order Lines', {
			itemIndex: this.getItemIndex(),
		});
	}
	return withBody(requestOptions, body);
}

export const update = apiOperation({
	value: 'update',
	name: 'Update',
	action: 'Update a reservation',
	description: 'Change the fields you set; the others keep their values',
	method: 'PUT',
	url: `=${RESERVATIONS_PATH}/{{$parameter.reservationId}}`,
	preSend: [buildBody],
	postReceive: [simplify(RESERVATION_FIELDS)],
});

export const updateFields: INodeProperties[] = [
	fieldsCollection('updateFields', show, [
			...MAIN_FIELDS,
			...reservationFieldOptions(),
		]),
	guestProfileField(show),
	additionalsField(show),
	...orderFields(show),
];
