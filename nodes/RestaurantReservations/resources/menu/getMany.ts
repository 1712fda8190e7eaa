import { apiOperation, applyLimit, splitArray } from '../../shared/routing';
import { MENUS_PATH } from './fields';

export const getMany = apiOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many menus',
	description: 'List the menus of a restaurant in display order, without their sections',
	method: 'GET',
	url: `=${MENUS_PATH}`,
	postReceive: [splitArray, applyLimit],
});
