import type { INodeProperties } from 'n8n-workflow';
import { apiOperation, applyLimit, simplify, splitArray } from '../../shared/routing';
import { RESTAURANT_FIELDS } from './get';

export const search = apiOperation({
	value: 'search',
	name: 'Search',
	action: 'Search restaurants',
	description: 'Find restaurants by name, city or address',
	method: 'GET',
	url: '/api/core/admin/restaurants/search',
	qs: { query: '={{$parameter.query}}' },
	postReceive: [splitArray, applyLimit, simplify(RESTAURANT_FIELDS)],
});

export const searchQueryField: INodeProperties = {
	displayName: 'Search Text',
	name: 'query',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. Berlin',
	description: 'Text to look for in the name, city or address',
	displayOptions: { show: { resource: ['restaurant'], operation: ['search'] } },
};
