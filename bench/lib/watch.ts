/** The trigger's parameters the benchmarks share: one restaurant watched over a period. */
import type { INodeParameters } from 'n8n-workflow';

/** The four events of a Reservations watch. */
export const RESERVATION_EVENTS = [
	'reservationCreated',
	'reservationUpdated',
	'reservationCancelled',
	'reservationStateChanged',
];

/** One restaurant, by ID, watched from `lookBackDays` back to `lookAheadDays` ahead. */
export const oneRestaurantWatched = (
	restaurantId: number,
	lookBackDays: number,
	lookAheadDays: number,
): INodeParameters => ({
	restaurants: 'one',
	restaurantId: { __rl: true, mode: 'id', value: String(restaurantId) },
	lookBackDays,
	lookAheadDays,
});
