/**
 * A partner's thousand restaurants behind 100 ms of latency, on PostgreSQL with durable cursors
 * (n8n gives such a poll 36 s): the trigger on All Accessible Restaurants covers them in rounds of
 * partial polls within the budget, none abandoned or failed, and every change on random
 * restaurants is reported exactly once (issue 25). Runs when `durable` is among the chosen
 * deployments; about two minutes.
 */
import { isChosen } from './support/chosen';
import { ledgerLine } from './support/ledger';
import { RESTAURANTS, runManyRestaurants } from './support/manyRestaurants';
import { printLine } from './support/print';

(isChosen('durable') ? describe : describe.skip)(
	'the trigger over 1,000 restaurants, durable cursors',
	() => {
		it('polls them within the budget and reports every change once', async () => {
			const result = await runManyRestaurants('durable', process.env.E2E_TARBALL!);
			const { cpu } = result;
			printLine(
				`${ledgerLine(`durable, ${RESTAURANTS} restaurants`, result.ledger)}; ` +
					`${result.abandoned} abandoned, ${result.failedPolls} failed polls, ` +
					`${result.overlappingTicks} ticks during a poll; poll ${result.pollSeconds.mean.toFixed(1)} s ` +
					`(mean of ${result.pollSeconds.count}); ${result.seconds} s`,
			);
			const { phases } = result;
			printLine(
				`  n8n ready at ${phases.readyAt} s, activated ${phases.activatedAt} s, baseline round ` +
					`${phases.baselineAt} s, changes made ${phases.changedAt} s, all reported ${phases.reportedAt} s`,
			);
			const spans = result.baselinePolls.map((p) => `${p.requests} in ${p.seconds.toFixed(1)} s`);
			printLine(
				`  polls until the baseline (list requests, first to last answer): ${spans.join(', ')}`,
			);
			printLine(
				`  last partial poll: ${result.roundLine ?? 'none (every poll listed every restaurant)'}`,
			);
			printLine(
				`  CPU per list request until the baseline (${cpu.requests} requests): ` +
					`n8n main ${cpu.n8nMs.toFixed(1)} ms, sandbox ${cpu.sandboxMs.toFixed(1)} ms`,
			);
			// The run waited for the activation poll and a full round of scheduled polls (it throws
			// when they do not come); none may be abandoned for exceeding n8n's budget, and a partial
			// poll's line must tell how far the round is: how long a full round takes, or, while some
			// restaurants have never been polled (the first scheduled polls of durable cursors), how many.
			if (result.roundLine)
				expect(result.roundLine).toMatch(/; (a full round takes about|\d+ not polled yet$)/);
			expect(result.abandoned).toBe(0);
			expect(result.failedPolls).toBe(0);
			expect(result.ledger.lost).toEqual([]);
			expect(result.ledger.duplicated).toEqual([]);
			expect(result.ledger.wrong).toEqual([]);
		});
	},
);
