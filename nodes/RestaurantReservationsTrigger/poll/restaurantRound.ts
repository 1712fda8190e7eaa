/**
 * One poll's pass over its restaurants: least recently polled first, several at a time (the
 * requests themselves keep to the poll's limit, ../api/pacing), each listed and compared as soon as
 * its answers arrive. A restaurant is started only while the time left looks enough for it (the
 * longest one so far); what the budget cuts off, or never starts, is left for the next poll, and a
 * restaurant whose requests fail is one failure, not the poll's.
 */
import { ranOutOfTime, remainingMs } from '../api/requests';
import type { RestaurantEntry } from '../state/storedState';
import type { Compared, Listing, PollClock, Restaurant } from '../types';

export interface Listed {
	listing: Listing;
	compared: Compared;
}

export type RestaurantOutcome =
	| ({ kind: 'listed'; restaurant: Restaurant } & Listed)
	| { kind: 'failed'; restaurant: Restaurant; error: Error }
	/** Not started, or cut off, for lack of time; `error` when cut off. */
	| { kind: 'notReached'; restaurant: Restaurant; error?: Error };

/** The restaurants in the order a poll takes them: never listed first, then by the last poll that listed them, then by ID. */
export function leastRecentlyPolledFirst(
	restaurants: readonly Restaurant[],
	entries: Readonly<Record<string, RestaurantEntry>> | undefined,
): Restaurant[] {
	const polledAt = (r: Restaurant) => {
		const entry = entries?.[r.key];
		return entry?.snapshot ? (entry.polledAt ?? 0) : Number.NEGATIVE_INFINITY;
	};
	// A stable sort: restaurants polled at the same time keep their ID order.
	return [...restaurants].sort((a, b) => polledAt(a) - polledAt(b));
}

/** Lists and compares each restaurant with `listOne`, within the poll's budget; one outcome per restaurant, in the order given. */
export async function pollRestaurants(
	restaurants: readonly Restaurant[],
	listOne: (restaurant: Restaurant) => Promise<Listed>,
	clock: PollClock,
): Promise<RestaurantOutcome[]> {
	const outcomes = new Array<RestaurantOutcome>(restaurants.length);
	let next = 0;
	let longestMs = 0;
	let outOfTime = false;
	const worker = async () => {
		while (next < restaurants.length) {
			const index = next++;
			const restaurant = restaurants[index];
			if (outOfTime || remainingMs(clock) <= longestMs) {
				outOfTime = true;
				outcomes[index] = { kind: 'notReached', restaurant };
				continue;
			}
			const started = Date.now();
			try {
				outcomes[index] = { kind: 'listed', restaurant, ...(await listOne(restaurant)) };
				longestMs = Math.max(longestMs, Date.now() - started);
			} catch (error) {
				if (ranOutOfTime(error)) outOfTime = true;
				outcomes[index] = ranOutOfTime(error)
					? { kind: 'notReached', restaurant, error: error as Error }
					: { kind: 'failed', restaurant, error: error as Error };
			}
		}
	};
	const workers = Math.min(clock.pacing.limit, restaurants.length);
	await Promise.all(Array.from({ length: workers }, worker));
	return outcomes;
}

/**
 * When no restaurant was listed, the poll fails as a whole, with the first restaurant's error: a
 * failure of every restaurant, or a poll whose time ran out before any was done.
 */
export function firstErrorWhenNoneListed(
	outcomes: readonly RestaurantOutcome[],
): Error | undefined {
	if (outcomes.some((o) => o.kind === 'listed')) return undefined;
	const errors = outcomes.flatMap((o) => (o.kind !== 'listed' && o.error ? [o] : []));
	return (errors.find((o) => o.kind === 'failed') ?? errors[0])?.error;
}
