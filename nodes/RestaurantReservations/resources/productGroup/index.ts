/** Product Group: the categories of the menu catalog (spec 2.3, 4.2). */
import type { INodeProperties } from 'n8n-workflow';
import { operationSelector, restaurantLocator, returnAllAndLimit } from '../../shared/descriptions';
import { create, createFields } from './create';
import { remove } from './delete';
import { groupIdField } from './fields';
import { getMany } from './getMany';
import { update, updateFields } from './update';

const show = { resource: ['productGroup'] };

export const productGroupOperations = operationSelector('productGroup', [create, remove, getMany, update], 'getAll');

export const productGroupFields: INodeProperties[] = [
	restaurantLocator(show),
	groupIdField,
	...createFields,
	...returnAllAndLimit({ ...show, operation: ['getAll'] }),
	...updateFields,
];
