import type { INodeProperties } from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { apiOperation } from '../../operationHelpers/routing';

export const operation = apiOperation({
	value: 'getSettings',
	name: 'Get Settings',
	action: 'Get the settings of a restaurant',
	description: 'Get opening hours, areas, table sizes and module visibility',
	method: 'GET',
	url: routingUrl('settings'),
});

export const fields: INodeProperties[] = [restaurantLocator];
