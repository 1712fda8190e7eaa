/** Event: restaurant events with tickets, their publication and copies (spec 2.9, 3, 4.6). */
import type { INodeProperties } from 'n8n-workflow';
import { operationSelector, restaurantLocator, returnAllAndLimit, simplifyOption } from '../../shared/descriptions';
import { copy, copyFields } from './copy';
import { create, createFields } from './create';
import { remove } from './delete';
import { EVENT_FIELDS, eventIdField } from './fields';
import { get } from './get';
import { getMany, getManyFields } from './getMany';
import { publish, statusFields } from './publish';
import { unpublish } from './unpublish';
import { update, updateFields } from './update';

const show = { resource: ['event'] };

export const eventOperations = operationSelector('event', [copy, create, remove, get, getMany, publish, unpublish, update], 'getAll');

export const eventFields: INodeProperties[] = [
	restaurantLocator(show),
	eventIdField,
	...createFields,
	...getManyFields,
	...returnAllAndLimit({ ...show, operation: ['getAll'] }),
	...updateFields,
	...copyFields,
	...statusFields,
	simplifyOption({ ...show, operation: ['copy', 'create', 'get', 'getAll', 'publish', 'unpublish', 'update'] }, EVENT_FIELDS),
];
