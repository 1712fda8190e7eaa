/**
 * The fastest pace n8n 2.41 lets a polling trigger keep: it refuses a sub-minute cron (every 10
 * seconds in one expression: "The polling interval is too short"), but each Poll Times entry is
 * its own minute-granular cron, so six entries at seconds 0, 10, ..., 50 poll every 10 seconds.
 * The tests and the deployment proofs run at this pace; the examples as shipped poll every minute.
 */
export const POLL_INTERVAL_MS = 10_000;

export const TEN_SECOND_POLL_TIMES = {
	item: [0, 10, 20, 30, 40, 50].map((second) => ({
		mode: 'custom',
		cronExpression: `${second} * * * * *`,
	})),
};

/** Sets every polling node of a workflow (any node with Poll Times) to poll every 10 seconds. */
export function pollEveryTenSeconds(nodes: Array<Record<string, unknown>>): void {
	for (const node of nodes) {
		const parameters = node.parameters as Record<string, unknown> | undefined;
		if (parameters?.pollTimes) parameters.pollTimes = structuredClone(TEN_SECOND_POLL_TIMES);
	}
}
