import { addLocalDays } from '../../nodes/shared/dateWindows';
import { json } from '../support/nodeResults';
import { nodeRunner, restaurant } from '../support/nodeRunner';
import { todayUtc, useSandbox } from '../support/sandbox';

const ctx = useSandbox();
const node = nodeRunner(ctx);
// Beyond the seeded year, so that these tests see only their own reservations.
const day = (offset: number, time = '19:00:00') =>
	`${addLocalDays(`${todayUtc()}T00:00:00`, 700 + offset).slice(0, 10)}T${time}`;
const base = { resource: 'reservation', restaurantId: restaurant(101) };

/** Create for Node Guest, 2 people on day 0, with `extra`. */
const runCreate = (extra: Record<string, unknown> = {}) =>
	node.run({
		...base,
		operation: 'create',
		reservationTime: day(0),
		groupSize: 2,
		customerName: 'Node Guest',
		...extra,
	});

async function createOne(extra: Record<string, unknown> = {}) {
	const result = await runCreate(extra);
	expect(result.error).toBeUndefined();
	return json(result)[0];
}

describe('Reservation: Create', () => {
	it('books a table with guest profile, wishes and an order, and returns the simplified booking', async () => {
		const result = await node.run({
			...base,
			operation: 'create',
			reservationTime: day(1, '20:00:00'),
			groupSize: 3,
			customerName: 'Anna Schmidt',
			additionalFields: {
				phone: '+49 30 555',
				email: 'anna@example.com',
				specialRequests: 'Window',
				deliveryType: 'takeaway',
			},
			customerProfile: { allergy: 'nuts, gluten', vip: true },
			additionals: { highChair: true },
			orderLines: {
				line: [{ productId: 'prd-101-pasta-01', amount: 2, modifiers: ['mod-101-truffle'] }],
			},
			orderOptions: { tips: 3, note: 'Extra napkins' },
		});
		expect(result.error).toBeUndefined();
		const [booking] = json(result);
		expect(booking).toMatchObject({
			reservationTime: day(1, '20:00:00'),
			groupSize: 3,
			customerName: 'Anna Schmidt',
			state: 'confirmed',
		});
		expect(Object.keys(booking)).not.toContain('order');
		const stored = (
			await ctx.call('getReservation', { path: { reservationId: booking.id as string } })
		).body;
		expect(stored.customerProfile).toMatchObject({ allergy: ['nuts', 'gluten'], vip: true });
		expect(stored.additionals).toMatchObject({ highChair: true });
		expect(stored.order).toMatchObject({
			tips: 3,
			note: 'Extra napkins',
			orderItems: [
				{
					productId: 'prd-101-pasta-01',
					amount: 2,
					modifiers: [{ productId: 'mod-101-truffle', amount: 1 }],
				},
			],
		});
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
	});

	it('converts a time with an offset to the restaurant-local time', async () => {
		const result = await node.run({
			...base,
			restaurantId: restaurant(102),
			operation: 'create',
			reservationTime: `${day(2, '23:30:00')}Z`,
			groupSize: 2,
			customerName: 'Node Guest',
		});
		// New York is 4 or 5 hours behind UTC.
		expect([day(2, '18:30:00'), day(2, '19:30:00')]).toContain(
			result.items[0].json.reservationTime,
		);
	});

	it('returns the full booking with Simplify off', async () => {
		const booking = await createOne({ simplify: false });
		expect(booking).toHaveProperty('createdOnBehalfOf');
		expect(booking).toHaveProperty('details');
	});

	it('refuses a negative order amount or negative tips before sending anything', async () => {
		await ctx.sandbox.control('DELETE', '/requests');
		for (const [orderLines, orderOptions, text] of [
			[
				{ line: [{ productId: 'prd-101-pasta-01', amount: -1, modifiers: [] }] },
				{},
				'order.orderItems[0].amount is -1: it must not be below 0',
			],
			[{ line: [] }, { tips: -2 }, 'order.tips is -2: it must not be below 0'],
		] as const) {
			const result = await runCreate({ reservationTime: day(3), orderLines, orderOptions });
			expect(result.error?.message).toBe(
				`Order not sent: ${text} (${text.includes('tips') ? 'invalid_amount' : 'invalid_quantity'})`,
			);
			expect(result.error?.description).toContain('Nothing was sent');
		}
		const log = (await (await ctx.sandbox.control('GET', '/requests')).json()) as {
			requests: Array<{ method: string }>;
		};
		expect(log.requests.filter((r) => r.method === 'POST')).toEqual([]);
	});

	it("surfaces the server's message and code when it rejects an order", async () => {
		const result = await runCreate({
			reservationTime: day(3),
			orderLines: { line: [{ productId: 'prd-101-mains-01', amount: 10000000, modifiers: [] }] },
		});
		expect(result.error?.message).toContain('must not be above 21474836.47');
		expect(result.error?.description).toContain('Code: amount_too_large.');
		expect(result.error?.httpCode).toBe('400');
	});

	it('refuses a time that is not a date', async () => {
		const result = await runCreate({ reservationTime: 'next friday' });
		expect(result.error?.message).toBe('Reservation Time "next friday" is not a date and time');
	});
});

