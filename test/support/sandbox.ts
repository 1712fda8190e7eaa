/**
 * The sandbox for tests and benchmarks: the sandbox process (scripts/n8n/sandbox.ts), and a test
 * file's own sandbox, started before and stopped after its tests, with an API client on it.
 */
import { DateTime } from 'luxon';
import { RESTAURANT_SEEDS } from '../../sandbox/seed/restaurants';
import {
	connectSandbox,
	startSandbox,
	startTimeoutMs,
	type RunningSandbox,
	type SandboxOptions,
} from '../../scripts/n8n/sandbox';
import { sharedSandboxUrl } from './sharedSandboxes/registry';
import { apiClient, type ApiCall } from './client';

export { startSandbox, type RunningSandbox };

export interface SandboxContext {
	sandbox: RunningSandbox;
	call: ApiCall;
}

/**
 * This test file's sandbox; its fields are set once `beforeAll` has run. Without options it is
 * the test worker's shared sandbox (./sharedSandboxes/), reset to the seed before the file's
 * tests; with options, or `ownProcess` (to read its output), one started for this file alone.
 */
export function useSandbox(
	options: SandboxOptions & { ownProcess?: boolean } = {},
): SandboxContext {
	const ctx = {} as SandboxContext;
	const { ownProcess, ...startOptions } = options;
	const shared =
		Object.keys(startOptions).length === 0 && !ownProcess ? sharedSandboxUrl() : undefined;
	// Longer than the start's own time limit: a slow start fails with the sandbox's last lines.
	beforeAll(
		async () => {
			if (shared) {
				ctx.sandbox = connectSandbox(shared);
				await ctx.sandbox.reset();
			} else ctx.sandbox = await startSandbox(startOptions);
			ctx.call = apiClient(ctx.sandbox.url);
		},
		startTimeoutMs(startOptions) + 30_000,
	);
	afterAll(async () => {
		await ctx.sandbox?.stop();
	});
	return ctx;
}

/**
 * Reservations to seed per restaurant so that about `volume` fall in a 365-day horizon: the seed
 * spreads a restaurant's reservations over 731 days.
 */
export const seededFor = (volume: number) => Math.round((volume * 731) / 365);

/** Today's date in UTC, the seed's default anchor. */
export function todayUtc(): string {
	return new Date().toISOString().slice(0, 10);
}

/**
 * A time the seeded restaurants' published rules accept from an application (vendor token):
 * restaurant-local, on the first day at least `daysAhead` days ahead (at most 90) that is not a
 * Monday (closed) nor in the winter holidays (24-26 December), at `time` (a 15-minute slot
 * before the last seating).
 */
export function openSlot(timeZone: string, daysAhead: number, time = '12:45:00'): string {
	let day = DateTime.now().setZone(timeZone).startOf('day').plus({ days: daysAhead });
	while (day.weekday === 1 || (day.month === 12 && day.day >= 24 && day.day <= 26))
		day = day.plus({ days: 1 });
	return `${day.toFormat('yyyy-LL-dd')}T${time}`;
}

/** The time zone of each seeded restaurant, by id (101 Berlin, 102 New York, 103 Sydney). */
export const SEEDED_TIME_ZONES: Record<number, string> = Object.fromEntries(
	RESTAURANT_SEEDS.map((seed) => [seed.profile.id, seed.profile.timeZone as string]),
);

/**
 * An open slot `time` (see openSlot) at least `daysAhead` days ahead at the restaurant that has no
 * booking yet.
 */
export async function freeSlotAt(
	ctx: SandboxContext,
	restaurantId: number,
	daysAhead: number,
	time: string,
): Promise<string> {
	for (let extra = 0; ; extra++) {
		const candidate = openSlot(SEEDED_TIME_ZONES[restaurantId], daysAhead + extra, time);
		const day = candidate.slice(0, 10);
		const list = await ctx.call('listReservations', {
			path: { restaurantId },
			query: { from: `${day}T00:00:00`, to: `${day}T23:59:00`, includeEvents: true },
		});
		if (!list.body.some((r: { reservationTime: string }) => r.reservationTime === candidate))
			return candidate;
	}
}
