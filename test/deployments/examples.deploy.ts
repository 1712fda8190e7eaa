/**
 * The examples run unchanged in queue mode: PostgreSQL, Redis, one main and two workers. The
 * manual examples (03, 05) are started as the editor's "Execute workflow" does and run on a worker
 * (OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS, which n8n 3 makes the only behaviour); the trigger example
 * (01) polls on the main process and its executions run on the workers. Each is checked as in the
 * one-process end-to-end test (test/e2e/support/exampleChecks.ts), with the same Settings (05's
 * closed days, which it ships without).
 *
 * The examples authenticate with the OAuth2 credential (the staff client), which the one-process
 * test does not use: created with a token n8n got earlier (as a credential used the day before
 * has), and every token the sandbox issued expires before each test. So the worker that runs a
 * manual example meets a 401, renews the token (n8n's debug line names the process) and repeats
 * the request; the trigger example's first poll on the main does the same.
 */
import path from 'node:path';
import {
	copyExampleFiles,
	prepareExample,
	readExamples,
	REPO_ROOT,
	SANDBOX_OAUTH2_CREDENTIAL,
	sandboxOAuth2Credential,
	startSandbox,
	type RunningSandbox,
} from '../../scripts/n8n';
import type { TokenCounts } from '../../sandbox/oauth';
import { fetchedToken } from '../support/tokens';
import { apiClient, type ApiCall } from '../support/client';
import { isChosen } from './support/chosen';
import { printLine } from './support/print';
import { startQueueDeployment, type QueueDeployment } from './support/queueMode';
import { TokenRenewals } from './support/tokenRenewals';
import { runManualExample, type Execution } from '../e2e/support/environment';
import {
	checkCancelBatch,
	checkChangesToSpreadsheet,
	checkPriceUpdate,
	exampleTestSettings,
} from '../e2e/support/exampleChecks';

const EXAMPLES = ['RrExChangesToXlsx01', 'RrExPriceUpdate03', 'RrExCancelBatch05'];

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
			async (deployment, rest) => {
				const filesFolder = deployment.main.filesFolder;
				copyExampleFiles(filesFolder);
				const examples = readExamples().filter((example) => EXAMPLES.includes(example.id));
				expect(examples.map((e) => e.id).sort()).toEqual([...EXAMPLES].sort());
				const credential = sandboxOAuth2Credential(sandbox.url);
				credential.data.oauthTokenData = await fetchedToken(sandbox.url);
				await rest.createCredentialsAndWorkflows(
					[credential],
					examples.map((example) =>
						prepareExample(example, {
							filesFolder,
							fastPolls: true,
							settings: exampleTestSettings(example.id),
							credential: SANDBOX_OAUTH2_CREDENTIAL,
						}),
					),
				);
			},
			// n8n's debug lines say which process renewed a token.
			{ filesFolder: path.join(work, 'files'), extraEnv: { N8N_LOG_LEVEL: 'debug' } },
		);
	}, 300_000);

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

	afterAll(async () => {
		await queue?.stop();
		await sandbox?.process.stop();
	});

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
