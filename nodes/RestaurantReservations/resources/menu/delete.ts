import type { INodeProperties } from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { apiOperation, returnDeleted } from '../../operationHelpers/routing';
import { menuIdField } from './helpers/fields';

export const operation = apiOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete a menu',
	description: 'Delete a menu; its products stay in the catalog',
	method: 'DELETE',
	url: routingUrl('menu'),
	postReceive: [returnDeleted],
});

export const fields: INodeProperties[] = [restaurantLocator, menuIdField];
