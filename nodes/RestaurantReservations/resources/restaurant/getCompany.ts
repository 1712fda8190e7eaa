import { RESTAURANT_PATH } from '../../shared/descriptions';
import { apiOperation } from '../../shared/routing';

export const getCompany = apiOperation({
	value: 'getCompany',
	name: 'Get Company',
	action: 'Get the company of a restaurant',
	description: 'Get the chain a restaurant belongs to and its related venues',
	method: 'GET',
	url: `=${RESTAURANT_PATH}/company`,
});
