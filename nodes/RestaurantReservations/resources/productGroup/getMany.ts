import type { INodeProperties } from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { returnAllAndLimit } from '../../operationHelpers/descriptions';
import { apiOperation, applyLimit, splitArray } from '../../operationHelpers/routing';

export const operation = apiOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many product groups',
	description:
		'List the product groups of a restaurant, in display order, with their product counts',
	method: 'GET',
	url: routingUrl('productGroups'),
	postReceive: [splitArray, applyLimit],
});

export const fields: INodeProperties[] = [restaurantLocator, ...returnAllAndLimit];
