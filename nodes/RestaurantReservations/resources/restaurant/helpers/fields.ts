/** The restaurant parameters that several operations share. */

/** What Simplify keeps of a restaurant (RestaurantContract has over 30 fields). */
export const RESTAURANT_FIELDS = [
	'id',
	'name',
	'timeZone',
	'address',
	'city',
	'country',
	'phone',
	'type',
	'parentRestaurantId',
] as const;
