/**
 * What the randomized runs of the trigger share: their random choices from a fixed seed, and the
 * reservations they book, move and cancel with a plain client.
 */
import type { IDataObject } from 'n8n-workflow';
import seedrandom from 'seedrandom';
import type { SandboxContext } from '../support/sandbox';

/** `random` from `seed`; a whole number from min to max; one of `values`; true with probability p. */
export function seededChoices(seed: string) {
	const random = seedrandom(seed);
	return {
		random,
		int: (min: number, max: number) => min + Math.floor(random() * (max - min + 1)),
		pick: <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)],
		chance: (p: number) => random() < p,
	};
}

/** A reservation as a plain client reads it. */
export type Booking = IDataObject & {
	id: string;
	restaurantId: number;
	reservationTime: string;
	state: string;
};

/** A reservation moved to `reservationTime`: its record after. */
export async function moved(ctx: SandboxContext, booking: Booking, reservationTime: string) {
	const { body } = await ctx.call('updateReservation', {
		path: { restaurantId: booking.restaurantId, reservationId: booking.id },
		body: { reservationTime },
	});
	return body as Booking;
}

/** A reservation cancelled at the guest's request: its record after. */
export async function cancelled(ctx: SandboxContext, booking: Booking) {
	const { body } = await ctx.call('cancelReservation', {
		path: { restaurantId: booking.restaurantId, reservationId: booking.id },
		body: { cancelOptionName: 'Guest request' },
	});
	return body as Booking;
}
