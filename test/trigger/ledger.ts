/**
 * The bookkeeping of a randomized trigger run (./randomized*.test.ts): polls with injected faults,
 * each successful poll's emitted changes judged against the true ones from a truth ledger, and the
 * totals: zero lost, zero duplicated, a failed poll emits nothing and keeps the state.
 */
import type { IDataObject } from 'n8n-workflow';
import type { SandboxContext } from '../support/sandbox';
import type { Trigger } from './support';

export class Ledger {
	readonly totals = { polls: 0, failed: 0, emitted: 0, expected: 0, lost: 0, duplicated: 0 };

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
		if (fault) await this.ctx.sandbox.control('POST', '/faults', fault);
		const result = await this.trigger.tick();
		if (fault) await this.ctx.sandbox.control('DELETE', '/faults');
		this.totals.polls++;
		if (!result.error) return result;
		this.totals.failed++;
		expect(fault).toBeDefined();
		expect(result.items).toBeNull();
		expect(result.error).toMatchObject({ name: 'NodeApiError' });
		expect(this.trigger.staticData).toEqual(before);
		return undefined;
	}

	/** One successful poll: what it emitted must be exactly the true changes (both one string per change). */
	judge(round: number, emitted: string[], expected: string[]): void {
		const [got, want] = [[...emitted].sort(), [...expected].sort()];
		this.totals.emitted += got.length;
		this.totals.expected += want.length;
		this.totals.lost += want.filter((e) => !got.includes(e)).length;
		this.totals.duplicated +=
			got.length - new Set(got).size + got.filter((g) => !want.includes(g)).length;
		expect({ round, changes: got }).toEqual({ round, changes: want });
	}

	/** The run as a whole: nothing lost or duplicated, and enough failures and changes to mean something. */
	close(minExpected: number): void {
		expect(this.totals.lost).toBe(0);
		expect(this.totals.duplicated).toBe(0);
		expect(this.totals.failed).toBeGreaterThan(5);
		expect(this.totals.expected).toBeGreaterThan(minExpected);
	}
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
