/**
 * One end-to-end environment: a sandbox, an n8n user folder with the packed package installed as a
 * community package, the credentials and the example workflows imported (with the Settings and
 * parameters the checks expect: exampleTestSettings, exampleTestParameters), and (on demand) the
 * n8n server. Built from the same helpers
 * as `npm run dev` (scripts/n8n/).
 */
import fs from 'node:fs';
import path from 'node:path';
import {
	copyExampleFiles,
	freePort,
	importCredentials,
	importWorkflows,
	installPackedPackage,
	isInstalled,
	n8nInstance,
	N8nRest,
	parseExecutionData,
	prepareExample,
	readExamples,
	REPO_ROOT,
	runN8nCli,
	runtime,
	sandboxCredential,
	startN8n,
	startSandbox,
	type CredentialSpec,
	type ExampleWorkflow,
	type ManagedProcess,
	type N8nInstance,
	type OtherCredentialSpec,
	type N8nRuntime,
	type RunningSandbox,
	type SandboxOptions,
} from '../../../scripts/n8n';
import { apiClient, type ApiCall } from '../../support/client';
import { exampleTestSettings } from './exampleChecks';
import { exampleTestParameters } from './momentExampleChecks';

/** A second credential whose token the sandbox rejects. */
export const WRONG_CREDENTIAL = {
	id: 'RrWrongTokenCred01',
	name: 'Restaurant Reservations (wrong token)',
};

export interface NodeRun {
	status: string;
	items: Array<Record<string, any>>;
	error?: { message?: string; description?: string };
}

export interface Execution {
	code: number | null;
	/** stdout and stderr of `n8n execute`. */
	output: string;
	status?: string;
	error?: { message?: string; description?: string; node?: { name?: string } };
	/** Each node's first run: its status and the items of its first output. */
	nodes: Record<string, NodeRun>;
}

export interface E2eEnvironment {
	sandbox: RunningSandbox;
	api: ApiCall;
	instance: N8nInstance;
	examples: ExampleWorkflow[];
	work: string;
	n8n?: ManagedProcess;
	rest?: N8nRest;
	/** `n8n execute --id` (while no server or beside it: the CLI gets its own task broker port). */
	execute(workflowId: string): Promise<Execution>;
	/**
	 * A manual example run on the running server from its manual trigger, as the editor's Execute
	 * workflow does: no CLI boot (about 7 s of CPU each).
	 */
	runOnServer(workflowId: string): Promise<Execution>;
	/** Starts the n8n server and creates the owner (signed in as the owner on `rest`). */
	startServer(): Promise<N8nRest>;
	stop(): Promise<void>;
}

type RunData = Record<
	string,
	Array<{
		executionStatus: string;
		data?: { main?: Array<Array<{ json: Record<string, any> }>> };
		error?: NodeRun['error'];
	}>
>;

/** What n8n stores of one execution: its status and each node's runs. */
interface ExecutionData {
	status?: string;
	data: { resultData: { error?: Execution['error']; runData: RunData } };
}

function executionOf(code: number | null, output: string, data: ExecutionData): Execution {
	const result: Execution = { code, output, nodes: {} };
	result.status = data.status;
	result.error = data.data.resultData.error;
	for (const [name, runs] of Object.entries(data.data.resultData.runData)) {
		const run = runs[0];
		result.nodes[name] = {
			status: run.executionStatus,
			items: (run.data?.main?.[0] ?? []).map((item) => item.json),
			error: run.error,
		};
	}
	return result;
}

/** The JSON that `n8n execute --rawOutput` prints, from the first line `{` to its closing `}`. */
export function parseExecution(code: number | null, output: string): Execution {
	const lines = output.split('\n');
	const start = lines.indexOf('{');
	const end = start < 0 ? -1 : lines.indexOf('}', start);
	if (start < 0 || end < 0) return { code, output, nodes: {} };
	return executionOf(code, output, JSON.parse(lines.slice(start, end + 1).join('\n')));
}

/** The name of the manual trigger of every example that starts by hand. */
const EXAMPLE_MANUAL_TRIGGER = 'When clicking ‘Execute workflow’';

/** An execution as the REST API gives it (`GET /rest/executions/:id`). */
export function executionFromRest(record: { status: string; data: string }): Execution {
	return executionOf(record.status === 'success' ? 0 : 1, '', {
		status: record.status,
		data: parseExecutionData<ExecutionData['data']>(record.data),
	});
}

