import { apiOperation, applyLimit, simplify, splitArray } from '../../shared/routing';
import { RESTAURANT_FIELDS } from './get';

export const getMany = apiOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many restaurants',
	description: 'List the restaurants your access token reaches',
	method: 'GET',
	url: '/api/core/admin/restaurants',
	postReceive: [splitArray, applyLimit, simplify(RESTAURANT_FIELDS)],
});
