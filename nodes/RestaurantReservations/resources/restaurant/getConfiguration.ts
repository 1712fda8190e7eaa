import type { INodeProperties } from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { apiOperation } from '../../operationHelpers/routing';

export const operation = apiOperation({
	value: 'getConfiguration',
	name: 'Get Configuration',
	action: 'Get the configuration of a restaurant',
	description: 'Get booking rules, cancellation reasons, waiting list, payments and guest tags',
	method: 'GET',
	url: routingUrl('configuration'),
});

export const fields: INodeProperties[] = [restaurantLocator];
