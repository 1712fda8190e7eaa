/** Menu: menus made of sections of catalog products, and their order (spec 2.5, 4.4). */
import type { INodeProperties } from 'n8n-workflow';
import { operationSelector, restaurantLocator, returnAllAndLimit } from '../../shared/descriptions';
import { create, createFields } from './create';
import { remove } from './delete';
import { menuIdField } from './fields';
import { get, getFields } from './get';
import { getMany } from './getMany';
import { reorder, reorderFields } from './reorder';
import { update, updateFields } from './update';

const show = { resource: ['menu'] };

export const menuOperations = operationSelector('menu', [create, remove, get, getMany, reorder, update], 'getAll');

export const menuFields: INodeProperties[] = [
	restaurantLocator(show),
	menuIdField,
	...createFields,
	...getFields,
	...returnAllAndLimit({ ...show, operation: ['getAll'] }),
	...updateFields,
	...reorderFields,
];
