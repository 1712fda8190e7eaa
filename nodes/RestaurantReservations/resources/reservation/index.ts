/** Reservation: create, read, list over any period, update and cancel bookings (spec 4.1). */
import type { INodeProperties } from 'n8n-workflow';
import { operationSelector, restaurantLocator, returnAllAndLimit, simplifyOption } from '../../shared/descriptions';
import { cancel, cancelFields } from './cancel';
import { create, createFields } from './create';
import { get, RESERVATION_FIELDS, reservationIdField } from './get';
import { getMany, getManyFields } from './getMany';
import { update, updateFields } from './update';

const show = { resource: ['reservation'] };

export const reservationOperations = operationSelector('reservation', [cancel, create, get, getMany, update], 'create');

export const reservationFields: INodeProperties[] = [
	restaurantLocator(show),
	reservationIdField,
	...createFields,
	...getManyFields,
	...returnAllAndLimit({ ...show, operation: ['getAll'] }),
	...updateFields,
	...cancelFields,
	simplifyOption(show, RESERVATION_FIELDS),
];
