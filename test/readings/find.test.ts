/**
 * Reservation › Find in every reading of the spec: a guest's bookings by name, without the
 * cancelled ones whatever the reading calls them ("Canceled", "CANCELED_BY_MERCHANT",
 * "CANCELED_BY_CUSTOMER", "Cancelled"), with them when Include Cancelled is on; each with its
 * `stateRole` beside the API's own state field and value. Get Many's Status filter by role, and the
 * outputs of Get, Update and Cancel, carry the role the same way.
 */
import { json } from '../support/nodeResults';
import { nodeRunner, restaurant } from '../support/nodeRunner';
import { SEEDED_TIME_ZONES } from '../support/sandbox';
import { localDay } from '../trigger/support';
import { bookings, EVERY_READING, readingSandbox, type ReadRecord } from './support';

const ZONE = SEEDED_TIME_ZONES[101];
const GUEST = 'Ada Reading-Lovelace';

describe.each(EVERY_READING)('Find against the %s reading', (reading) => {
	const ctx = readingSandbox(reading);
	const api = bookings(ctx, reading);
	const node = nodeRunner(ctx, { restaurantId: restaurant(101) });

	let kept: ReadRecord[];
	let cancelled: ReadRecord[];
	beforeAll(async () => {
		const made = [];
		for (const days of [2, 4, 6, 8])
			made.push(
				await api.create(101, { reservationTime: localDay(ZONE, days), customerName: GUEST }),
			);
		await api.create(101, { reservationTime: localDay(ZONE, 3), customerName: 'Someone Else' });
		// Cancelled by the restaurant, and by the guest (upper: CANCELED_BY_CUSTOMER).
		cancelled = [
			await api.cancel(101, made[1].id),
			await api.cancel(101, made[3].id, { origin: 'guest' }),
		];
		kept = [made[0], made[2]];
	});

	const find = (includeCancelled: boolean) =>
		node.run({
			resource: 'reservation',
			operation: 'find',
			customerName: 'ada lovelace',
			returnAll: true,
			includeCancelled,
		});

	it("the guest's bookings without the cancelled ones, each with its role", async () => {
		const result = await find(false);
		expect(result.error).toBeUndefined();
		const found = json(result);
		expect(found.map((r) => r.id)).toEqual(kept.map((r) => r.id));
		for (const booking of found) {
			expect(booking.stateRole).toBe('booked');
			expect(booking[api.stateField]).toBe(api.spelling('confirmed'));
		}
	});

	it('with Include Cancelled: the cancelled ones too, their role cancelled', async () => {
		const result = await find(true);
		expect(result.error).toBeUndefined();
		const found = json(result);
		expect(found.map((r) => r.id).sort()).toEqual([...kept, ...cancelled].map((r) => r.id).sort());
		const roleOf = new Map(found.map((r) => [r.id, r.stateRole]));
		for (const booking of cancelled) {
			expect(roleOf.get(booking.id)).toBe('cancelled');
			expect(found.find((r) => r.id === booking.id)![api.stateField]).toBe(api.stateOf(booking));
		}
		for (const booking of kept) expect(roleOf.get(booking.id)).toBe('booked');
	});

	it('Get Many with Status a role (Cancelled or Refused): the cancelled ones in any spelling, with their role', async () => {
		const result = await node.run({
			resource: 'reservation',
			operation: 'getAll',
			from: localDay(ZONE, 1, '00:00:00'),
			to: localDay(ZONE, 10, '00:00:00'),
			returnAll: true,
			filters: { status: 'cancelled' },
		});
		expect(result.error).toBeUndefined();
		const listed = json(result);
		expect(listed.map((r) => r.id).sort()).toEqual(cancelled.map((r) => r.id).sort());
		for (const booking of listed) expect(booking.stateRole).toBe('cancelled');
	});

	it('Get, Update and Cancel give the record as the API wrote it, its role beside it', async () => {
		const booking = await api.create(101, { reservationTime: localDay(ZONE, 9) });
		const run = async (parameters: Record<string, unknown>) => {
			const result = await node.run({
				resource: 'reservation',
				reservationId: booking.id,
				...parameters,
			});
			expect(result.error).toBeUndefined();
			const [output] = json(result);
			return [output[api.stateField], output.stateRole];
		};
		expect(await run({ operation: 'get' })).toEqual([api.spelling('confirmed'), 'booked']);
		expect(await run({ operation: 'update', updateFields: { state: 'seated' } })).toEqual([
			api.spelling('seated'),
			'arrived',
		]);
		expect(await run({ operation: 'cancel', cancelOptionName: 'Guest request' })).toEqual([
			api.spelling('cancelled'),
			'cancelled',
		]);
	});
});
