/**
 * Queue mode as the deployment tests use it: which worker started which execution (read from the
 * workers' own log lines), and a queue deployment for one test file whose manual runs go to the
 * workers, with every n8n line kept in `run.log` and in memory.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { N8nRest, type Deployment } from '../../../scripts/n8n';
import { prepareIn } from './prepare';

/** How often Bull checks for stalled jobs in the tests' queue deployments. */
export const STALLED_INTERVAL_MS = 5_000;

/**
 * Bull's timings in the tests' queue deployments, shortened so that a killed worker's job is seen
 * stalled within seconds rather than after n8n's defaults (a 60 s lock, checked every 30 s). What
 * decides the outcome, `maxStalledCount: 0`, is n8n's own and unchanged.
 */
export const BULL_TIMINGS = {
	QUEUE_WORKER_LOCK_DURATION: '10000',
	QUEUE_WORKER_LOCK_RENEW_TIME: '2000',
	QUEUE_WORKER_STALLED_INTERVAL: String(STALLED_INTERVAL_MS),
};

export interface ExecutionStart {
	/** Index of the worker in the deployment (0 for `worker 1`). */
	worker: number;
	executionId: string;
}

/** The executions the workers started, in order, from lines such as `worker 2: … Worker started execution 3 (job 1)`. */
export class WorkerStarts {
	readonly starts: ExecutionStart[] = [];

	see(line: string): void {
		const match = /^worker (\d+): .*Worker started execution (\d+) /.exec(
			stripVTControlCharacters(line),
		);
		if (match) this.starts.push({ worker: Number(match[1]) - 1, executionId: match[2] });
	}

	of(executionId: string): ExecutionStart[] {
		return this.starts.filter((start) => start.executionId === executionId);
	}

	/** The first execution started after `mark` (an earlier `starts.length`). */
	async firstAfter(mark: number, timeoutMs: number): Promise<ExecutionStart> {
		const deadline = Date.now() + timeoutMs;
		while (this.starts.length <= mark) {
			if (Date.now() > deadline)
				throw new Error(`no worker started an execution within ${timeoutMs / 1000} s`);
			await sleep(50);
		}
		return this.starts[mark];
	}
}

export interface QueueDeployment {
	deployment: Deployment;
	/** Signed in as the owner. */
	rest: N8nRest;
	starts: WorkerStarts;
	/** Every line of the main and the workers so far, colours stripped. */
	lines: string[];
	stop(): Promise<void>;
}

export interface QueueDeploymentOptions {
	filesFolder?: string;
	/** The packed package installed into every process's user folder (this tree's by default). */
	tarball?: string;
	/** More n8n environment for every process (e.g. Bull's lock and stall timings). */
	extraEnv?: Record<string, string>;
}

/**
 * Starts a queue deployment in `work` (emptied first); `prepare` creates what the test needs once
 * n8n is up and its owner set up. Manual runs go to the workers
 * (OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS, which n8n 3 makes the only behaviour).
 */
export async function startQueueDeployment(
	work: string,
	prepare: Prepare,
	{ filesFolder, tarball = process.env.E2E_TARBALL!, extraEnv = {} }: QueueDeploymentOptions = {},
): Promise<QueueDeployment> {
	fs.rmSync(work, { recursive: true, force: true });
	fs.mkdirSync(work, { recursive: true });
	const logFile = fs.createWriteStream(path.join(work, 'run.log'));
	const lines: string[] = [];
	const starts = new WorkerStarts();
	const deployment = await prepareIn(work, {
		kind: 'queue',
		tarball,
		filesFolder,
		extraEnv: {
			OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
			N8N_LOG_LEVEL: 'info',
			...BULL_TIMINGS,
			...extraEnv,
		},
		log: (line) => {
			logFile.write(`${line}\n`);
			lines.push(stripVTControlCharacters(line));
			starts.see(line);
		},
	});
	const stop = async () => {
		await deployment.stop();
		logFile.end();
	};
	const rest = await startWithOwner(deployment, prepare, stop);
	return { deployment, rest, starts, lines, stop };
}

/** What a test creates in a started deployment (its credentials and workflows), `rest` signed in as the owner. */
export type Prepare = (deployment: Deployment, rest: N8nRest) => Promise<void>;

/**
 * `deployment` started, its owner set up and what the test needs created (`prepare`): its REST
 * client. When any of it fails, the deployment is stopped (`stop`) and the error thrown on.
 */
export async function startWithOwner(
	deployment: Deployment,
	prepare: Prepare,
	stop: () => Promise<void>,
): Promise<N8nRest> {
	try {
		await deployment.start();
		const rest = new N8nRest(deployment.main.url);
		await rest.setupOwner();
		await prepare(deployment, rest);
		return rest;
	} catch (error) {
		await stop();
		throw error;
	}
}
