/**
 * What the tests of a trigger over many restaurants share (./concurrency, ./partialPolls,
 * ./restaurantFailures .test.ts): the sandbox's generated restaurants and their time zones, a
 * booking in one of them, the sandbox's request log, and the trigger's stored entry per restaurant.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import type { SandboxContext } from '../support/sandbox';
import { localDay, type Trigger } from './support';

/** Every accessible restaurant, 30 days ahead (one request each); `extra` adds or overrides. */
export const allRestaurants = (extra: INodeParameters = {}): INodeParameters => ({
	restaurants: 'all',
	lookBackDays: 1,
	lookAheadDays: 30,
	...extra,
});

/** The sandbox's restaurants: ID to time zone. */
export async function restaurantZones(ctx: SandboxContext): Promise<Map<number, string>> {
	const { body } = await ctx.call('listRestaurants');
	return new Map((body as Array<{ id: number; timeZone: string }>).map((r) => [r.id, r.timeZone]));
}

/** A new booking `days` ahead in a restaurant, made by its staff. */
export async function book(
	ctx: SandboxContext,
	zones: Map<number, string>,
	restaurantId: number,
	days = 5,
): Promise<{ id: string }> {
	const response = await ctx.call('createReservation', {
		path: { restaurantId },
		body: {
			reservationTime: localDay(zones.get(restaurantId)!, days),
			groupSize: 2,
			customerName: `Guest of ${restaurantId}`,
		},
	});
	expect(response.status).toBe(201);
	return response.body as { id: string };
}

export interface SandboxLog {
	total: number;
	maxInFlight: number;
	requests: Array<{ method: string; url: string; status: number; at: number }>;
}

/** The sandbox's log of API requests (with times) and the most in flight at once. */
export async function sandboxLog(ctx: SandboxContext): Promise<SandboxLog> {
	return (await (await ctx.sandbox.control('GET', '/requests?times=true')).json()) as SandboxLog;
}

/** One restaurant as the trigger stores it (state/storedState.ts). */
export interface StoredEntry {
	z: string;
	s?: string;
	/** Last polled, epoch seconds. */
	p?: number;
	/** Failed polls in a row. */
	e?: number;
}

/** The trigger's stored entries by restaurant ID, and when it last looked the restaurants up. */
export function storedEntries(trigger: Trigger): {
	at: number;
	restaurants: Record<string, StoredEntry>;
} {
	const state = (trigger.state ?? {}) as IDataObject;
	return {
		at: state.at as number,
		restaurants: structuredClone((state.r ?? {}) as Record<string, StoredEntry>),
	};
}

/** The restaurants in the order the next poll takes them: never listed first, then least recently polled, then by ID. */
export function pollOrder(restaurants: Record<string, StoredEntry>): number[] {
	const polledAt = (entry: StoredEntry) =>
		entry.s === undefined ? Number.NEGATIVE_INFINITY : (entry.p ?? 0);
	return Object.entries(restaurants)
		.sort(([a, x], [b, y]) => polledAt(x) - polledAt(y) || Number(a) - Number(b))
		.map(([id]) => Number(id));
}
