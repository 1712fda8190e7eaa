import type { INodeProperties } from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { apiOperation, returnDeleted } from '../../operationHelpers/routing';
import { productIdField } from './helpers/fields';

export const operation = apiOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete a product',
	description: 'Remove a product from the catalog; menus that listed it no longer show it',
	method: 'DELETE',
	url: routingUrl('product'),
	postReceive: [returnDeleted],
});

export const fields: INodeProperties[] = [restaurantLocator, productIdField];
