import type { INodeProperties } from 'n8n-workflow';
import { routingUrl } from '../../../shared/paths';
import { returnAllAndLimit, simplifyOption } from '../../operationHelpers/descriptions';
import { apiOperation, applyLimit, simplify, splitArray } from '../../operationHelpers/routing';
import { RESTAURANT_FIELDS } from './helpers/fields';

export const operation = apiOperation({
	value: 'search',
	name: 'Search',
	action: 'Search restaurants',
	description: 'Find restaurants by name, city or address',
	method: 'GET',
	url: routingUrl('restaurantSearch'),
	qs: { query: '={{$parameter.query}}' },
	postReceive: [splitArray, applyLimit, simplify(RESTAURANT_FIELDS)],
});

export const fields: INodeProperties[] = [
	{
		displayName: 'Search Text',
		name: 'query',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Berlin',
		description: 'Text to look for in the name, city or address',
	},
	...returnAllAndLimit,
	simplifyOption(RESTAURANT_FIELDS),
];
