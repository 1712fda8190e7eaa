/**
 * Exactly once, in every way n8n is deployed: the chaos scenario (test/deployments/support/scenario.ts)
 * against each deployment, one line each: `deployment: N expected, N reported, L lost, D duplicated, W wrong`,
 * and one for the moments (reminders, not arrived, visit ended; ./support/momentLedger):
 * `deployment moments: N due, N reported, L lost, D duplicated, E early, C for a cancelled booking, W wrong; max lateness …`.
 * Nothing may be lost, duplicated or wrong, except n8n's own loss in queue mode: the one poll's
 * changes in the execution whose worker was killed (reproduced in ../queueWorkers.deploy.ts).
 * One test file per deployment (../chaos/), so that jest can run two at once; a deployment left out
 * of RR_DEPLOYMENTS is skipped. A deployment's run may have the sandbox answer in another reading
 * of the spec (docs/deploying.md says which, and why): its lines then name the reading,
 * `durable (platform reading): ...`. A run whose nodes authenticate with the OAuth2 credential
 * against 30-second tokens names it too, and its line ends with the token counts:
 * `default (OAuth2, 30 s tokens): ... ; tokens: N issued, N requests refused as expired, renewed by main (N))`.
 * A run with the guests trigger riding along (a second trigger, Watch: Guests, in the same n8n)
 * adds `deployment guests: N expected, N reported, L lost, D duplicated, W wrong` (./guestLedger).
 */
import {
	isQueue,
	POLL_INTERVAL_MS,
	usesDurableCursors,
	type DeploymentKind,
	type SandboxAuth,
} from '../../../scripts/n8n';
import type { ReadingName } from '../../../sandbox/readings';
import { isChosen } from './chosen';
import { ledgerLine, type ExpectedChange } from './ledger';
import { CHANGES_PER_ROUND, runChaosScenario, type ScenarioResult } from './scenario';
import { momentLine, type ExpectedMoment, type MomentLedgerResult } from './momentLedger';
import { guestLine } from './guestLedger';
import { printLine } from './print';

/**
 * The lost changes that were in an execution a killed worker was running. n8n does not run such
 * an execution again (its queue fails the job: `maxStalledCount: 0`), so in queue mode these are
 * n8n's loss, not the trigger's: the trigger reported them and committed its state with them.
 */
function lostWithKilledWorkers(result: ScenarioResult): ExpectedChange[] {
	const held = new Set(
		result.killedExecutions.flatMap((execution) => execution.items.map((i) => i.reservationId)),
	);
	return result.ledger.lost.filter((change) => held.has(change.reservationId));
}

/** The moments lost with a killed worker's execution (n8n's loss, as for the changes). */
function momentsLostWithKilledWorkers(result: ScenarioResult): ExpectedMoment[] {
	const held = new Set(
		result.killedExecutions.flatMap((e) => e.items.map((i) => `${i.reservationId}/${i.event}`)),
	);
	return result.moments.lost.filter((m) => held.has(`${m.reservationId}/${m.event}`));
}

const paceText = ({ pace }: ScenarioResult) =>
	`polled every ${pace.medianIntervalSeconds.toFixed(1)} s (median of ${pace.polls} polls in the quiet end)`;

/** With the OAuth2 credential: the sandbox's token counts, and which process renewed (n8n's lines). */
const tokenText = ({ tokens }: ScenarioResult) =>
	tokens
		? `; tokens: ${tokens.issued} issued, ${tokens.expiredRequests} ${tokens.expiredRequests === 1 ? 'request' : 'requests'} refused as expired, renewed by ${tokens.renewedBy}`
		: '';

function report(result: ScenarioResult): void {
	const { ledger } = result;
	printLine(
		result.activationGapApplies
			? `${result.label}: the change between the activation poll and the first scheduled poll was ${result.activationGapReported ? '' : 'not '}reported`
			: `${result.label}: the first scheduled poll came right after the activation poll, before the gap change (${result.activationGapReported ? '' : 'not '}reported)`,
	);
	printLine(
		`${ledgerLine(result.label, ledger)} (${result.seconds} s; ${paceText(result)}; interruptions: ${result.interruptions.join(', ') || 'none'}${tokenText(result)})`,
	);
	for (const { executionId, status, items } of result.unfinished)
		printLine(
			`  ${items.length} items held in execution ${executionId}, left ${status} by an interruption (n8n runs it no further)`,
		);
	for (const { executionId, items, statusAtKill } of result.killedExecutions)
		printLine(
			`  execution ${executionId} held ${items.length} items when its worker was killed (${statusAtKill === 'success' ? 'it had finished' : `it was ${statusAtKill}`})`,
		);
	const lostByN8n = lostWithKilledWorkers(result);
	for (const lost of ledger.lost)
		printLine(
			`  lost: ${lost.what}${lostByN8n.includes(lost) ? ' (in the execution of a killed worker)' : ''}`,
		);
	for (const item of ledger.duplicated)
		printLine(`  duplicated: ${item.event} ${item.reservationId} (execution ${item.executionId})`);
	for (const { item, why } of ledger.wrong)
		printLine(`  wrong: ${item.event} ${item.reservationId}: ${why}`);
	const { moments } = result;
	printLine(momentLine(result.label, moments));
	const at = (ms: number) => new Date(ms).toISOString();
	for (const lost of moments.lost)
		printLine(
			`  lost moment: ${lost.event} ${lost.reservationId} due ${at(lost.due)} (${lost.why})`,
		);
	for (const item of [...moments.duplicated, ...moments.early, ...moments.forCancelled])
		printLine(
			`  ${item.event} ${item.reservationId} due ${item.moment?.dueAt}: duplicated, early or for a cancelled booking`,
		);
	for (const { item, why } of moments.wrong)
		printLine(
			`  wrong moment: ${item.event} ${item.reservationId} due ${item.moment?.dueAt}: ${why}`,
		);
	if (result.guests) {
		printLine(guestLine(result.label, result.guests));
		for (const what of [...result.guests.lost, ...result.guests.duplicated, ...result.guests.wrong])
			printLine(`  guests: ${what}`);
	}
	if (result.native) {
		const line = (r: MomentLedgerResult) =>
			`${r.mustFire} due, ${r.reported} sent, ${r.lost.length} lost, ${r.duplicated.length} duplicated, ${r.forCancelled.length} reminded after a cancellation, ${r.wrong.length} wrong`;
		printLine(
			`${result.label}, restaurant 101's 90-minute reminders side by side: Schedule + Get Many + Filter + Remove Duplicates: ${line(result.native.pattern)}; the trigger: ${line(result.native.trigger)}`,
		);
		for (const lost of result.native.pattern.lost)
			printLine(
				`  native pattern lost: ${lost.reservationId} due ${new Date(lost.due).toISOString()}`,
			);
		for (const { item, why } of result.native.pattern.wrong)
			printLine(`  native pattern wrong: ${item.reservationId} due ${item.moment?.dueAt}: ${why}`);
	}
}

