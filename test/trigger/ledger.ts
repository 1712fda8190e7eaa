/**
 * The bookkeeping of a randomized trigger run (./randomized*.test.ts): polls with injected faults,
 * each successful poll's emitted changes judged against the true ones from a truth ledger,
 * restaurant by restaurant (a fault fails one restaurant, whose changes wait for a later poll, while
 * the others report), and the totals: zero lost, zero duplicated, a failed poll emits nothing and
 * keeps the state.
 */
import type { IDataObject } from 'n8n-workflow';
import type { SandboxContext } from '../support/sandbox';
import {
	FAILED_POLLS_TO_REPORT,
	UNREACHABLE_EVENT,
} from '../../nodes/RestaurantReservationsTrigger/poll/unreachable';
import { localDay, NODE_NAME, type ChangeJson, type Trigger } from './support';

/** The restaurant of a change or record key: "rsv-101-000042 ..." or "101/5003 ..." is "101". */
export function restaurantOfKey(key: string): string {
	const match = /^(?:rsv-)?(\d+)/.exec(key);
	if (!match) throw new Error(`no restaurant in "${key}"`);
	return match[1];
}

/** The stored entry of each restaurant in a workflow's static data: records, failed polls in a row. */
function entriesByRestaurant(staticData: IDataObject): Map<string, { s?: string; e?: number }> {
	const node = (staticData[`node:${NODE_NAME}`] ?? {}) as {
		r?: Record<string, { s?: string; e?: number }>;
	};
	return new Map(Object.entries(node.r ?? {}));
}

const byRestaurant = (changes: string[]) => {
	const grouped = new Map<string, string[]>();
	for (const change of changes) {
		const id = restaurantOfKey(change);
		grouped.set(id, [...(grouped.get(id) ?? []), change]);
	}
	return grouped;
};

const tally = (lines: string[]) => {
	const counts = new Map<string, number>();
	for (const line of lines) counts.set(line, (counts.get(line) ?? 0) + 1);
	return counts;
};

export class Ledger {
	readonly totals = {
		polls: 0,
		failed: 0,
		/** Restaurants that failed in a successful poll (the others reported), once per poll. */
		skipped: 0,
		/** `restaurantUnreachable` items (a restaurant's third failed poll in a row). */
		unreachable: 0,
		emitted: 0,
		expected: 0,
		lost: 0,
		duplicated: 0,
	};
	private before: IDataObject = {};

	constructor(
		private readonly ctx: SandboxContext,
		private readonly trigger: Trigger,
	) {}

	/**
	 * One poll, `fault` injected into it when given (and cleared after it). Undefined when it failed:
	 * then it must have had a fault, emitted nothing and kept the stored state.
	 */
	async poll(fault: IDataObject | undefined) {
		const before = structuredClone(this.trigger.staticData);
		this.before = before;
		if (fault) await this.ctx.sandbox.control('POST', '/faults', fault);
		const result = await this.trigger.tick();
		if (fault) await this.ctx.sandbox.control('DELETE', '/faults');
		this.totals.polls++;
		if (!result.error) return { ...result, changes: this.withoutUnreachable(result.changes) };
		this.totals.failed++;
		expect(fault).toBeDefined();
		expect(result.items).toBeNull();
		expect(result.error).toMatchObject({ name: 'NodeApiError' });
		expect(this.trigger.staticData).toEqual(before);
		return undefined;
	}

	/**
	 * The items of a successful poll but its `restaurantUnreachable` ones, which must be one for each
	 * restaurant that has just failed its third poll in a row, and none else.
	 */
	private withoutUnreachable(changes: ChangeJson[]): ChangeJson[] {
		const [before, after] = [this.before, this.trigger.staticData].map(entriesByRestaurant);
		const due = [...after.keys()].filter(
			(id) =>
				after.get(id)?.e === FAILED_POLLS_TO_REPORT &&
				before.get(id)?.e === FAILED_POLLS_TO_REPORT - 1,
		);
		const unreachable = changes.filter((c) => c.event === UNREACHABLE_EVENT);
		expect(unreachable.map((c) => String(c.restaurantId)).sort()).toEqual(due.sort());
		this.totals.unreachable += unreachable.length;
		return changes.filter((c) => c.event !== UNREACHABLE_EVENT);
	}

