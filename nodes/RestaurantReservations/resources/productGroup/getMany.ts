import { apiOperation, applyLimit, splitArray } from '../../shared/routing';
import { PRODUCT_GROUPS_PATH } from './fields';

export const getMany = apiOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many product groups',
	description: 'List the product groups of a restaurant, in display order, with their product counts',
	method: 'GET',
	url: `=${PRODUCT_GROUPS_PATH}`,
	postReceive: [splitArray, applyLimit],
});
