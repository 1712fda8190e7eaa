/** Product Group: the categories of the menu catalog (spec 2.3, 4.2). */
import type { INodeProperties } from 'n8n-workflow';
import { restaurantLocator, returnAllAndLimit } from '../../shared/descriptions';
import { create, createFields } from './create';
import { remove } from './delete';
import { groupIdField } from './fields';
import { getMany } from './getMany';
import { update, updateFields } from './update';

const show = { resource: ['productGroup'] };

export const productGroupOperations: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show },
	options: [create, remove, getMany, update],
	default: 'getAll',
};

export const productGroupFields: INodeProperties[] = [
	restaurantLocator(show),
	groupIdField,
	...createFields,
	...returnAllAndLimit({ ...show, operation: ['getAll'] }),
	...updateFields,
];
