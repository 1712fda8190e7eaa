/**
 * Send Missed Reminders at First Activation, on PostgreSQL with n8n's durable poll cursors (issue
 * 24): bookings made before the workflow is first activated whose reminder time has passed get one
 * reminder each, once their first poll has taken note of them, and never a second: not when n8n
 * drops the activation poll's state (the first scheduled poll takes the baseline again), not after
 * `kill -9` of the main right after the reminders were sent, not after the workflow is deactivated
 * and activated again. A booking whose visit has begun, or that is cancelled, gets none.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
	createWithSandboxCredential,
	N8nRest,
	startSandbox,
	type Deployment,
	type RunningSandbox,
} from '../../scripts/n8n';
import { prepareIn } from './support/prepare';
import { toLocalDateTime } from '../../nodes/shared/localTime';
import { apiClient, type ApiCall } from '../support/client';
import { SEEDED_TIME_ZONES } from '../support/sandbox';
import { isChosen } from './support/chosen';
import { waitForListRequests } from './support/polls';
import { printLine } from './support/print';
import { runFolder } from './support/runFolder';
import { startSink, type Sink } from './support/sink';
import { chaosWorkflow } from './support/workflow';

const WORKFLOW_ID = 'RrFirstActivation1';
const RESTAURANT = 101;
const MINUTE = 60_000;
/** One 2-hour reminder; the horizon (1 + 2 days) is one window: one list request per poll. */
const TRIGGER = {
	restaurants: 'one',
	restaurantId: { __rl: true, mode: 'id', value: String(RESTAURANT) },
	events: ['reminderDue'],
	reminderOffsets: { offset: [{ amount: 2, unit: 'hours' }] },
	remindMissedAtFirstActivation: true,
	lookBackDays: 1,
	lookAheadDays: 2,
};
const WAIT_MS = 120_000;
/** Polls to watch after each interruption, in which a second reminder would come. */
const POLLS_AFTER = 3;

const fromNow = (ms: number) =>
	toLocalDateTime(new Date(Date.now() + ms), SEEDED_TIME_ZONES[RESTAURANT]).slice(0, 19);

async function book(api: ApiCall, reservationTime: string): Promise<string> {
	const created = await api('createReservation', {
		path: { restaurantId: RESTAURANT },
		body: { reservationTime, groupSize: 2, customerName: 'First Activation Guest' },
	});
	if (created.status !== 201) throw new Error(`booking failed: ${created.status}`);
	return String((created.body as { id: string }).id);
}

/** Reminders received per reservation. */
function remindersById(sink: Sink): Map<string, number> {
	const counts = new Map<string, number>();
	for (const item of sink.items)
		if (item.event === 'reminderDue')
			counts.set(item.reservationId, (counts.get(item.reservationId) ?? 0) + 1);
	return counts;
}

(isChosen('durable') ? describe : describe.skip)(
	'Send Missed Reminders at First Activation, durable cursors',
	() => {
		let sandbox: RunningSandbox;
		let sink: Sink;
		let deployment: Deployment;

		afterAll(async () => {
			await deployment?.stop();
			await sink?.close();
			await sandbox?.process.stop();
		});

		it('sends each missed reminder once, through a kill -9 and a reactivation', async () => {
			const started = Date.now();
			const { work, logFile } = runFolder('first-activation');
			sandbox = await startSandbox({ port: 0, quiet: true });
			sink = await startSink();
			const api = apiClient(sandbox.url);
			const missed = await book(api, fromNow(60 * MINUTE));
			const begun = await book(api, fromNow(-10 * MINUTE));
			const cancelled = await book(api, fromNow(45 * MINUTE));
			await api('cancelReservation', {
				path: { restaurantId: RESTAURANT, reservationId: cancelled },
				body: { note: 'first activation test', doNotChargeFee: true },
			});
			const ahead = await book(api, fromNow(5 * 60 * MINUTE));

			deployment = await prepareIn(work, {
				kind: 'durable',
				tarball: process.env.E2E_TARBALL!,
				log: (line) => logFile.write(`${line}\n`),
			});
			await deployment.start();
			const rest = new N8nRest(deployment.main.url);
			await rest.setupOwner();
			await createWithSandboxCredential(rest, sandbox.url, [
				chaosWorkflow(sink.url, TRIGGER, WORKFLOW_ID),
			]);
			await rest.activate(WORKFLOW_ID);

			const deadline = Date.now() + WAIT_MS;
			while (!remindersById(sink).has(missed) && Date.now() < deadline) await sleep(200);
			expect(remindersById(sink).get(missed)).toBe(1);
			const first = new Map(remindersById(sink));

			// A crash right after the reminders went out, then polls in which they would come again.
			await deployment.stopMain('kill');
			await deployment.startMain();
			await waitForListRequests(sandbox, POLLS_AFTER, { ok: true, timeoutMs: WAIT_MS });
			// Deactivated and activated again: the stored state stays, so this is no first activation.
			await rest.login();
			await rest.request('POST', `/workflows/${WORKFLOW_ID}/deactivate`, {});
			await rest.activate(WORKFLOW_ID);
			await waitForListRequests(sandbox, POLLS_AFTER, { ok: true, timeoutMs: WAIT_MS });

			const counts = remindersById(sink);
			const twice = [...counts].filter(([, n]) => n > 1).map(([id]) => id);
			printLine(
				`durable, missed reminders at first activation: ${first.size} sent (the test's booking ` +
					`and the seeded ones whose reminder had passed), ${counts.size - first.size} more after ` +
					`kill -9 and reactivation, ${twice.length} twice; ${Math.round((Date.now() - started) / 1000)} s`,
			);
			// (A seeded booking's reminder may fall due meanwhile, for the first time: allowed.)
			expect(twice).toEqual([]);
			expect(counts.get(missed)).toBe(1);
			for (const none of [begun, cancelled, ahead]) expect(counts.has(none)).toBe(false);
			logFile.end();
		});
	},
);
