/** Product: the dishes, drinks and modifiers of the catalog, with the price rules (spec 2.4, 4.3, 7, 8). */
import type { INodeProperties } from 'n8n-workflow';
import { operationSelector, restaurantLocator, returnAllAndLimit, simplifyOption } from '../../shared/descriptions';
import { create, createFields } from './create';
import { remove } from './delete';
import { PRODUCT_FIELDS, productIdField } from './fields';
import { getMany, getManyFields } from './getMany';
import { update, updateFields } from './update';

const show = { resource: ['product'] };

export const productOperations = operationSelector('product', [create, remove, getMany, update], 'getAll');

export const productFields: INodeProperties[] = [
	restaurantLocator(show),
	productIdField,
	...createFields,
	...getManyFields,
	...returnAllAndLimit({ ...show, operation: ['getAll'] }),
	...updateFields,
	simplifyOption({ ...show, operation: ['create', 'getAll', 'update'] }, PRODUCT_FIELDS),
];