describe('Reservation: Get, Update, Cancel', () => {
	it('gets one reservation, and says clearly when it does not exist', async () => {
		const created = await createOne();
		const got = await node.run({ ...base, operation: 'get', reservationId: created.id });
		expect(json(got)).toEqual([created]);
		const missing = await node.run({ ...base, operation: 'get', reservationId: 'rsv-101-nope' });
		expect(missing.error?.message).toBe('Not found: Reservation rsv-101-nope was not found.');
		expect(missing.error?.description).toContain('Check the ID');
	});

	it('updates only the fields set', async () => {
		const created = await createOne({ additionalFields: { specialRequests: 'Quiet' } });
		const result = await node.run({
			...base,
			operation: 'update',
			reservationId: created.id,
			updateFields: { groupSize: 5, tableNumber: '7' },
		});
		expect(result.items[0].json).toMatchObject({
			groupSize: 5,
			tableNumber: '7',
			specialRequests: 'Quiet',
			customerName: 'Node Guest',
		});
		const nothing = await node.run({
			...base,
			operation: 'update',
			reservationId: created.id,
			updateFields: {},
		});
		expect(nothing.error?.message).toContain('Nothing to update');
	});

	it('cancels with a reason from the configuration, and reports a second cancel', async () => {
		const created = await createOne();
		const result = await node.run({
			...base,
			operation: 'cancel',
			reservationId: created.id,
			cancelOptionName: 'Guest request',
			note: 'Ill',
			doNotChargeFee: true,
			simplify: false,
		});
		expect(result.items[0].json).toMatchObject({
			state: 'cancelled',
			doNotChargeFee: true,
			details: { cancelOptionName: 'Guest request', cancelNote: 'Ill' },
		});
		const again = await node.run({
			...base,
			operation: 'cancel',
			reservationId: created.id,
			cancelOptionName: '',
			note: '',
			doNotChargeFee: false,
		});
		expect(again.error?.message).toBe(`Reservation ${created.id} is already cancelled.`);
		expect(again.error?.description).toContain('Code: already_cancelled.');
	});

	it('loads the cancellation reasons of the restaurant, the default first', async () => {
		const reasons = await node.loadOptions('getCancellationReasons', {
			...base,
			operation: 'cancel',
		});
		expect(reasons[0]).toEqual({
			name: 'Guest request (default)',
			value: 'Guest request',
			description: 'The guest asked to cancel.',
		});
		expect(reasons.map((r) => r.value)).toEqual([
			'Guest request',
			'No-show',
			'Restaurant closed',
			'Duplicate booking',
		]);
	});
});

