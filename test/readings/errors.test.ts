/**
 * The API's reason reaches the node's error in every reading of the spec: the sandbox's `message`,
 * ASP.NET Core's ProblemDetails `detail` (platform, no `message`), OAuth's `error_description`
 * (upper), Web API's `Message` (legacy); never only "The API rejected the request (HTTP 400)". A
 * server error, even the proxy's HTML page of legacy, gives a short readable reason.
 */
import { errorOf } from '../support/nodeResults';
import { nodeRunner, restaurant } from '../support/nodeRunner';
import { SEEDED_TIME_ZONES } from '../support/sandbox';
import { injectFault, localDay } from '../trigger/support';
import { bookings, EVERY_READING, readingSandbox, type ReadRecord } from './support';

const ZONE = SEEDED_TIME_ZONES[101];

/** The error as the user reads it, message and description together. */
const shown = (error: { message: string; description: string }) =>
	`${error.message}\n${error.description}`;

describe.each(EVERY_READING)('errors against the %s reading', (reading) => {
	const ctx = readingSandbox(reading);
	const api = bookings(ctx, reading);
	const node = nodeRunner(ctx, { restaurantId: restaurant(101) });
	/** Legacy writes no code: its 4xx bodies are `{ Message, ModelState }`. */
	const hasCode = reading !== 'legacy';

	let booking: ReadRecord;
	let cancelled: ReadRecord;
	beforeAll(async () => {
		booking = await api.create(101, { reservationTime: localDay(ZONE, 3) });
		cancelled = await api.create(101, { reservationTime: localDay(ZONE, 4) });
		await api.cancel(101, cancelled.id);
	});

	it("400: a cancellation reason the restaurant does not have, in the API's words", async () => {
		const result = await node.run({
			resource: 'reservation',
			operation: 'cancel',
			reservationId: booking.id,
			cancelOptionName: 'Chef on strike',
		});
		const error = errorOf(result);
		expect(error.httpCode).toBe('400');
		expect(error.message).not.toMatch(/^The API rejected the request/);
		expect(shown(error)).toContain(
			'cancelOptionName "Chef on strike" is not a cancellation reason of this restaurant',
		);
		if (hasCode) expect(error.description).toContain('unknown_cancel_option');
	});

	it("409: a change to a cancelled booking, in the API's words", async () => {
		const result = await node.run({
			resource: 'reservation',
			operation: 'update',
			reservationId: cancelled.id,
			updateFields: { groupSize: 4 },
		});
		const error = errorOf(result);
		expect(error.httpCode).toBe('409');
		expect(error.message).not.toMatch(/^The API rejected the request/);
		expect(shown(error)).toContain(
			`Reservation ${cancelled.id} is cancelled and can no longer be changed.`,
		);
		if (hasCode) expect(error.description).toContain('reservation_cancelled');
	});

	it('500: a short readable reason, never an HTML page', async () => {
		await injectFault(ctx, { status: 500, count: 20, pathContains: '/reservations/' });
		try {
			const result = await node.run({
				resource: 'reservation',
				operation: 'get',
				reservationId: booking.id,
			});
			const error = errorOf(result);
			expect(error.httpCode).toBe('500');
			expect(error.message).toBe('The restaurant platform failed to answer (HTTP 500)');
			expect(error.description).toContain(
				reading === 'legacy'
					? 'The API said: "502 Bad Gateway"'
					: 'Injected server error (sandbox fault injection).',
			);
			expect(shown(error)).not.toMatch(/<[a-z]/i);
			expect(error.description.length).toBeLessThan(300);
		} finally {
			await ctx.sandbox.control('DELETE', '/faults');
		}
	});
});
