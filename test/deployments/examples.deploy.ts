/**
 * The examples run unchanged in queue mode: PostgreSQL, Redis, one main and two workers. The
 * manual examples (03, 05) are started as the editor's "Execute workflow" does and run on a worker
 * (OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS, which n8n 3 makes the only behaviour); the trigger example
 * (01) polls on the main process and its executions run on the workers. Each is checked as in the
 * one-process end-to-end test (test/e2e/support/exampleChecks.ts), with the same Settings (05's
 * closed days, which it ships without).
 */
import path from 'node:path';
import {
	copyExampleFiles,
	importWithSandboxCredential,
	prepareExample,
	readExamples,
	REPO_ROOT,
	startSandbox,
	type RunningSandbox,
} from '../../scripts/n8n';
import { apiClient, type ApiCall } from '../support/client';
import { isChosen } from './support/chosen';
import { startQueueDeployment, type QueueDeployment } from './support/queueMode';
import { executionFromRest, type Execution } from '../e2e/support/environment';
import {
	checkCancelBatch,
	checkChangesToSpreadsheet,
	checkPriceUpdate,
	exampleTestSettings,
} from '../e2e/support/exampleChecks';

const EXAMPLES = ['RrExChangesToXlsx01', 'RrExPriceUpdate03', 'RrExCancelBatch05'];
const MANUAL_TRIGGER = 'When clicking ‘Execute workflow’';

(isChosen('queue') ? describe : describe.skip)('the examples in queue mode', () => {
	let sandbox: RunningSandbox;
	let api: ApiCall;
	let queue: QueueDeployment;

	beforeAll(async () => {
		const work = path.join(REPO_ROOT, '.tmp', 'deployments', 'queue-examples');
		sandbox = await startSandbox({ port: 0, quiet: true });
		api = apiClient(sandbox.url);
		queue = await startQueueDeployment(
			work,
			async (deployment) => {
				const filesFolder = deployment.main.filesFolder;
				copyExampleFiles(filesFolder);
				const examples = readExamples().filter((example) => EXAMPLES.includes(example.id));
				expect(examples.map((e) => e.id).sort()).toEqual([...EXAMPLES].sort());
				await importWithSandboxCredential(
					deployment.main,
					sandbox.url,
					examples.map((example) =>
						prepareExample(example, {
							filesFolder,
							fastPolls: true,
							settings: exampleTestSettings(example.id),
						}),
					),
					path.join(work, 'import'),
				);
			},
			{ filesFolder: path.join(work, 'files') },
		);
	}, 300_000);

	afterAll(async () => {
		await queue?.stop();
		await sandbox?.process.stop();
	});

	/** A manual run of the example, which must have run on one of the workers. */
	const runOnWorker = (workflowId: string) => async (): Promise<Execution> => {
		const executionId = await queue.rest.runManually(workflowId, MANUAL_TRIGGER);
		const execution = executionFromRest(await queue.rest.finishedExecution(executionId));
		expect(queue.starts.of(executionId)).toHaveLength(1);
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
	}, 300_000);
});
