/**
 * One queue deployment (PostgreSQL, Redis, one main, two workers) for what runs on its workers, in
 * this order:
 *
 * 1. **No overbooking across the workers** (issue 23): six executions of a Create with Check
 *    Booking Rules First, started at once for the last two places of a slot, run on both workers.
 *    No lock inside one process could keep them apart; the node's read-back after writing must.
 *    The sandbox delays every answer so that the checks before sending all read the slot before
 *    any booking is made.
 * 2. **A worker killed during an execution**: n8n's own behaviour, reproduced with n8n's nodes only
 *    (a manual trigger and a 20-second Wait, the worker killed with `kill -9` while it waits). n8n
 *    does not run the execution again (its queue is set up with `maxStalledCount: 0`,
 *    scaling/scaling.service.js); once Bull reports the job stalled, the main stores the execution
 *    as failed with an empty run (workflow-runner.js, `processError`), so the items the execution
 *    held are gone (the restarted worker first marks it crashed from its event log). This is the
 *    one loss the trigger's chaos test allows in queue mode (test/deployments/chaos/), and what the
 *    README states.
 * 3. **The examples run unchanged in queue mode.** The manual examples (03, 05) are started as the
 *    editor's "Execute workflow" does and run on a worker (OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS,
 *    which n8n 3 makes the only behaviour); the trigger example (01) polls on the main process and
 *    its executions run on the workers. Each is checked as in the one-process end-to-end test
 *    (test/e2e/support/exampleChecks.ts), with the same Settings (05's closed days, which it ships
 *    without). They authenticate with the OAuth2 credential (the staff client), which the
 *    one-process test does not use: created with a token n8n got earlier (as a credential used the
 *    day before has), and every token the sandbox issued expires before each of them. So the
 *    worker that runs a manual example meets a 401, renews the token (n8n's debug line names the
 *    process) and repeats the request; the trigger example's first poll on the main does the same.
 *
 * The order matters: the worker kill waits for the first execution started after its own run,
 * so it comes before the trigger example, which polls on until the end once activated. Each of the
 * three had a deployment of its own until 2026-11-29: a main, two workers and their task runners
 * started three times, about 100 s of a test file and 55 s of CPU each time.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { NodeConnectionTypes } from 'n8n-workflow';
import {
	copyExampleFiles,
	parseExecutionData,
	prepareExample,
	readExamples,
	REPO_ROOT,
	SANDBOX_CREDENTIAL,
	SANDBOX_OAUTH2_CREDENTIAL,
	sandboxCredential,
	sandboxOAuth2Credential,
	startSandbox,
	type RunningSandbox,
} from '../../scripts/n8n';
import type { TokenCounts } from '../../sandbox/oauth';
import { fetchedToken } from '../support/tokens';
import { apiClient, type ApiCall } from '../support/client';
import { freeSlotAt } from '../support/sandbox';
import { isChosen } from './support/chosen';
import { printLine } from './support/print';
import {
	STALLED_INTERVAL_MS,
	startQueueDeployment,
	type QueueDeployment,
} from './support/queueMode';
import { TokenRenewals } from './support/tokenRenewals';
import { settledExecution } from './support/unfinished';
import { executionFromRest, runManualExample, type Execution } from '../e2e/support/environment';
import {
	checkCancelBatch,
	checkChangesToSpreadsheet,
	checkPriceUpdate,
	exampleTestSettings,
} from '../e2e/support/exampleChecks';

const BOOKING_WORKFLOW_ID = 'RrOverbookQueue1';
const MANUAL_TRIGGER = 'Manual';
const NODE = 'Book a table';
/** Restaurant 101's published limit of bookings per slot (sandbox/seed/restaurants.ts). */
const MAX_BOOKINGS = 6;
const PLACES = 2;
const CALLERS = 6;

/** Manual trigger, then Create with the check on, for `time`. */
function bookingWorkflow(time: string) {
	return {
		id: BOOKING_WORKFLOW_ID,
		name: 'Book the last places (queue mode)',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: 'manual',
				name: MANUAL_TRIGGER,
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'book',
				name: NODE,
				type: 'n8n-nodes-restaurant-reservations.restaurantReservations',
				typeVersion: 1,
				position: [220, 0],
				parameters: {
					resource: 'reservation',
					operation: 'create',
					restaurantId: { __rl: true, mode: 'id', value: '101' },
					reservationTime: time,
					groupSize: 2,
					customerName: '={{ "Queue caller " + $execution.id }}',
					checkBookingRules: true,
				},
				credentials: { restaurantReservationsApi: { ...SANDBOX_CREDENTIAL } },
			},
		],
		connections: {
			[MANUAL_TRIGGER]: {
				main: [[{ node: NODE, type: NodeConnectionTypes.Main, index: 0 }]],
			},
		},
	};
}

const WORKER_KILL_WORKFLOW_ID = 'RrWorkerKill0001';
const TRIGGER = 'Start';

