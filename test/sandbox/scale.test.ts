/**
 * The sandbox at scale: generated restaurants (`--restaurants`), a start latency (`--latency`), a
 * rate limit (`--rate-limit`) and the most API requests in flight at once.
 */
import { apiClient } from '../support/client';
import { startSandbox, type RunningSandbox } from '../support/sandbox';

const TODAY = '2026-11-22';
const LATENCY_MS = 300;
let many: RunningSandbox;
let again: RunningSandbox;
let limited: RunningSandbox;

beforeAll(async () => {
	[many, again, limited] = await Promise.all([
		startSandbox({ today: TODAY, quiet: true, restaurants: 40, reservations: 30 }),
		startSandbox({ today: TODAY, quiet: true, restaurants: 40, reservations: 30 }),
		// 300 ms: the 8 requests below are all in flight at once even on a loaded machine.
		startSandbox({ today: TODAY, quiet: true, rateLimitPerSecond: 5, latencyMs: LATENCY_MS }),
	]);
}, 90_000);
afterAll(() => Promise.all([many, again, limited].map((s) => s?.stop())));

interface Profile {
	id: number;
	name: string;
	timeZone: string;
}

interface RequestLog {
	total: number;
	maxInFlight: number;
	requests: Array<{ url: string; status: number }>;
}

const requestLog = async (sandbox: RunningSandbox) =>
	(await (await sandbox.control('GET', '/requests')).json()) as RequestLog;

describe('--restaurants N', () => {
	it('serves the three seeded restaurants, then generated ones up to N, in mixed time zones', async () => {
		const restaurants = (await apiClient(many.url)('listRestaurants')).body as Profile[];
		expect(restaurants).toHaveLength(40);
		expect(restaurants.slice(0, 3).map((r) => r.name)).toEqual([
			'Trattoria Aurora',
			'Harbour & Vine',
			'Aurora Kitchen Sydney',
		]);
		expect(restaurants.slice(3).map((r) => r.id)).toEqual(
			Array.from({ length: 37 }, (_, i) => 104 + i),
		);
		expect(new Set(restaurants.map((r) => r.timeZone)).size).toBeGreaterThanOrEqual(10);
		expect(new Set(restaurants.map((r) => r.name)).size).toBe(40);
	});

	it('gives each generated restaurant bookings, a catalog and events, the same for the same options', async () => {
		const [x, y] = [apiClient(many.url), apiClient(again.url)];
		for (const restaurantId of [104, 139]) {
			const path = { restaurantId };
			const query = { includeEvents: true };
			const bookings = (await x('listReservations', { path, query })).body;
			expect(bookings).toHaveLength(30);
			expect((await y('listReservations', { path, query })).body).toEqual(bookings);
			expect((await x('getRestaurant', { path })).body).toEqual(
				(await y('getRestaurant', { path })).body,
			);
			expect((await x('listProducts', { path })).body.total).toBeGreaterThanOrEqual(120);
			expect((await x('listEvents', { path })).body.length).toBeGreaterThan(0);
		}
	});

	it('keeps the default seed as it was, and creates new restaurants after the generated ones', async () => {
		const call = apiClient(many.url);
		const seeded = (await call('getRestaurant', { path: { restaurantId: 102 } })).body as Profile;
		expect([seeded.name, seeded.timeZone]).toEqual(['Harbour & Vine', 'America/New_York']);
		const form = new FormData();
		form.set('name', 'New place');
		form.set('timeZone', 'Europe/Rome');
		const created = await call('createRestaurant', { rawBody: form });
		expect(created.body.id).toBe(141);
		await many.reset();
	});
});

describe('--rate-limit and --latency', () => {
	afterEach(() => limited.reset());

	it('answers 429 with Retry-After beyond the limit, after the latency, and counts requests in flight', async () => {
		const call = apiClient(limited.url);
		const started = Date.now();
		const statuses = await Promise.all(
			Array.from({ length: 8 }, async () => {
				const res = await call('listMenus');
				return [res.status, res.headers.get('retry-after')] as const;
			}),
		);
		expect(Date.now() - started).toBeGreaterThanOrEqual(LATENCY_MS - 5);
		expect(statuses.filter(([status]) => status === 200)).toHaveLength(5);
		expect(statuses.filter(([status]) => status === 429)).toEqual(
			Array.from({ length: 3 }, () => [429, '1']),
		);
		const log = await requestLog(limited);
		expect(log.total).toBe(8);
		expect(log.maxInFlight).toBe(8);
	});

	it('limits API requests only; the control path changes the limit and a reset restores it', async () => {
		for (let i = 0; i < 10; i++) expect((await limited.control('GET', '/health')).status).toBe(200);
		await limited.control('PUT', '/rate-limit', { perSecond: 1 });
		const call = apiClient(limited.url);
		expect((await call('listMenus')).status).toBe(200);
		const refused = await call('listMenus');
		expect([refused.status, refused.body.code]).toEqual([429, 'rate_limited']);
		await limited.reset();
		const health = (await (await limited.control('GET', '/health')).json()) as {
			rateLimitPerSecond: number;
		};
		expect(health.rateLimitPerSecond).toBe(5);
		expect((await call('listMenus')).status).toBe(200);
	});

	it('refills the bucket at the limit: requests a second at the limit all pass', async () => {
		const call = apiClient(limited.url);
		// One request every 200 ms, each sent without waiting for the one before (they take 300 ms).
		const statuses = await Promise.all(
			Array.from({ length: 10 }, async (_, i) => {
				await new Promise((resolve) => setTimeout(resolve, i * 200));
				return (await call('listMenus')).status;
			}),
		);
		expect(statuses.every((status) => status === 200)).toBe(true);
	});
});
