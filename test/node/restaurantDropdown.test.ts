/**
 * The Restaurant dropdown of a partner reaching hundreds of restaurants: the editor gets a page at
 * a time, searches narrow the whole list, and the searches and pages after the dropdown opens use
 * the list read when it opened instead of reading it again (nodes/shared/listSearch).
 */
import type { INodeListSearchResult } from 'n8n-workflow';
import { RESTAURANT_PAGE_SIZE } from '../../nodes/shared/listSearch/searchRestaurants';
import { restaurantSeeds } from '../../sandbox/seed';
import { sandboxCredentials } from '../support/credentials';
import { listSearch } from '../support/engine';
import { nodeRunner, nodeType } from '../support/nodeRunner';
import { useSandbox } from '../support/sandbox';
import { TOKENS } from '../support/tokens';

/** The three seeded restaurants and generated ones. */
const RESTAURANTS = 250;
// Restaurants without bookings: the dropdown lists restaurants, and 600 bookings each (150,000)
// made the sandbox's start take over a minute on a loaded machine.
const ctx = useSandbox({ restaurants: RESTAURANTS, reservations: 0 });
const node = nodeRunner(ctx);

const dropdown = (filter?: string, paginationToken?: string) =>
	listSearch({
		nodeType,
		method: 'searchRestaurants',
		parameters: { resource: 'reservation', operation: 'create' },
		credentials: sandboxCredentials(ctx.sandbox.url, TOKENS.staff),
		filter,
		paginationToken,
	});

const listReads = async () =>
	(await node.sandboxRequests()).filter((r) => r.url === '/api/core/admin/restaurants').length;

describe('Restaurant dropdown with many restaurants', () => {
	it('gives the list a page at a time, every restaurant once', async () => {
		const pages: INodeListSearchResult[] = [await dropdown()];
		while (pages.at(-1)!.paginationToken)
			pages.push(await dropdown(undefined, pages.at(-1)!.paginationToken));
		expect(pages.map((p) => p.results.length)).toEqual([
			RESTAURANT_PAGE_SIZE,
			RESTAURANT_PAGE_SIZE,
			RESTAURANTS - 2 * RESTAURANT_PAGE_SIZE,
		]);
		const ids = pages.flatMap((p) => p.results.map((r) => r.value));
		expect(new Set(ids).size).toBe(RESTAURANTS);
		expect(ids.slice(0, 4)).toEqual(['101', '102', '103', '104']);
	});

	it('searches the whole list, not only the page shown', async () => {
		const last = restaurantSeeds(RESTAURANTS).at(-1)!;
		const found = await dropdown(last.profile.name);
		expect(found.results).toContainEqual(
			expect.objectContaining({ value: String(last.profile.id) }),
		);
		expect((await dropdown(String(last.profile.id))).results.map((r) => r.value)).toContain(
			String(last.profile.id),
		);
		expect((await dropdown('no restaurant is called this')).results).toEqual([]);
	});

	it('reads the list when the dropdown opens, and not again for its searches and pages', async () => {
		await node.sandboxRequests();
		const opened = await dropdown();
		await dropdown(undefined, opened.paginationToken);
		await dropdown('a');
		await dropdown('au');
		expect(await listReads()).toBe(1);
		await dropdown();
		expect(await listReads()).toBe(1);
	});
});
