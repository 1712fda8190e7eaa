/**
 * One path table (nodes/shared/paths.ts) for declarative routing and for code: both give the same
 * path for every entry, and both URL-encode every ID, so an ID with `/`, `?` or a space reaches the
 * resource it names.
 */
import {
	API_PATHS,
	apiPath,
	fillPath,
	routingUrl,
	routingUrlChoice,
	type PathName,
} from '../../nodes/shared/paths';
import { useSandbox } from '../support/sandbox';
import { nodeRunner, restaurant } from '../support/nodeRunner';

/** An ID that needs encoding in a path segment. */
const AWKWARD_ID = 'rsv/101 #1?x=é';

/** Evaluates a routing URL expression (`={{ ... }}`) with the given node parameters. */
function evaluate(url: string, parameters: Record<string, unknown>): string {
	const body = url.replace(/^=\{\{\s*/, '').replace(/\s*\}\}$/, '');
	return new Function('$parameter', `return ${body};`)(parameters) as string;
}

function idsOf(name: PathName): Record<string, string> {
	return Object.fromEntries(
		[...API_PATHS[name].matchAll(/\{(\w+)\}/g)].map(([, id]) => [id, `${id} ${AWKWARD_ID}`]),
	);
}

describe('API paths', () => {
	it('give the same path from the routing path and from code, every ID encoded', () => {
		for (const name of Object.keys(API_PATHS) as PathName[]) {
			const ids = idsOf(name);
			const fromCode = (apiPath as (n: PathName, i: Record<string, string>) => string)(name, ids);
			// The routing path is no expression (n8n would evaluate it per item): its step fills it.
			expect(routingUrl(name).startsWith('=')).toBe(false);
			expect(fillPath(routingUrl(name), (id) => ids[id])).toBe(fromCode);
			for (const value of Object.values(ids)) expect(fromCode).toContain(encodeURIComponent(value));
			expect(fromCode.startsWith('/api/')).toBe(true);
		}
	});

	it('choose a path by a parameter', () => {
		const url = routingUrlChoice('$parameter.list', { all: 'events', past: 'pastEvents' });
		expect(evaluate(url, { list: 'past', restaurantId: 101 })).toBe(
			'/api/core/admin/restaurants/101/events/past',
		);
		expect(evaluate(url, { list: 'all', restaurantId: 101 })).toBe(
			'/api/core/admin/restaurants/101/events',
		);
	});

	it('refuse to build a path with an ID missing', () => {
		expect(() =>
			(apiPath as (n: PathName, i: object) => string)('reservation', { restaurantId: 101 }),
		).toThrow('needs reservationId');
	});
});

describe('IDs that need encoding, through n8n', () => {
	const ctx = useSandbox();
	const node = nodeRunner(ctx);

	it('reach the API encoded, and the API answers for exactly that ID', async () => {
		await ctx.sandbox.control('DELETE', '/requests');
		const result = await node.run({
			resource: 'reservation',
			operation: 'get',
			restaurantId: restaurant(101),
			reservationId: AWKWARD_ID,
		});
		expect(result.error?.message).toMatch(/not found/i);
		const log = (await (await ctx.sandbox.control('GET', '/requests')).json()) as {
			requests: Array<{ method: string; url: string; status: number }>;
		};
		expect(log.requests).toEqual([
			expect.objectContaining({
				method: 'GET',
				url: `/api/rsv/admin/restaurants/101/reservations/${encodeURIComponent(AWKWARD_ID)}`,
				status: 404,
			}),
		]);
	});
});
