import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { fieldsCollection, simplifyOption } from '../../shared/descriptions';
import { requireChanges } from '../../shared/readParameters';
import { apiOperation, simplify, withBody } from '../../shared/routing';
import { reservationBody } from './body';
import {
	additionalsField,
	guestProfileField,
	orderFields,
	RESERVATION_FIELDS,
	reservationFieldOptions,
	reservationIdField,
	TIME_DESCRIPTION,
} from './fields';

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
	},
];

async function buildBody(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const body = await reservationBody(
		this,
		this.getNodeParameter('updateFields', {}) as IDataObject,
	);
	requireChanges(this, body, 'Update Fields, Guest Profile, Wishes or Order Lines');
	return withBody(requestOptions, body);
}

export const operation = apiOperation({
	value: 'update',
	name: 'Update',
	action: 'Update a reservation',
	description: 'Change the fields you set; the others keep their values',
	method: 'PUT',
	url: routingUrl('reservation'),
	preSend: [buildBody],
	postReceive: [simplify(RESERVATION_FIELDS)],
});

export const fields: INodeProperties[] = [
	restaurantLocator,
	reservationIdField,
	fieldsCollection('updateFields', [...MAIN_FIELDS, ...reservationFieldOptions()]),
	guestProfileField,
	additionalsField,
	...orderFields,
	simplifyOption(RESERVATION_FIELDS),
];