describe('Reservation: Get Many over any period', () => {
	/** Get Many from day 100 to day 465 (a year), with these parameters. */
	const overAYear = (parameters: Record<string, unknown>) => ({
		...base,
		operation: 'getAll',
		from: day(100, '00:00:00'),
		to: day(465, '00:00:00'),
		...parameters,
	});

	beforeAll(async () => {
		for (const offset of [100, 159, 160, 161, 250, 400])
			await createOne({ reservationTime: day(offset, '12:00:00') });
	});

	it('splits a long period into 60-day windows, merges them and drops nothing', async () => {
		const result = await node.run(overAYear({ returnAll: true }));
		expect(result.error).toBeUndefined();
		const lists = result.requests.filter((r) => r.url.includes('/reservations?'));
		expect(lists).toHaveLength(Math.ceil(365 / 60));
		// And one read of the restaurant's time zone, which every reservation carries.
		expect(result.requests).toHaveLength(lists.length + 1);
		expect(json(result)[0].timeZone).toBe('Europe/Berlin');
		expect(json(result).map((r) => r.reservationTime)).toEqual(
			[100, 159, 160, 161, 250, 400].map((o) => day(o, '12:00:00')),
		);
		// Every window respects the App-scope limit, so a vendor token works the same.
		const vendor = await node.run(overAYear({ returnAll: true }), {
			token: 'sandbox-vendor-token',
		});
		expect(vendor.error).toBeUndefined();
	});

	it('honours Limit and the filters, and says when Limit cut the list', async () => {
		const limited = await node.run(overAYear({ returnAll: false, limit: 2 }));
		expect(json(limited)).toHaveLength(2);
		for (const item of json(limited))
			expect(item.listCutAtLimit).toBe(
				'Showing 2 of 6: raise Limit or turn on Return All for the rest.',
			);
		const whole = await node.run(overAYear({ returnAll: false, limit: 6 }));
		expect(json(whole)).toHaveLength(6);
		expect(json(whole).some((item) => 'listCutAtLimit' in item)).toBe(false);
		const none = await node.run(overAYear({ returnAll: true, filters: { status: 'cancelled' } }));
		expect(json(none)).toEqual([]);
	});

	it('refuses an empty period', async () => {
		const result = await node.run({
			...base,
			operation: 'getAll',
			from: day(5),
			to: day(4),
			returnAll: true,
		});
		expect(result.error?.message).toBe(`To (${day(4)}) must be after From (${day(5)})`);
	});
});

describe('errors and access', () => {
	it('explains a wrong token and a restaurant outside the token, without the token', async () => {
		const wrong = await node.run(
			{ ...base, operation: 'get', reservationId: 'x' },
			{ token: 'wrong-token-123' },
		);
		expect(wrong.error?.message).toBe(
			'Authorization failed: the API did not accept the access token (HTTP 401)',
		);
		const outsider = await node.run(
			{ ...base, operation: 'get', reservationId: 'x' },
			{ token: 'sandbox-outsider-token' },
		);
		expect(outsider.error?.message).toBe(
			'Access denied: the access token may not use this restaurant or operation (HTTP 403)',
		);
	});

	it('explains 429 and 5xx', async () => {
		await ctx.sandbox.control('POST', '/faults', { status: 429, count: 1, retryAfterSeconds: 9 });
		const limited = await node.run({ ...base, operation: 'get', reservationId: 'x' });
		expect(limited.error?.message).toBe('Too many requests: the API asks to slow down (HTTP 429)');
		expect(limited.error?.description).toContain('Retry after 9 seconds.');
		await ctx.sandbox.control('POST', '/faults', { status: 503, count: 1 });
		const down = await node.run({ ...base, operation: 'get', reservationId: 'x' });
		expect(down.error?.message).toBe('The restaurant platform failed to answer (HTTP 503)');
	});

	it('with Continue On Fail, turns a failing item into an error item and goes on', async () => {
		const created = await createOne();
		const result = await node.run(
			{ ...base, operation: 'get', reservationId: '={{ $json.id }}' },
			{ continueOnFail: true, inputItems: [{ id: 'rsv-101-nope' }, { id: created.id as string }] },
		);
		expect(result.items).toHaveLength(2);
		expect(result.items[0].json.error).toBe('Not found: Reservation rsv-101-nope was not found.');
		expect(result.items[1].json.id).toBe(created.id);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});
});
