import type { INodeProperties } from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { apiOperation, returnDeleted } from '../../operationHelpers/routing';
import { groupIdField } from './helpers/fields';

export const operation = apiOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete a product group',
	description: 'Delete a product group; its products stay in the catalog without a group',
	method: 'DELETE',
	url: routingUrl('productGroup'),
	postReceive: [returnDeleted],
});

export const fields: INodeProperties[] = [restaurantLocator, groupIdField];
