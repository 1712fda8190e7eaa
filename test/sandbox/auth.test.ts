import { TOKENS } from '../support/tokens';
import { useSandbox } from '../support/sandbox';

const ctx = useSandbox();

describe('bearer authentication (spec 5)', () => {
	it.each([
		['no Authorization header', null],
		['an unknown token', 'not-a-real-token'],
	])('answers 401 ProblemDetails for %s', async (_case, token) => {
		const res = await ctx.call('listRestaurants', { token });
		expect(res.status).toBe(401);
		expect(res.headers.get('www-authenticate')).toBe('Bearer');
		expect(res.headers.get('content-type')).toContain('application/problem+json');
		expect(res.body).toMatchObject({ status: 401, code: 'unauthorized', title: 'Unauthorized' });
	});

	it('answers 401 for another scheme than Bearer', async () => {
		const res = await ctx.call('listRestaurants', {
			token: null,
			headers: { authorization: `Basic ${TOKENS.staff}` },
		});
		expect(res.status).toBe(401);
	});

	it('checks the token before the request body', async () => {
		const res = await ctx.call('createReservation', { token: null, body: { groupSize: 'many' } });
		expect(res.status).toBe(401);
	});
});

describe('access per token', () => {
	it('lists only the restaurants each token reaches', async () => {
		const ids = async (token: keyof typeof TOKENS) =>
			(await ctx.call('listRestaurants', { token })).body.map((r: { id: number }) => r.id);
		expect(await ids('staff')).toEqual([101, 102, 103]);
		expect(await ids('partner')).toEqual([101, 102, 103]);
		expect(await ids('vendor')).toEqual([101]);
		expect(await ids('outsider')).toEqual([]);
	});

	it('answers 403 for a restaurant outside the token, the same every time and on every family', async () => {
		const calls = [
			ctx.call('getRestaurant', { token: 'vendor', path: { restaurantId: 102 } }),
			ctx.call('getRestaurant', { token: 'vendor', path: { restaurantId: 102 } }),
			ctx.call('listReservations', {
				token: 'outsider',
				query: { from: '2026-01-01T00:00:00', to: '2026-01-02T00:00:00' },
			}),
			ctx.call('listProducts', { token: 'outsider' }),
			ctx.call('listMenus', { token: 'vendor', path: { restaurantId: 103 } }),
			ctx.call('listEvents', { token: 'outsider' }),
		];
		for (const res of await Promise.all(calls)) {
			expect(res.status).toBe(403);
			expect(res.body.code).toBe('forbidden');
		}
	});

	it('answers 404 for a restaurant that does not exist', async () => {
		const res = await ctx.call('getRestaurant', { path: { restaurantId: 999 } });
		expect(res.status).toBe(404);
		expect(res.body).toMatchObject({
			code: 'restaurant_not_found',
			message: 'Restaurant 999 was not found.',
		});
	});

	it('tells each token who it is (account/me)', async () => {
		const me = async (token: keyof typeof TOKENS) =>
			(await ctx.call('getAccountMe', { token })).body;
		expect(await me('staff')).toMatchObject({
			kind: 'staff',
			scope: 'User',
			userId: 'user-staff-1',
			restaurantIds: [101, 102, 103],
		});
		expect(await me('vendor')).toMatchObject({
			kind: 'vendor',
			scope: 'App',
			applicationId: 'app-sandbox-pos',
			partnerId: 'partner-aurora',
			restaurantIds: [101],
		});
		expect(await me('outsider')).toMatchObject({ restaurantIds: [] });
	});
});
