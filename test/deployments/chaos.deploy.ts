/**
 * Exactly once, in every way n8n is deployed: the chaos scenario (test/deployments/support/scenario.ts)
 * against each deployment, one line each: `deployment: N expected, N reported, L lost, D duplicated, W wrong`.
 * Deployments to run: all, or the comma-separated list in RR_DEPLOYMENTS.
 */
import { DEPLOYMENTS, usesDurableCursors, type DeploymentKind } from '../../scripts/n8n';
import { ledgerLine } from './support/ledger';
import { runChaosScenario, type ScenarioResult } from './support/scenario';

const chosen = (process.env.RR_DEPLOYMENTS?.split(',').map((d) => d.trim()) ?? [
	...DEPLOYMENTS,
]) as DeploymentKind[];

function report(result: ScenarioResult): void {
	const { ledger } = result;
	process.stdout.write(
		`${result.kind}: the change between the activation poll and the first scheduled poll was ${result.activationGapReported ? '' : 'not '}reported\n`,
	);
	process.stdout.write(
		`${ledgerLine(result.kind, ledger)} (${result.seconds} s; interruptions: ${result.interruptions.join(', ') || 'none'})\n`,
	);
	for (const lost of ledger.lost) process.stdout.write(`  lost: ${lost.what}\n`);
	for (const item of ledger.duplicated)
		process.stdout.write(
			`  duplicated: ${item.event} ${item.reservationId} (execution ${item.executionId})\n`,
		);
	for (const { item, why } of ledger.wrong)
		process.stdout.write(`  wrong: ${item.event} ${item.reservationId}: ${why}\n`);
}

describe.each(chosen)('the trigger in the %s deployment', (kind) => {
	it('reports every change exactly once through faults, restarts and crashes', async () => {
		const tarball = process.env.E2E_TARBALL!;
		const result = await runChaosScenario(kind, tarball);
		report(result);
		expect(result.ledger.expected).toBeGreaterThan(20);
		expect(result.ledger.lost).toEqual([]);
		expect(result.ledger.wrong).toEqual([]);
		expect(result.ledger.duplicated).toEqual([]);
		// n8n's own guarantee with durable cursors: the baseline is the first scheduled poll's.
		expect(result.activationGapReported).toBe(!usesDurableCursors(kind));
	});
});
