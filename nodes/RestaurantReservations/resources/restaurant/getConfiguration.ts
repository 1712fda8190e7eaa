import { RESTAURANT_PATH } from '../../shared/descriptions';
import { apiOperation } from '../../shared/routing';

export const getConfiguration = apiOperation({
	value: 'getConfiguration',
	name: 'Get Configuration',
	action: 'Get the configuration of a restaurant',
	description: 'Get booking rules, cancellation reasons, waiting list, payments and guest tags',
	method: 'GET',
	url: `=${RESTAURANT_PATH}/config`,
});