/**
 * The chaos scenario's test in one deployment (skipped when RR_DEPLOYMENTS leaves it out), with the
 * sandbox in `reading` (its own by default) and the nodes authenticating with `auth` (the staff
 * token by default; `oAuth2`: the OAuth2 credential, whose 30-second tokens n8n must renew several
 * times in the run).
 */
export function chaosCase(
	kind: DeploymentKind,
	{
		reading,
		auth = 'accessToken',
		guests = false,
	}: { reading?: ReadingName; auth?: SandboxAuth; guests?: boolean } = {},
): void {
	const against = [
		...(reading && reading !== 'sandbox' ? [`the API in the ${reading} reading`] : []),
		...(auth === 'oAuth2' ? ['the OAuth2 credential'] : []),
		...(guests ? ['a second trigger watching the guests'] : []),
	]
		.map((what) => `, ${what}`)
		.join('');
	(isChosen(kind) ? describe : describe.skip)(
		`the trigger in the ${kind} deployment${against}`,
		() => {
			it('reports every change exactly once through faults, restarts and crashes', async () => {
				const tarball = process.env.E2E_TARBALL!;
				const result = await runChaosScenario(kind, tarball, { reading, auth, guests });
				report(result);
				// With OAuth2, n8n renewed the 30-second tokens several times in the run (each renewal
				// after a 401), and nothing below may suffer for it.
				if (auth === 'oAuth2') {
					expect(result.tokens?.issued).toBeGreaterThanOrEqual(3);
					expect(result.tokens?.expiredRequests).toBeGreaterThan(0);
				}
				expect(result.ledger.expected).toBeGreaterThan(20);
				// Lost only what n8n's queue dropped with a killed worker's execution: one poll's changes.
				// A poll made while the driver is mid-round leaves the rest of that round to the next poll,
				// so the killed poll may hold the quiet round's tail too, never the pile-up of earlier rounds.
				const lostByN8n = lostWithKilledWorkers(result);
				expect(result.ledger.lost.filter((change) => !lostByN8n.includes(change))).toEqual([]);
				expect(lostByN8n.length).toBeLessThanOrEqual(2 * CHANGES_PER_ROUND);
				expect(result.ledger.wrong).toEqual([]);
				expect(result.ledger.duplicated).toEqual([]);
				// The moments: each due one fires once, never early, never for a cancelled booking.
				const { moments } = result;
				expect(moments.mustFire).toBeGreaterThanOrEqual(8);
				const momentsLostByN8n = momentsLostWithKilledWorkers(result);
				expect(moments.lost.filter((m) => !momentsLostByN8n.includes(m))).toEqual([]);
				expect(moments.duplicated).toEqual([]);
				expect(moments.early).toEqual([]);
				expect(moments.forCancelled).toEqual([]);
				expect(moments.wrong).toEqual([]);
				// The guests trigger beside it: each guest occasion once (its own ledger, ./guestLedger).
				if (guests) {
					expect(result.guests!.expected).toBeGreaterThan(10);
					expect(result.guests!.lost).toEqual([]);
					expect(result.guests!.duplicated).toEqual([]);
					expect(result.guests!.wrong).toEqual([]);
				}
				// The native pattern ran beside it (its figures are printed, not judged).
				if (result.native) expect(result.native.pattern.reported).toBeGreaterThan(0);
				// Where n8n runs polls on time (no queue in between), a calm moment fires by the next poll.
				// Every run has some: the two reminders booked once faults and interruptions are over.
				expect(moments.calmMoments).toBeGreaterThanOrEqual(2);
				if (!isQueue(kind))
					expect(moments.calmMaxLatenessSeconds).toBeLessThanOrEqual(POLL_INTERVAL_MS / 1000 + 5);
				// n8n's own guarantee with durable cursors: the baseline is the first scheduled poll's.
				if (result.activationGapApplies)
					expect(result.activationGapReported).toBe(!usesDurableCursors(kind));
				else expect(result.activationGapReported).toBe(true);
				// Six minute-granular Poll Times entries poll several times a minute in every deployment
				// (each is a cron of its own, or a durable job of its own), not once a minute.
				expect(result.pace.polls).toBeGreaterThanOrEqual(3);
				expect(result.pace.medianIntervalSeconds).toBeLessThan(20);
			});
		},
	);
}
