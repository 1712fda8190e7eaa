/** Timing helpers for the benchmarks: repeated runs, median and spread, CPU time. */

export interface Sample {
	/** Wall time, milliseconds. */
	ms: number;
	/** CPU time of this process (user + system), milliseconds. */
	cpuMs: number;
}

export interface Stats {
	runs: number;
	medianMs: number;
	minMs: number;
	maxMs: number;
	medianCpuMs: number;
}

export async function sample(work: () => Promise<unknown>): Promise<Sample> {
	const cpu = process.cpuUsage();
	const start = process.hrtime.bigint();
	await work();
	const ms = Number(process.hrtime.bigint() - start) / 1e6;
	const used = process.cpuUsage(cpu);
	return { ms, cpuMs: (used.user + used.system) / 1000 };
}

export function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function stats(samples: Sample[]): Stats {
	const ms = samples.map((s) => s.ms);
	return {
		runs: samples.length,
		medianMs: round(median(ms)),
		minMs: round(Math.min(...ms)),
		maxMs: round(Math.max(...ms)),
		medianCpuMs: round(median(samples.map((s) => s.cpuMs))),
	};
}

/**
 * Runs two contenders alternately (A, B, A, B, ...) after a warm-up of each, so that a noisy
 * neighbour hits both alike; returns the stats of each. `before`, when given, runs untimed before
 * every run of either (e.g. a sandbox reset, so that each starts from the same data).
 */
export async function sideBySide(
	runs: number,
	a: () => Promise<unknown>,
	b: () => Promise<unknown>,
	before: () => Promise<unknown> = async () => undefined,
): Promise<[Stats, Stats]> {
	const timed = async (work: () => Promise<unknown>) => {
		await before();
		return await sample(work);
	};
	await timed(a);
	await timed(b);
	const as: Sample[] = [];
	const bs: Sample[] = [];
	for (let i = 0; i < runs; i++) {
		as.push(await timed(a));
		bs.push(await timed(b));
	}
	return [stats(as), stats(bs)];
}

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Wall times as a row shows them: the median with the range, "median (min-max)", and those figures. */
export const medianWithRange = (s: Stats) => ({
	value: `${s.medianMs} (${s.minMs}-${s.maxMs})`,
	figures: { medianMs: s.medianMs, minMs: s.minMs, maxMs: s.maxMs },
});

/**
 * The node's `work` timed side by side with a plain client's (sideBySide) as a result's value (the
 * node's median ms), floor (the client's) and ratio: met at most `times` the floor.
 */
export async function timedAgainst(
	runs: number,
	work: () => Promise<unknown>,
	plainWork: () => Promise<unknown>,
	times: number,
) {
	const [withNode, plain] = await sideBySide(runs, work, plainWork);
	const ratio = round(withNode.medianMs / plain.medianMs, 2);
	return { value: withNode.medianMs, floor: plain.medianMs, ratio, met: ratio <= times };
}
