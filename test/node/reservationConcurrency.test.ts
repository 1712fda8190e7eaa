/**
 * Check Booking Rules First when several callers book the last places of a slot at the same
 * moment (issue 23): N executions of the node run at once through n8n's engine against the
 * sandbox, as N guests calling an AI desk together would make them. The sandbox delays every
 * answer, so that every caller's check reads the slot before any of them has booked: without the
 * read-back after writing all N would be booked (tried: with the read-back left out, every caller
 * was booked). Checked in the sandbox afterwards.
 */
import { OVERBOOKING_NOTE } from '../../nodes/RestaurantReservations/resources/reservation/helpers/slotGuard';
import { errorOf, json } from '../support/nodeResults';
import { nodeRunner, restaurant, type NodeRunResult } from '../support/nodeRunner';
import { freeSlotAt, useSandbox } from '../support/sandbox';
import { TOKENS } from '../support/tokens';

const ctx = useSandbox();
const node = nodeRunner(ctx);
/** Restaurant 101's published slot limits (sandbox/seed/restaurants.ts). */
const MAX_BOOKINGS = 6;
const MAX_COVERS = 30;
/** Each test takes slots of its own days, so that they never meet. */
let nextDay = 20;

interface SlotBooking {
	id: string;
	reservationTime: string;
	groupSize: number;
	state: string;
	details: { cancelNote: string | null };
}

async function slotBookings(time: string): Promise<SlotBooking[]> {
	const list = await ctx.call('listReservations', {
		query: { from: time, to: `${time.slice(0, 14)}59:59`, includeEvents: true },
	});
	return (list.body as SlotBooking[]).filter((r) => r.reservationTime === time);
}

const holding = (bookings: SlotBooking[]) => bookings.filter((b) => b.state !== 'cancelled');

/** A free slot with `count` bookings of `partySize` made by staff (the places already taken). */
async function slotWith(count: number, partySize = 2): Promise<string> {
	const time = await freeSlotAt(ctx, 101, nextDay, '19:00:00');
	nextDay += 2;
	for (let i = 0; i < count; i++)
		await ctx.call('createReservation', {
			body: { reservationTime: time, groupSize: partySize, customerName: `Earlier ${i}` },
		});
	return time;
}

function createAtOnce(
	time: string,
	callers: number,
	partySize: number,
	token: string,
): Promise<NodeRunResult[]> {
	return Promise.all(
		Array.from({ length: callers }, (_, i) =>
			node.run(
				{
					resource: 'reservation',
					operation: 'create',
					restaurantId: restaurant(101),
					reservationTime: time,
					groupSize: partySize,
					customerName: `Caller ${i}`,
					checkBookingRules: true,
				},
				{ token },
			),
		),
	);
}

async function withLatency<T>(ms: number, run: () => Promise<T>): Promise<T> {
	await ctx.sandbox.control('PUT', '/latency', { ms });
	try {
		return await run();
	} finally {
		await ctx.sandbox.control('PUT', '/latency', { ms: 0 });
	}
}

/** Refused as if the slot had been full before the call: by bookings or, for larger parties, by covers. */
function expectSlotFullRefusals(refused: NodeRunResult[], time: string): void {
	const shown = time.slice(0, 16).replace('T', ' ');
	for (const result of refused) {
		const error = errorOf(result);
		expect(error.message).toMatch(
			new RegExp(`^${shown} (is fully booked|has room for \\d+ more guests?, not \\d+)\\.$`),
		);
		expect(error.description).toMatch(/\(rule slot_(fully_booked|covers_full)\)/);
		expect(error.description).toMatch(/Nearest bookable times \(restaurant time, Europe\/Berlin\)/);
	}
}

describe.each([
	['a staff token (the server books beyond the online rules)', TOKENS.staff],
	['an application token (the server enforces the rules too)', TOKENS.vendor],
])('Create, Check Booking Rules First, N callers at once, %s', (_name, token) => {
	it.each([
		[2, 1],
		[5, 1],
		[5, 2],
		[10, 3],
	])('%i callers for the last %i places: exactly those places booked', async (callers, places) => {
		const time = await slotWith(MAX_BOOKINGS - places);
		const results = await withLatency(150, () => createAtOnce(time, callers, 2, token));
		const booked = results.filter((r) => r.error === undefined);
		const refused = results.filter((r) => r.error !== undefined);
		expect(booked).toHaveLength(Math.min(callers, places));
		expectSlotFullRefusals(refused, time);
		const slot = await slotBookings(time);
		expect(holding(slot)).toHaveLength(MAX_BOOKINGS);
		expect(holding(slot).map((b) => b.id)).toEqual(
			expect.arrayContaining(booked.map((r) => json(r)[0].id)),
		);
		// Nothing left behind: a booking the check made beyond the limit is cancelled, and says why.
		for (const cancelled of slot.filter((b) => b.state === 'cancelled'))
			expect(cancelled.details.cancelNote).toBe(OVERBOOKING_NOTE);
	});
});

describe('Create, Check Booking Rules First, covers per slot', () => {
	it('callers whose parties together pass the covers limit: the first that fit are kept', async () => {
		// 4 bookings of 6 = 24 covers of 30: room for one party of 4, not two.
		const time = await slotWith(4, 6);
		const results = await withLatency(150, () => createAtOnce(time, 4, 4, TOKENS.staff));
		const booked = results.filter((r) => r.error === undefined);
		expect(booked).toHaveLength(1);
		expectSlotFullRefusals(
			results.filter((r) => r.error !== undefined),
			time,
		);
		const covers = holding(await slotBookings(time)).reduce((sum, b) => sum + b.groupSize, 0);
		expect(covers).toBe(28);
		expect(covers).toBeLessThanOrEqual(MAX_COVERS);
	});
});

describe('Update, Check Booking Rules First, moves into the last place at once', () => {
	it('3 moves for 1 place: one moved, the others undone and refused', async () => {
		const target = await slotWith(MAX_BOOKINGS - 1);
		const origin = await slotWith(3);
		const moving = await slotBookings(origin);
		const results = await withLatency(150, () =>
			Promise.all(
				moving.map((booking) =>
					node.run({
						resource: 'reservation',
						operation: 'update',
						restaurantId: restaurant(101),
						reservationId: booking.id,
						updateFields: { reservationTime: target },
						checkBookingRules: true,
					}),
				),
			),
		);
		const moved = results.filter((r) => r.error === undefined);
		const refused = results.filter((r) => r.error !== undefined);
		// Each counts itself after every other booking of the slot: never beyond the limit, and
		// at most one of the racing moves keeps the place.
		expect(moved.length).toBeLessThanOrEqual(1);
		expect(holding(await slotBookings(target)).length).toBeLessThanOrEqual(MAX_BOOKINGS);
		for (const result of refused)
			expect(errorOf(result).description).toContain('the change was undone');
		expect(holding(await slotBookings(origin))).toHaveLength(3 - moved.length);
	});
});

describe('The cost of the check', () => {
	it('a kept booking costs one list request more than the check before sending', async () => {
		const time = await slotWith(0);
		const [result] = await createAtOnce(time, 1, 2, TOKENS.staff);
		expect(result.error).toBeUndefined();
		const lists = result.requests.filter(
			(r) => r.method === 'GET' && /\/reservations\?/.test(r.url),
		);
		// One for the rules' check before sending (the days around the time), one for the slot after.
		expect(lists).toHaveLength(2);
		expect(result.requests.filter((r) => r.method !== 'GET')).toHaveLength(1);
	});
});
