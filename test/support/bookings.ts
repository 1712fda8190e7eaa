/** Bookings the node tests make with a plain client, on days as the seeded restaurants count them. */
import { DateTime } from 'luxon';
import { SEEDED_TIME_ZONES, type SandboxContext } from './sandbox';

/** A day relative to today at the restaurant, at a wall-clock time there. */
export const localDayAt = (restaurantId: number, days: number, time = '19:00:00') =>
	`${DateTime.now()
		.setZone(SEEDED_TIME_ZONES[restaurantId])
		.startOf('day')
		.plus({ days })
		.toFormat('yyyy-LL-dd')}T${time}`;

/** Makes `book(restaurantId, body)`: a booking (for 2 unless the body says), the reservation made. */
export const bookingWith =
	(ctx: SandboxContext) => async (restaurantId: number, body: Record<string, unknown>) => {
		const response = await ctx.call('createReservation', {
			path: { restaurantId },
			body: { groupSize: 2, ...body },
		});
		expect(response.status).toBe(201);
		return response.body as Record<string, any>;
	};