const workerKillWorkflow = {
	id: WORKER_KILL_WORKFLOW_ID,
	name: 'A worker killed during a Wait',
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: [
		{
			id: 'd0a1b2c3-0000-4000-8000-000000000001',
			name: TRIGGER,
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		{
			id: 'd0a1b2c3-0000-4000-8000-000000000002',
			name: 'Wait 20 seconds',
			type: 'n8n-nodes-base.wait',
			typeVersion: 1.1,
			position: [240, 0],
			parameters: { resume: 'timeInterval', amount: 20, unit: 'seconds' },
		},
	],
	connections: { [TRIGGER]: { main: [[{ node: 'Wait 20 seconds', type: 'main', index: 0 }]] } },
};

interface StoredData {
	resultData: { error?: { message?: string }; runData: Record<string, unknown> };
	executionData?: { nodeExecutionStack: unknown[] };
}

const EXAMPLES = ['RrExChangesToXlsx01', 'RrExPriceUpdate03', 'RrExCancelBatch05'];

(isChosen('queue') ? describe : describe.skip)('queue mode: a main and two workers', () => {
	let sandbox: RunningSandbox;
	let api: ApiCall;
	let queue: QueueDeployment;
	/** The slot whose last places the callers compete for. */
	let time: string;

	beforeAll(async () => {
		const work = path.join(REPO_ROOT, '.tmp', 'deployments', 'queue-workers');
		sandbox = await startSandbox({ port: 0, quiet: true });
		api = apiClient(sandbox.url);
		time = await freeSlotAt({ sandbox, call: api }, 101, 12, '19:00:00');
		queue = await startQueueDeployment(
			work,
			async (deployment, rest) => {
				const filesFolder = deployment.main.filesFolder;
				copyExampleFiles(filesFolder);
				const examples = readExamples().filter((example) => EXAMPLES.includes(example.id));
				expect(examples.map((e) => e.id).sort()).toEqual([...EXAMPLES].sort());
				const oAuth2 = sandboxOAuth2Credential(sandbox.url);
				oAuth2.data.oauthTokenData = await fetchedToken(sandbox.url);
				await rest.createCredentialsAndWorkflows(
					[sandboxCredential(sandbox.url), oAuth2],
					[
						bookingWorkflow(time),
						workerKillWorkflow,
						...examples.map((example) =>
							prepareExample(example, {
								filesFolder,
								fastPolls: true,
								settings: exampleTestSettings(example.id),
								credential: SANDBOX_OAUTH2_CREDENTIAL,
							}),
						),
					],
				);
			},
			{
				filesFolder: path.join(work, 'files'),
				extraEnv: {
					// Two jobs at a time per worker: six executions at once must use both workers.
					N8N_CONCURRENCY_PRODUCTION_LIMIT: '2',
					// n8n's debug lines say which process renewed a token.
					N8N_LOG_LEVEL: 'debug',
				},
			},
		);
	}, 300_000);

	afterAll(async () => {
		await queue?.stop();
		await sandbox?.process.stop();
	});

	describe('no overbooking across the workers', () => {
		it(`${CALLERS} executions at once for the last ${PLACES} places, on both workers: ${PLACES} booked`, async () => {
			for (let i = 0; i < MAX_BOOKINGS - PLACES; i++)
				await api('createReservation', {
					body: { reservationTime: time, groupSize: 2, customerName: `Earlier ${i}` },
				});
			await sandbox.control('PUT', '/latency', { ms: 400 });
			const executionIds = await Promise.all(
				Array.from({ length: CALLERS }, () =>
					queue.rest.runManually(BOOKING_WORKFLOW_ID, MANUAL_TRIGGER),
				),
			);
			const executions = await Promise.all(
				executionIds.map(async (id) => executionFromRest(await queue.rest.finishedExecution(id))),
			);
			await sandbox.control('PUT', '/latency', { ms: 0 });

			const workers = new Set(
				executionIds.flatMap((id) => queue.starts.of(id).map((s) => s.worker)),
			);
			expect(workers.size).toBe(2);
			const refused = executions.filter((e) => e.status !== 'success');
			expect(executions.length - refused.length).toBe(PLACES);
			for (const execution of refused) {
				expect(execution.error?.message).toBe(
					`${time.slice(0, 16).replace('T', ' ')} is fully booked.`,
				);
				expect(execution.error?.description).toContain('(rule slot_fully_booked)');
			}
			const slot = (
				await api('listReservations', {
					query: { from: time, to: `${time.slice(0, 14)}59:00`, includeEvents: true },
				})
			).body as Array<{ reservationTime: string; state: string }>;
			const holding = slot.filter((r) => r.reservationTime === time && r.state !== 'cancelled');
			expect(holding).toHaveLength(MAX_BOOKINGS);
			process.stdout.write(
				`queue mode, ${CALLERS} callers for ${PLACES} places on workers ${[...workers].map((w) => w + 1).join(' and ')}: ${executions.length - refused.length} booked, ${refused.length} refused, slot at ${holding.length} of ${MAX_BOOKINGS}\n`,
			);
		}, 180_000);
	});

	describe('a worker killed during an execution', () => {
		it('is failed with its items gone, and never run again', async () => {
			const { deployment, rest, starts, lines } = queue;
			const mark = starts.starts.length;
			const executionId = await rest.runManually(WORKER_KILL_WORKFLOW_ID, TRIGGER);
			const started = await starts.firstAfter(mark, 60_000);
			expect(started.executionId).toBe(executionId);
			await sleep(3000);
			await deployment.stopWorker(started.worker, 'kill');
			await deployment.startWorker(started.worker);

			// The restarted worker marks it crashed at once (its event log); the main fails its job when
			// Bull reports it stalled, and stores it as failed with an empty run.
			const stalled = `Problem with execution ${executionId}:`;
			const stalledBy = Date.now() + 120_000;
			while (!lines.some((line) => line.includes(stalled)) && Date.now() < stalledBy)
				await sleep(1000);
			expect(lines.some((line) => line.includes(stalled))).toBe(true);
			// The failure is stored right after that line.
			const execution = await settledExecution<{ status: string; data: string }>(
				rest,
				executionId,
				30_000,
			);
			const data = parseExecutionData<StoredData>(execution.data);
			expect(execution.status).toBe('error');
			expect(data.resultData.error?.message).toMatch(/failed to be processed too many times/);
			// The trigger's item is gone: no run data, nothing left on the execution stack to retry.
			expect(data.resultData.runData).toEqual({});
			expect(data.executionData?.nodeExecutionStack ?? []).toEqual([]);
			// Two more stall checks of the queue, then: no worker took the job again.
			await sleep(3 * STALLED_INTERVAL_MS);
			expect(starts.of(executionId)).toHaveLength(1);
		}, 600_000);
	});

	describe('the examples on the workers', () => {
		/** Before each test: every token expired; what the sandbox had counted, and n8n's lines so far. */
		let tokensBefore: TokenCounts;
		let linesBefore: number;
		beforeEach(async () => {
			await sandbox.expireTokens();
			tokensBefore = await sandbox.tokens();
			linesBefore = queue.lines.length;
		});

		/** What the test made n8n do with tokens (issued, refused as expired, renewals by process), printed. */
		async function tokensSince(
			example: string,
		): Promise<{ issued: number; refused: number; renewedBy: string }> {
			const after = await sandbox.tokens();
			const tokens = {
				issued: after.issued - tokensBefore.issued,
				refused: after.expiredRequests - tokensBefore.expiredRequests,
				renewedBy: TokenRenewals.in(queue.lines.slice(linesBefore)).byProcess(),
			};
			printLine(
				`queue examples (OAuth2), ${example}: tokens: ${tokens.issued} issued, ${tokens.refused} ${tokens.refused === 1 ? 'request' : 'requests'} refused as expired, renewed by ${tokens.renewedBy}`,
			);
			return tokens;
		}

		/**
		 * A manual run of the example, which must have run on one of the workers; the stored token had
		 * expired, so that worker renewed it (n8n's line names it) after a 401 and repeated the request.
		 */
		const runOnWorker = (workflowId: string) => async (): Promise<Execution> => {
			const { executionId, execution } = await runManualExample(queue.rest, workflowId);
			const starts = queue.starts.of(executionId);
			expect(starts).toHaveLength(1);
			const tokens = await tokensSince(workflowId);
			expect(tokens.refused).toBeGreaterThanOrEqual(1);
			expect(tokens.issued).toBeGreaterThanOrEqual(1);
			expect(tokens.renewedBy).toMatch(new RegExp(`^worker ${starts[0].worker + 1} \\(\\d+\\)$`));
			return execution;
		};

		it('Catalog price update from a CSV file runs on a worker', async () => {
			await checkPriceUpdate(api, runOnWorker('RrExPriceUpdate03'));
		});

		it('Cancel a batch of reservations runs on a worker', async () => {
			await checkCancelBatch(api, runOnWorker('RrExCancelBatch05'));
		});

		it('Reservation changes to a spreadsheet: polled on the main process, written by a worker', async () => {
			const workflowId = 'RrExChangesToXlsx01';
			const { rest, starts, deployment } = queue;
			const startedBefore = starts.starts.length;
			await checkChangesToSpreadsheet({
				api,
				sandboxUrl: sandbox.url,
				filesFolder: deployment.main.filesFolder,
				activate: async () => {
					await rest.activate(workflowId);
				},
			});
			expect(starts.starts.length).toBeGreaterThan(startedBefore);
			// The trigger polls on the main: its first poll met the expired token and renewed it there.
			const tokens = await tokensSince(workflowId);
			expect(tokens.refused).toBeGreaterThanOrEqual(1);
			expect(tokens.renewedBy).toMatch(/^main \(\d+\)$/);
		}, 300_000);
	});
});
