import type { INodeProperties } from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { apiOperation } from '../../operationHelpers/routing';

export const operation = apiOperation({
	value: 'getCompany',
	name: 'Get Company',
	action: 'Get the company of a restaurant',
	description: 'Get the chain a restaurant belongs to and its related venues',
	method: 'GET',
	url: routingUrl('company'),
});

export const fields: INodeProperties[] = [restaurantLocator];
