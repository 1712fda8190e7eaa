import { RESTAURANT_PATH } from '../../shared/descriptions';
import { apiOperation, simplify } from '../../shared/routing';

/** What Simplify keeps of a restaurant (RestaurantContract has over 30 fields). */
export const RESTAURANT_FIELDS = ['id', 'name', 'timeZone', 'address', 'city', 'country', 'phone', 'type', 'parentRestaurantId'] as const;

export const get = apiOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a restaurant',
	description: 'Get the profile of a restaurant, including its time zone',
	method: 'GET',
	url: `=${RESTAURANT_PATH}`,
	postReceive: [simplify(RESTAURANT_FIELDS)],
});
