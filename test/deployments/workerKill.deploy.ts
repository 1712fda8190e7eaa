/**
 * n8n's own behaviour when a queue-mode worker is killed during an execution, reproduced with
 * n8n's nodes only (no node of this package): a manual trigger and a 20-second Wait, run on a
 * worker that is killed (`kill -9`) while it waits. n8n does not run the execution again (its
 * queue is set up with `maxStalledCount: 0`, scaling/scaling.service.js); once Bull reports the
 * job stalled, the main stores the execution as failed with an empty run (workflow-runner.js,
 * `processError`), so the items the execution held are gone (the restarted worker first marks it
 * crashed from its event log). This is the one loss the trigger's chaos test allows in queue mode
 * (test/deployments/chaos/), and what the README states.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { parseExecutionData, REPO_ROOT } from '../../scripts/n8n';
import { isChosen } from './support/chosen';
import {
	STALLED_INTERVAL_MS,
	startQueueDeployment,
	type QueueDeployment,
} from './support/queueMode';
import { settledExecution } from './support/unfinished';

const WORKFLOW_ID = 'RrWorkerKill0001';
const TRIGGER = 'Start';

const workflow = {
	id: WORKFLOW_ID,
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

(isChosen('queue') ? describe : describe.skip)('a queue worker killed during an execution', () => {
	let queue: QueueDeployment;

	beforeAll(async () => {
		const work = path.join(REPO_ROOT, '.tmp', 'deployments', 'worker-kill');
		queue = await startQueueDeployment(work, (_, rest) =>
			rest.createCredentialsAndWorkflows([], [workflow]),
		);
	}, 300_000);

	afterAll(async () => {
		await queue?.stop();
	});

	it('is failed with its items gone, and never run again', async () => {
		const { deployment, rest, starts, lines } = queue;
		const mark = starts.starts.length;
		const executionId = await rest.runManually(WORKFLOW_ID, TRIGGER);
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