/** An example run from its manual trigger over `rest`, as the editor's Execute workflow does, once it finished. */
export async function runManualExample(
	rest: N8nRest,
	workflowId: string,
): Promise<{ executionId: string; execution: Execution }> {
	const executionId = await rest.runManually(workflowId, EXAMPLE_MANUAL_TRIGGER);
	return { executionId, execution: executionFromRest(await rest.finishedExecution(executionId)) };
}

export async function startEnvironment(
	name: string,
	options: {
		/** The n8n to run (default: the current line, the one `npm run dev` runs). */
		rt?: N8nRuntime;
		/** Credentials imported beside the sandbox ones (this package's OAuth2 credential among them), for the sandbox at `sandboxUrl`. */
		extraCredentials?: (sandboxUrl: string) => Promise<Array<CredentialSpec | OtherCredentialSpec>>;
		/** How the sandbox starts (e.g. a short token lifetime); always quiet, on a free port. */
		sandbox?: Omit<SandboxOptions, 'port' | 'quiet'>;
		/**
		 * false: the server without its editor (N8N_DISABLE_UI), for tests that talk to n8n's APIs
		 * alone: its start then writes no editor files (about 7 s of CPU less).
		 */
		editor?: boolean;
		extraWorkflows?: (
			examples: ExampleWorkflow[],
			filesFolder: string,
		) => Array<Record<string, unknown>>;
	} = {},
): Promise<E2eEnvironment> {
	const rt = options.rt ?? runtime();
	if (!isInstalled(rt))
		throw new Error(
			`n8n ${rt.line.n8n} is not installed in ${rt.dir}: run npm run n8n:install -- --line ${rt.line.name}`,
		);
	const tarball = process.env.E2E_TARBALL;
	if (!tarball || !fs.existsSync(tarball))
		throw new Error(
			'E2E_TARBALL is not set: run the tests with npm run test:e2e (its globalSetup packs the package)',
		);

	const work = path.join(REPO_ROOT, '.tmp', 'e2e', name);
	fs.rmSync(work, { recursive: true, force: true });
	const userFolder = path.join(work, 'n8n');
	const filesFolder = path.join(work, 'files');
	await installPackedPackage(tarball, userFolder);

	const sandbox = await startSandbox({ ...options.sandbox, port: 0, quiet: true });
	try {
		return await prepare(sandbox);
	} catch (error) {
		await sandbox.process.stop();
		throw error;
	}

	async function prepare(sandbox: RunningSandbox): Promise<E2eEnvironment> {
		const api = apiClient(sandbox.url);
		const instance = n8nInstance(rt, {
			userFolder,
			filesFolder,
			port: await freePort(),
			brokerPort: await freePort(),
			extraEnv: {
				N8N_LOG_LEVEL: 'warn',
				...(options.editor === false ? { N8N_DISABLE_UI: 'true' } : {}),
			},
		});
		const cliBrokerPort = await freePort();
		const examples = readExamples();
		copyExampleFiles(filesFolder);
		await importCredentials(
			instance,
			[
				sandboxCredential(sandbox.url),
				{ ...WRONG_CREDENTIAL, baseUrl: sandbox.url, accessToken: 'not-a-sandbox-token' },
				...((await options.extraCredentials?.(sandbox.url)) ?? []),
			],
			path.join(work, 'import'),
		);
		await importWorkflows(
			instance,
			[
				...examples.map((example) =>
					prepareExample(example, {
						filesFolder,
						fastPolls: true,
						settings: exampleTestSettings(example.id),
						parameters: exampleTestParameters(example.id),
					}),
				),
				...(options.extraWorkflows?.(examples, filesFolder) ?? []),
			],
			path.join(work, 'import'),
		);

		const env: E2eEnvironment = {
			sandbox,
			api,
			instance,
			examples,
			work,
			async execute(workflowId) {
				const result = await runN8nCli(instance, ['execute', `--id=${workflowId}`, '--rawOutput'], {
					env: { N8N_RUNNERS_BROKER_PORT: String(cliBrokerPort) },
					timeoutMs: 120_000,
				});
				return parseExecution(result.code, result.stdout + result.stderr);
			},
			async runOnServer(workflowId) {
				if (!env.rest) throw new Error('runOnServer needs the server: call startServer first');
				return (await runManualExample(env.rest, workflowId)).execution;
			},
			async startServer() {
				env.n8n = await startN8n(instance);
				env.rest = new N8nRest(instance.url);
				await env.rest.setupOwner();
				return env.rest;
			},
			async stop() {
				await env.n8n?.stop();
				await sandbox.process.stop();
			},
		};
		return env;
	}
}
