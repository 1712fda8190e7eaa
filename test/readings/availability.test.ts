/**
 * Reservation › Check Availability and Create with Check Booking Rules First in every reading of
 * the spec: a slot that holds its maxBookingsPerSlot bookings is never bookable, though the reading
 * writes their times with an offset (platform) or in UTC (upper); a cancellation, in any spelling,
 * frees its place; callers racing for the last places never leave more bookings than the limit.
 * The restaurant's zone in the output is the one the node computes with: the IANA zone of a Windows
 * name (platform), the offset in force of upper's "UTC+01:00".
 */
import { DateTime } from 'luxon';
import { errorOf, json } from '../support/nodeResults';
import { nodeRunner, restaurant, type NodeRunResult } from '../support/nodeRunner';
import { openSlot, SEEDED_TIME_ZONES } from '../support/sandbox';
import { bookings, EVERY_READING, readingSandbox, type ReadRecord } from './support';

const ZONE = SEEDED_TIME_ZONES[101];
/** Restaurant 101's published limit (sandbox/seed/restaurants.ts). */
const MAX_BOOKINGS = 6;

describe.each(EVERY_READING)('booking rules against the %s reading', (reading) => {
	const ctx = readingSandbox(reading);
	const api = bookings(ctx, reading);
	const node = nodeRunner(ctx, { restaurantId: restaurant(101) });
	beforeEach(async () => ctx.sandbox.reset());

	/** The zone the node reads: upper gives only the offset in force now. */
	const zoneRead = reading === 'upper' ? DateTime.now().setZone(ZONE).toFormat('ZZ') : ZONE;

	async function check(time: string) {
		const result = await node.run({
			resource: 'reservation',
			operation: 'checkAvailability',
			partySize: 2,
			checkMode: 'time',
			time,
		});
		expect(result.error).toBeUndefined();
		return json(result)[0];
	}

	/** The bookings of the slot's day that hold a place (not cancelled, in the reading's spelling). */
	async function holding(time: string): Promise<ReadRecord[]> {
		const day = time.slice(0, 10);
		const list = await api.list(101, `${day}T00:00:00`, `${day}T23:59:00`);
		return list.filter((r) => api.sandboxState(r) !== 'cancelled');
	}

	async function fill(time: string, count: number): Promise<ReadRecord[]> {
		const made: ReadRecord[] = [];
		for (let i = 0; i < count; i++)
			made.push(await api.create(101, { reservationTime: time, customerName: `Earlier ${i}` }));
		return made;
	}

	it('a slot holding its maxBookingsPerSlot bookings is not bookable; a cancellation frees a place', async () => {
		const time = openSlot(ZONE, 10, '19:00:00');
		const made = await fill(time, MAX_BOOKINGS);
		expect(await holding(time)).toHaveLength(MAX_BOOKINGS);
		const full = await check(time);
		expect(full).toMatchObject({
			restaurantId: 101,
			timeZone: zoneRead,
			time: time.slice(0, 16),
			bookable: false,
			rule: 'slot_fully_booked',
		});
		expect(full.nearestBookableTimes).not.toContain(time.slice(0, 16));
		// The slot named as the API writes a booking's time (offset, Z, milliseconds): the same slot.
		expect(await check(made[0].reservationTime)).toMatchObject({
			time: time.slice(0, 16),
			bookable: false,
			rule: 'slot_fully_booked',
		});

		await api.cancel(101, made[0].id);
		expect(await check(time)).toMatchObject({ bookable: true, rule: null, timeZone: zoneRead });
	});

	it('Create, Check Booking Rules First: 5 callers at once for the last 2 places, 2 booked', async () => {
		const time = openSlot(ZONE, 12, '19:00:00');
		await fill(time, MAX_BOOKINGS - 2);
		await ctx.sandbox.control('PUT', '/latency', { ms: 150 });
		let results: NodeRunResult[];
		try {
			results = await Promise.all(
				Array.from({ length: 5 }, (_, i) =>
					node.run({
						resource: 'reservation',
						operation: 'create',
						reservationTime: time,
						groupSize: 2,
						customerName: `Caller ${i}`,
						checkBookingRules: true,
					}),
				),
			);
		} finally {
			await ctx.sandbox.control('PUT', '/latency', { ms: 0 });
		}
		const booked = results.filter((r) => r.error === undefined);
		const refused = results.filter((r) => r.error !== undefined);
		expect(booked).toHaveLength(2);
		for (const result of refused)
			expect(errorOf(result).message).toMatch(
				new RegExp(`^${time.slice(0, 16).replace('T', ' ')} is fully booked\\.$`),
			);
		const kept = await holding(time);
		expect(kept).toHaveLength(MAX_BOOKINGS);
		for (const result of booked) {
			const [created] = json(result);
			expect(created.stateRole).toBe('booked');
			expect(created[api.stateField]).toBe(api.spelling('confirmed'));
			expect(kept.map((r) => r.id)).toContain(created.id);
		}
	});
});
