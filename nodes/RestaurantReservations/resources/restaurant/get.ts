import type { INodeProperties } from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { simplifyOption } from '../../operationHelpers/descriptions';
import { apiOperation, simplify } from '../../operationHelpers/routing';
import { RESTAURANT_FIELDS } from './helpers/fields';

export const operation = apiOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a restaurant',
	description: 'Get the profile of a restaurant, including its time zone',
	method: 'GET',
	url: routingUrl('restaurant'),
	postReceive: [simplify(RESTAURANT_FIELDS)],
});

export const fields: INodeProperties[] = [restaurantLocator, simplifyOption(RESTAURANT_FIELDS)];
