import { RESTAURANT_PATH } from '../../shared/descriptions';
import { apiOperation } from '../../shared/routing';

export const getSettings = apiOperation({
	value: 'getSettings',
	name: 'Get Settings',
	action: 'Get the settings of a restaurant',
	description: 'Get opening hours, areas, table sizes and module visibility',
	method: 'GET',
	url: `=${RESTAURANT_PATH}/settings`,
});
