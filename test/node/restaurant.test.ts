import { json } from '../support/nodeResults';
import { nodeRunner, restaurant } from '../support/nodeRunner';
import { useSandbox } from '../support/sandbox';

const ctx = useSandbox();
const node = nodeRunner(ctx);
const base = { resource: 'restaurant' };

describe('Restaurant resource', () => {
	it('lists the restaurants of the token, simplified, with Limit', async () => {
		const all = await node.run({ ...base, operation: 'getAll', returnAll: true });
		expect(json(all).map((r) => r.id)).toEqual([101, 102, 103]);
		expect(Object.keys(json(all)[0]).sort()).toEqual([
			'address',
			'city',
			'country',
			'id',
			'name',
			'parentRestaurantId',
			'phone',
			'timeZone',
			'type',
		]);
		const one = await node.run({ ...base, operation: 'getAll', returnAll: false, limit: 1 });
		expect(json(one)).toHaveLength(1);
		const vendor = await node.run(
			{ ...base, operation: 'getAll', returnAll: true },
			{ token: 'sandbox-vendor-token' },
		);
		expect(json(vendor).map((r) => r.id)).toEqual([101]);
	});

	it('gets a restaurant, full with Simplify off, and explains a restaurant outside the token', async () => {
		const full = await node.run({
			...base,
			operation: 'get',
			restaurantId: restaurant(103),
			simplify: false,
		});
		expect(json(full)[0]).toMatchObject({
			id: 103,
			timeZone: 'Australia/Sydney',
			parentRestaurantId: 101,
			settings: expect.any(Object),
		});
		const byId = await node.run({
			...base,
			operation: 'get',
			restaurantId: { __rl: true, mode: 'id', value: '102' },
		});
		expect(json(byId)[0].name).toBe('Harbour & Vine');
		const denied = await node.run(
			{ ...base, operation: 'get', restaurantId: restaurant(102) },
			{ token: 'sandbox-vendor-token' },
		);
		expect(denied.error?.message).toBe(
			'Access denied: the access token may not use this restaurant or operation (HTTP 403)',
		);
		const missing = await node.run({ ...base, operation: 'get', restaurantId: restaurant(999) });
		expect(missing.error?.message).toBe('Not found: Restaurant 999 was not found.');
	});

	it('searches restaurants', async () => {
		const found = await node.run({ ...base, operation: 'search', query: 'york', returnAll: true });
		expect(json(found).map((r) => r.id)).toEqual([102]);
	});

	it.each([
		['getSettings', (b: Record<string, any>) => expect(b.openingHours).toHaveLength(7)],
		[
			'getConfiguration',
			(b: Record<string, any>) =>
				expect(b.reservationSettings.cancellationOptions.length).toBeGreaterThan(0),
		],
		[
			'getOnboardingStatus',
			(b: Record<string, any>) => expect(b).toMatchObject({ restaurantId: 101, completed: true }),
		],
		[
			'getCompany',
			(b: Record<string, any>) =>
				expect(b.restaurants.map((r: { id: number }) => r.id)).toEqual([101, 103]),
		],
	])('%s returns the record and fails for an outsider', async (operation, check) => {
		const ok = await node.run({ ...base, operation, restaurantId: restaurant(101) });
		expect(ok.error).toBeUndefined();
		check(json(ok)[0]);
		const denied = await node.run(
			{ ...base, operation, restaurantId: restaurant(101) },
			{ token: 'sandbox-outsider-token' },
		);
		expect(denied.error?.message).toContain('HTTP 403');
	});

	it('gets the account of the token, and explains a wrong base URL', async () => {
		const me = await node.run(
			{ ...base, operation: 'getAccount' },
			{ token: 'sandbox-vendor-token' },
		);
		expect(json(me)[0]).toMatchObject({ kind: 'vendor', scope: 'App', restaurantIds: [101] });
		const wrongUrl = await node.run(
			{ ...base, operation: 'getAccount' },
			{ baseUrl: `${ctx.sandbox.url}/somewhere/api/x` },
		);
		expect(wrongUrl.error?.message).toMatch(/^Not found/);
	});

	it('reads the change log page by page and a booking audit', async () => {
		for (let i = 0; i < 5; i++)
			await ctx.call('createProductGroup', { body: { name: `Logged ${i}` } });
		const log = await node.run({
			...base,
			operation: 'getAuditLog',
			restaurantId: restaurant(101),
			returnAll: true,
		});
		expect(json(log).map((e) => e.action)).toEqual([
			'created',
			'created',
			'created',
			'created',
			'created',
		]);
		const two = await node.run({
			...base,
			operation: 'getAuditLog',
			restaurantId: restaurant(101),
			returnAll: false,
			limit: 2,
		});
		expect(json(two)).toHaveLength(2);
		const audit = await node.run({
			...base,
			operation: 'getBookingAudit',
			restaurantId: restaurant(101),
			bookingId: 'rsv-101-000001',
		});
		expect(json(audit)[0]).toMatchObject({ bookingId: 'rsv-101-000001', entries: [] });
		const unknown = await node.run({
			...base,
			operation: 'getBookingAudit',
			restaurantId: restaurant(101),
			bookingId: 'nope',
		});
		expect(unknown.error?.message).toBe('Not found: Booking nope was not found.');
	});

	it.each(['getAll', 'search', 'getAccount', 'getAuditLog', 'getBookingAudit', 'get'])(
		'%s explains a rejected access token without showing it',
		async (operation) => {
			const result = await node.run(
				{
					...base,
					operation,
					restaurantId: restaurant(101),
					query: 'a',
					bookingId: 'x',
					returnAll: true,
				},
				{ token: 'revoked-token-42' },
			);
			expect(result.error?.message).toBe(
				'Authorization failed: the API did not accept the access token (HTTP 401)',
			);
			expect(result.error?.description).toContain('Check the Access Token');
		},
	);

	it('lists restaurants for the locator, filtered by name or city', async () => {
		expect((await node.listSearch('searchRestaurants')).results.map((r) => r.value)).toEqual([
			'101',
			'102',
			'103',
		]);
		expect((await node.listSearch('searchRestaurants', 'sydney')).results).toEqual([
			{ name: 'Aurora Kitchen Sydney (Sydney)', value: '103' },
		]);
		await expect(
			node.listSearch('searchRestaurants', undefined, { token: 'bad-token-xyz' }),
		).rejects.toThrow('Authorization failed');
	});
});
