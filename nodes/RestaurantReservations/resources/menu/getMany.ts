import type { INodeProperties } from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { returnAllAndLimit } from '../../operationHelpers/descriptions';
import { apiOperation, applyLimit, splitArray } from '../../operationHelpers/routing';

export const operation = apiOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many menus',
	description: 'List the menus of a restaurant in display order, without their sections',
	method: 'GET',
	url: routingUrl('menus'),
	postReceive: [splitArray, applyLimit],
});

export const fields: INodeProperties[] = [restaurantLocator, ...returnAllAndLimit];
