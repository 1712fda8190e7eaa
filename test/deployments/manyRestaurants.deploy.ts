/**
 * A partner's thousand restaurants behind 100 ms of latency, on PostgreSQL with durable cursors
 * (n8n gives such a poll 36 s): the trigger on All Accessible Restaurants covers them in rounds of
 * partial polls within the budget, none abandoned or failed, and every change on random
 * restaurants is reported exactly once (issue 25). Opt-in (RR_MANY_RESTAURANTS=1): a run takes
 * several minutes, more than the CI's time allows for now.
 */
import { isChosen } from './support/chosen';
import { ledgerLine } from './support/ledger';
import { RESTAURANTS, runManyRestaurants } from './support/manyRestaurants';
import { printLine } from './support/print';

(isChosen('durable') && process.env.RR_MANY_RESTAURANTS === '1' ? describe : describe.skip)(
	'the trigger over 1,000 restaurants, durable cursors',
	() => {
		it('polls them within the budget and reports every change once', async () => {
			const result = await runManyRestaurants('durable', process.env.E2E_TARBALL!);
			printLine(
				`${ledgerLine(`durable, ${RESTAURANTS} restaurants`, result.ledger)}; ` +
					`${result.abandoned} abandoned, ${result.failedPolls} failed polls, ` +
					`${result.overlappingTicks} ticks during a poll; poll ${result.pollSeconds.mean.toFixed(1)} s ` +
					`(mean of ${result.pollSeconds.count}); ${result.seconds} s`,
			);
			printLine(`  last round line: ${result.roundLine ?? 'none'}`);
			expect(result.abandoned).toBe(0);
			expect(result.failedPolls).toBe(0);
			expect(result.ledger.lost).toEqual([]);
			expect(result.ledger.duplicated).toEqual([]);
			expect(result.ledger.wrong).toEqual([]);
		});
	},
);
