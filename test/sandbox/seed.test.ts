import { addLocalDays } from '../../nodes/shared/dateWindows';
import { apiClient } from '../support/client';
import { startSandbox, type RunningSandbox } from '../support/sandbox';

const TODAY = '2026-11-22';
let a: RunningSandbox;
let b: RunningSandbox;
let large: RunningSandbox;

beforeAll(async () => {
	[a, b, large] = await Promise.all([
		startSandbox({ today: TODAY, quiet: true }),
		startSandbox({ today: TODAY, quiet: true }),
		startSandbox({ today: TODAY, quiet: true, reservations: 5000 }),
	]);
}, 90_000);
afterAll(() => Promise.all([a, b, large].map((s) => s?.stop())));

describe('deterministic seed', () => {
	it('gives the same data for the same options', async () => {
		for (const operationId of [
			'listReservations',
			'listProducts',
			'listEvents',
			'getRestaurantConfiguration',
		]) {
			const [x, y] = await Promise.all([
				apiClient(a.url)(operationId, { query: { take: 200 } }),
				apiClient(b.url)(operationId, { query: { take: 200 } }),
			]);
			expect(x.body).toEqual(y.body);
		}
	});

	it('seeds every restaurant with a catalog, menus and events in every state', async () => {
		const call = apiClient(a.url);
		for (const restaurantId of [101, 102, 103]) {
			const path = { restaurantId };
			expect((await call('listProductGroups', { path })).body.length).toBeGreaterThanOrEqual(5);
			const products = (await call('listProducts', { path, query: { take: 200 } })).body;
			expect(products.total).toBeGreaterThanOrEqual(120);
			expect(products.items.some((p: { hasModifiers: boolean }) => p.hasModifiers)).toBe(true);
			expect(products.items.some((p: { visible: boolean }) => !p.visible)).toBe(true);
			expect(
				products.items.some(
					(p: { price: number }) => p.price < 0 || Math.round(p.price * 100) !== p.price * 100,
				),
			).toBe(true);
			const menus = (await call('listMenus', { path })).body;
			expect(menus.length).toBeGreaterThanOrEqual(3);
			expect(
				(await call('getMenu', { path: { ...path, menuId: menus[0].id } })).body.sections.length,
			).toBeGreaterThan(0);
			for (const list of ['listActiveEvents', 'listPastEvents', 'listDraftEvents']) {
				expect((await call(list, { path })).body.length).toBeGreaterThan(0);
			}
		}
	});

	it('spreads reservations over a year either side of the anchor day, with event bookings, pending and cancelled ones', async () => {
		const all = (await apiClient(a.url)('listReservations', { query: { includeEvents: true } }))
			.body as Array<{
			reservationTime: string;
			state: string;
			eventId: number | null;
			kind: string;
		}>;
		expect(all).toHaveLength(600);
		const times = all.map((r) => r.reservationTime).sort();
		expect(times[0] < addLocalDays(`${TODAY}T00:00:00`, -300)).toBe(true);
		expect(times.at(-1)! > addLocalDays(`${TODAY}T00:00:00`, 300)).toBe(true);
		expect(all.some((r) => r.eventId !== null)).toBe(true);
		const states = new Set(all.map((r) => r.state));
		for (const state of ['pending', 'confirmed', 'cancelled', 'completed', 'noShow'])
			expect(states).toContain(state);
		expect(new Set(all.map((r) => r.kind))).toEqual(new Set(['reservation', 'walkin', 'waitlist']));
	});

	it('seeds a large volume on request', async () => {
		const res = await apiClient(large.url)('listReservations', {
			path: { restaurantId: 102 },
			query: { includeEvents: true },
		});
		expect(res.body).toHaveLength(5000);
	});
});
