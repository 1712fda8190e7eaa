/**
 * n8n 2.41 gives a durable poll a budget (poll timeout 45 s, minus a margin: 36 s) and abandons a
 * poll that exceeds its timeout. The trigger at 50,000 reservations over a 365-day horizon, on
 * PostgreSQL with durable cursors: every poll finishes within the budget, none is abandoned, each
 * change is reported once, each poll that reports commits its cursor with its execution, and a poll
 * that finds nothing commits nothing (but when the hour moves the watched period on).
 */
import { isChosen } from './support/chosen';
import { printLine } from './support/print';
import { MOST_IDLE_SAVES, runAtVolume } from './support/volume';

const DURABLE_POLL_BUDGET_S = 36;

(isChosen('durable') ? describe : describe.skip)(
	'the trigger at 50,000 reservations, durable cursors',
	() => {
		it('polls within the durable poll budget and reports every change once', async () => {
			const result = await runAtVolume('durable', process.env.E2E_TARBALL!, 50_000, 2);
			const { withExecution, cursorOnly, unsuccessful } = result.cursorCommits;
			printLine(
				`durable, 50,000 reservations: poll ${result.pollSeconds.mean.toFixed(2)} s (mean of ${result.pollSeconds.count}), ` +
					`${result.timeouts} abandoned, cursor commits ${withExecution} with an execution + ${cursorOnly} alone ` +
					`(${unsuccessful} unsuccessful), saves ${JSON.stringify(result.saves)}, ` +
					`${result.reported} reported of ${result.changes} changes; ` +
					`idle: ${result.idle.polls} polls, ${result.idle.cursorCommits} cursor commits, ${result.idle.saves} saves`,
			);
			expect(result.pollSeconds.count).toBeGreaterThanOrEqual(result.polls);
			expect(result.pollSeconds.mean).toBeLessThan(DURABLE_POLL_BUDGET_S);
			expect(result.timeouts).toBe(0);
			expect(result.reported).toBe(result.changes);
			// Each reporting poll's cursor is committed in its execution's transaction, and no commit
			// failed. A poll that reports nothing may commit the cursor alone (how many of those fall
			// in the measured minutes depends on the clock), so the saves are at least one per report.
			expect(withExecution).toBe(result.reportingPolls);
			expect(unsuccessful).toBe(0);
			expect(result.saves.length).toBeGreaterThanOrEqual(result.reportingPolls);
			// Idle polls leave the state as it was: n8n commits it only when the hour moves the period
			// on or the hourly lookup of the restaurant comes round, at most once each.
			expect(result.idle.polls).toBeGreaterThanOrEqual(3);
			expect(result.idle.cursorCommits).toBeLessThanOrEqual(MOST_IDLE_SAVES);
			expect(result.idle.saves).toBeLessThanOrEqual(MOST_IDLE_SAVES);
			// The state of about 50,000 tracked reservations (1.6 MB measured): under 40 bytes each.
			for (const save of result.saves) expect(save.bytes).toBeLessThan(50_000 * 40);
		});
	},
);