	/**
	 * One successful poll, restaurant by restaurant (both lists one string per change, starting with
	 * its restaurant, `expected` since each restaurant's last covered poll). A restaurant the poll
	 * covered (its stored records changed, or it reported) must have reported exactly its true
	 * changes; one it did not (it failed: its stored records are as they were) reported nothing and
	 * keeps its changes for a later poll. Returns the restaurants covered.
	 */
	judge(round: number, emitted: string[], expected: string[]): Set<string> {
		const [before, after] = [this.before, this.trigger.staticData].map(entriesByRestaurant);
		const [got, want] = [byRestaurant(emitted), byRestaurant(expected)];
		const covered = new Set<string>();
		for (const id of new Set([...before.keys(), ...after.keys(), ...got.keys()])) {
			if ((after.get(id)?.e ?? 0) > (before.get(id)?.e ?? 0)) this.totals.skipped++;
			if (before.get(id)?.s === after.get(id)?.s && !got.has(id)) continue;
			covered.add(id);
			this.judgeOne(round, id, got.get(id) ?? [], want.get(id) ?? []);
		}
		return covered;
	}

	private judgeOne(round: number, restaurant: string, emitted: string[], expected: string[]) {
		const [got, want] = [[...emitted].sort(), [...expected].sort()];
		this.totals.emitted += got.length;
		this.totals.expected += want.length;
		// Counted as multisets: two equal lines are both due when a guest books twice in one poll.
		const [gotCount, wantCount] = [tally(got), tally(want)];
		for (const [line, n] of wantCount)
			this.totals.lost += Math.max(0, n - (gotCount.get(line) ?? 0));
		for (const [line, n] of gotCount)
			this.totals.duplicated += Math.max(0, n - (wantCount.get(line) ?? 0));
		expect({ round, restaurant, changes: got }).toEqual({ round, restaurant, changes: want });
	}

	/** The run as a whole: nothing lost or duplicated, and enough failures and changes to mean something. */
	close(minExpected: number): void {
		expect(this.totals.lost).toBe(0);
		expect(this.totals.duplicated).toBe(0);
		expect(this.totals.failed + this.totals.skipped).toBeGreaterThan(5);
		expect(this.totals.expected).toBeGreaterThan(minExpected);
	}
}

/** The last true records, advanced to `truth` for the restaurants a poll covered (keys as restaurantOfKey reads them). */
export function advanced<T>(
	lastGood: Map<string, T>,
	truth: Map<string, T>,
	covered: Set<string>,
): Map<string, T> {
	const next = new Map<string, T>();
	for (const [key, value] of lastGood) if (!covered.has(restaurantOfKey(key))) next.set(key, value);
	for (const [key, value] of truth) if (covered.has(restaurantOfKey(key))) next.set(key, value);
	return next;
}

/**
 * A fault for about a third of the polls, or undefined: a 500, a 503 (one to three times) or a 429
 * beyond the poll's budget after up to `maxAfter` requests passed, sometimes a 429 to wait for;
 * `extra` adds plans to choose from.
 */
export function randomFault(
	random: () => number,
	maxAfter: number,
	extra: IDataObject[] = [],
): IDataObject | undefined {
	const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
	if (random() >= 0.35) return undefined;
	const plans: IDataObject[] = [
		{ status: 500, count: 1, after: int(0, maxAfter) },
		{ status: 503, count: int(1, 3), after: int(0, maxAfter) },
		{ status: 429, count: 1, after: int(0, maxAfter), retryAfterSeconds: 3600 },
		...extra,
		...(random() < 0.3
			? [{ status: 429, count: 1, after: int(0, maxAfter), retryAfterSeconds: 1 }]
			: []),
	];
	return plans[Math.floor(random() * plans.length)];
}

/** The true changes between two readings of every record (by key), one string each, as `change` words them. */
export function trueChanges<T>(
	before: Map<string, T>,
	after: Map<string, T>,
	change: (key: string, before?: T, after?: T) => string | undefined,
): string[] {
	return [...new Set([...before.keys(), ...after.keys()])]
		.map((key) => change(key, before.get(key), after.get(key)))
		.filter((x): x is string => x !== undefined);
}

/**
 * Every reservation of the restaurants from `fromDays` to 400 days ahead (restaurant-local, each
 * restaurant's `zones` entry), event bookings included, by ID: a randomized run's truth, read with
 * a plain client.
 */
export async function readReservations<T extends { id: string }>(
	ctx: SandboxContext,
	restaurants: readonly number[],
	zones: Record<number, string>,
	fromDays: number,
): Promise<Map<string, T>> {
	const truth = new Map<string, T>();
	for (const restaurantId of restaurants) {
		const { body } = await ctx.call('listReservations', {
			path: { restaurantId },
			query: {
				from: localDay(zones[restaurantId], fromDays, '00:00:00'),
				to: localDay(zones[restaurantId], 400, '00:00:00'),
				includeEvents: true,
			},
		});
		for (const r of body as T[]) truth.set(r.id, r);
	}
	return truth;
}
