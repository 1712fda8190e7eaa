import { useSandbox } from '../support/sandbox';

const ctx = useSandbox({ ownProcess: true });

afterEach(() => ctx.sandbox.reset());

describe('fault injection (control path only)', () => {
	it('fails the next N API requests with 500 or 503, then serves again', async () => {
		await ctx.sandbox.control('POST', '/faults', { status: 503, count: 2 });
		const statuses = [];
		for (let i = 0; i < 3; i++) statuses.push((await ctx.call('listMenus')).status);
		expect(statuses).toEqual([503, 503, 200]);
		await ctx.sandbox.control('POST', '/faults', { status: 500, count: 1 });
		const res = await ctx.call('listMenus');
		expect(res.status).toBe(500);
		expect(res.body.code).toBe('injected_server_error');
	});

	it('answers 429 with Retry-After', async () => {
		await ctx.sandbox.control('POST', '/faults', { status: 429, count: 1, retryAfterSeconds: 7 });
		const res = await ctx.call('listRestaurants');
		expect(res.status).toBe(429);
		expect(res.headers.get('retry-after')).toBe('7');
		expect(res.body.code).toBe('rate_limited');
	});

	it('answers 404 as the API does for a record deleted just before the request', async () => {
		await ctx.sandbox.control('POST', '/faults', {
			status: 404,
			count: 1,
			pathContains: '/events/',
		});
		const [event] = (await ctx.call('listEvents', { path: { restaurantId: 101 } })).body;
		const path = { restaurantId: 101, eventId: event.id };
		const gone = await ctx.call('getEvent', { path });
		expect([gone.status, gone.body.code]).toEqual([404, 'not_found']);
		expect((await ctx.call('getEvent', { path })).status).toBe(200);
	});

	it('lets some requests pass first and matches by path', async () => {
		await ctx.sandbox.control('POST', '/faults', {
			status: 500,
			count: 1,
			after: 2,
			pathContains: '/reservations',
		});
		expect((await ctx.call('listMenus')).status).toBe(200);
		const statuses = [];
		for (let i = 0; i < 4; i++)
			statuses.push((await ctx.call('listReservations', { path: { restaurantId: 102 } })).status);
		expect(statuses).toEqual([200, 200, 500, 200]);
	});

	it('adds latency', async () => {
		await ctx.sandbox.control('PUT', '/latency', { ms: 300 });
		const start = Date.now();
		await ctx.call('listMenus');
		expect(Date.now() - start).toBeGreaterThanOrEqual(290);
	});

	it('counts API requests and resets the store to the seed', async () => {
		await ctx.call('createProductGroup', { body: { name: 'Temporary' } });
		expect(
			((await (await ctx.sandbox.control('GET', '/requests')).json()) as { total: number }).total,
		).toBe(1);
		await ctx.sandbox.reset();
		const groups = (await ctx.call('listProductGroups')).body.map((g: { name: string }) => g.name);
		expect(groups).not.toContain('Temporary');
	});

	it('is not reachable under /api and refuses unknown fault kinds', async () => {
		expect((await fetch(`${ctx.sandbox.url}/api/__sandbox/reset`, { method: 'POST' })).status).toBe(
			404,
		);
		expect((await ctx.sandbox.control('POST', '/faults', { status: 418, count: 1 })).status).toBe(
			400,
		);
	});

	it('logs one line per request and never the token', async () => {
		await ctx.call('listMenus');
		await ctx.call('listMenus', { token: 'leaky-secret-token' });
		await new Promise((resolve) => setTimeout(resolve, 100));
		const log = ctx.sandbox.output.join('\n');
		expect(log).toMatch(/GET \/api\/core\/admin\/restaurants\/101\/menu 200/);
		expect(log).toMatch(/GET \/api\/core\/admin\/restaurants\/101\/menu 401/);
		expect(log).not.toMatch(/sandbox-staff-token|leaky-secret-token/);
	});
});
