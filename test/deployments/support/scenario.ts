/**
 * The chaos scenario against one deployment: the chaos workflow activated, then rounds of random
 * changes with API faults and interruptions of n8n (graceful restarts everywhere; `kill -9` of the
 * main process, and of a worker in queue mode, where n8n promises durability), then a quiet end
 * and the truth ledger.
 */
import fs from 'node:fs';
import path from 'node:path';
import seedrandom from 'seedrandom';
import {
	freePort,
	importCredentials,
	importWorkflows,
	N8nRest,
	REPO_ROOT,
	runtime,
	SANDBOX_CREDENTIAL,
	SANDBOX_TOKEN,
	prepareDeployment,
	startSandbox,
	type Deployment,
	type DeploymentKind,
	type RunningSandbox,
} from '../../../scripts/n8n';
import { MAX_RANGE_DAYS } from '../../../nodes/shared/dateWindows';
import { apiClient } from '../../support/client';
import { ChangeDriver } from './driver';
import { compareLedger, type ExpectedChange, type LedgerResult } from './ledger';
import { startSink, type Sink } from './sink';
import { CHAOS_WORKFLOW_ID, chaosWorkflow, LOOK_AHEAD_DAYS, LOOK_BACK_DAYS } from './workflow';

/** One poll interval and a margin: n8n polls at most once a minute. */
const ROUND_MS = 70_000;
/** After the last round, how long the ledger may take to fill up (two polls and the executions). */
const SETTLE_MS = 150_000;
const CHANGES_PER_ROUND = 8;

export interface ScenarioResult {
	kind: DeploymentKind;
	ledger: LedgerResult;
	/** Whether the change made between the activation poll and the first scheduled poll was reported. */
	activationGapReported: boolean;
	interruptions: string[];
	seconds: number;
}

type Interruption = 'none' | 'restart' | 'killMain' | 'killWorker';
type Fault =
	{ status: 500 | 503 | 429; count: number; retryAfterSeconds?: number } | { latencyMs: number };

interface Round {
	fault: Fault;
	interruption: Interruption;
}

/** The rounds of a deployment: every one gets faults and a graceful restart; kills where n8n promises durability. */
function roundsFor(kind: DeploymentKind): Round[] {
	const durable = kind !== 'default';
	const queue = kind === 'queue' || kind === 'queue-durable';
	return [
		{ fault: { status: 500, count: 2 }, interruption: 'none' },
		{ fault: { status: 503, count: 3 }, interruption: 'restart' },
		{ fault: { latencyMs: 1500 }, interruption: durable ? 'killMain' : 'restart' },
		{
			fault: { status: 429, count: 2, retryAfterSeconds: 2 },
			interruption: queue ? 'killWorker' : durable ? 'killMain' : 'none',
		},
	];
}

async function injectFault(sandbox: RunningSandbox, fault: Fault): Promise<void> {
	if ('latencyMs' in fault) await sandbox.control('PUT', '/latency', { ms: fault.latencyMs });
	else await sandbox.control('POST', '/faults', { ...fault, pathContains: '/reservations' });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the sandbox has seen `count` reservation-list requests (answered with `ok` only, when given). */
async function waitForListRequests(
	sandbox: RunningSandbox,
	count: number,
	ok: boolean,
	timeoutMs: number,
): Promise<void> {
	await sandbox.control('DELETE', '/requests');
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		const log = (await (await sandbox.control('GET', '/requests')).json()) as {
			requests: Array<{ url: string; status: number }>;
		};
		const lists = log.requests.filter(
			(r) => /\/reservations\?/.test(r.url) && (!ok || r.status === 200),
		);
		if (lists.length >= count) return;
		await sleep(100);
	}
	throw new Error(`no poll reached the sandbox within ${timeoutMs / 1000} s`);
}

/** The list requests of one poll: every window of the horizon, for each of the seed's three restaurants. */
const LIST_REQUESTS_PER_POLL = 3 * Math.ceil((LOOK_BACK_DAYS + LOOK_AHEAD_DAYS) / MAX_RANGE_DAYS);

/** A whole successful poll: every window of every restaurant answered. */
const waitForPoll = (sandbox: RunningSandbox, timeoutMs: number) =>
	waitForListRequests(sandbox, LIST_REQUESTS_PER_POLL, true, timeoutMs);
/** The start of the next poll: its first list request. */
const waitForPollStart = (sandbox: RunningSandbox, timeoutMs: number) =>
	waitForListRequests(sandbox, 1, false, timeoutMs);

class Scenario {
	readonly interruptions: string[] = [];
	private readonly random: () => number;
	private readonly log: (line: string) => void;

	constructor(
		kind: DeploymentKind,
		private readonly deployment: Deployment,
		private readonly sandbox: RunningSandbox,
		seed: string,
	) {
		this.random = seedrandom(seed);
		this.log = (line) => process.stdout.write(`[${kind}] ${line}\n`);
	}

	/**
	 * Activates the workflow. One change is made between the activation poll and the first
	 * scheduled poll: with durable cursors n8n drops what the activation poll stored (n8n-core
	 * poll-trigger-executor.js: a null result of the activation poll is never committed), the first
	 * scheduled poll takes the baseline again, and that change is not reported. Returns it.
	 */
	async activate(driver: ChangeDriver): Promise<ExpectedChange> {
		const rest = new N8nRest(this.deployment.main.url);
		await rest.setupOwner();
		const workflow = await rest.request<{ versionId: string }>(
			'GET',
			`/workflows/${CHAOS_WORKFLOW_ID}`,
		);
		await rest.request('POST', `/workflows/${CHAOS_WORKFLOW_ID}/activate`, {
			versionId: workflow.versionId,
		});
		await waitForPoll(this.sandbox, 120_000);
		await sleep(3000);
		const gap = await driver.changeBeforeFirstScheduledPoll();
		await waitForPoll(this.sandbox, 120_000);
		await sleep(3000);
		this.log('activated; baseline taken');
		return gap;
	}

	/**
	 * Interrupts n8n at a random moment of the next poll: a restart or a main-process kill within the
	 * first 6 s after the poll's first request (the poll, its commit, its execution), a worker kill
	 * within 0.5 s after the poll's last request (the execution on the worker).
	 */
	private async interrupt(interruption: Interruption): Promise<void> {
		if (interruption === 'none') return;
		if (interruption === 'killWorker') await waitForPoll(this.sandbox, ROUND_MS);
		else await waitForPollStart(this.sandbox, ROUND_MS);
		const at = Math.round(this.random() * (interruption === 'killWorker' ? 500 : 6000));
		await sleep(at);
		const { deployment } = this;
		if (interruption === 'restart') {
			await deployment.stopMain('graceful');
			await deployment.startMain();
		} else if (interruption === 'killMain') {
			await deployment.stopMain('kill');
			await deployment.startMain();
		} else {
			const index = Math.floor(this.random() * deployment.workers.length);
			await deployment.stopWorker(index, 'kill');
			await deployment.startWorker(index);
		}
		const seconds = (at / 1000).toFixed(2);
		const what =
			interruption === 'killWorker'
				? `${interruption} ${seconds} s after the poll`
				: `${interruption} ${seconds} s into the poll`;
		this.interruptions.push(what);
		this.log(what);
	}

	async round(index: number, round: Round, driver: ChangeDriver): Promise<void> {
		const started = Date.now();
		await driver.changes(CHANGES_PER_ROUND);
		await injectFault(this.sandbox, round.fault);
		this.log(
			`round ${index + 1}: ${CHANGES_PER_ROUND} changes, fault ${JSON.stringify(round.fault)}, ${round.interruption}`,
		);
		await this.interrupt(round.interruption);
		await sleep(Math.max(0, ROUND_MS - (Date.now() - started)));
		await this.sandbox.control('DELETE', '/faults');
		await this.sandbox.control('PUT', '/latency', { ms: 0 });
	}
}

async function settle(sink: Sink, driver: ChangeDriver): Promise<void> {
	const deadline = Date.now() + SETTLE_MS;
	const reported = () => new Set(sink.items.map((i) => i.reservationId));
	while (Date.now() < deadline && !driver.expected.every((c) => reported().has(c.reservationId)))
		await sleep(2000);
	// One more poll interval: a late duplicate would arrive now.
	await sleep(ROUND_MS);
}

/** Runs the whole scenario against a new deployment of `kind`, and stops everything it started. */
export async function runChaosScenario(
	kind: DeploymentKind,
	tarball: string,
	seed = `${process.env.RR_CHAOS_SEED ?? 'chaos'}-${kind}`,
): Promise<ScenarioResult> {
	const started = Date.now();
	const work = path.join(REPO_ROOT, '.tmp', 'deployments', kind);
	fs.rmSync(work, { recursive: true, force: true });
	fs.mkdirSync(work, { recursive: true });
	// Every line of n8n and of the sandbox, for the post-mortem of a failed run.
	const logFile = fs.createWriteStream(path.join(work, 'run.log'));
	const log = (source: string) => (line: string) =>
		logFile.write(`${new Date().toISOString()} [${source}] ${line}\n`);
	const sandbox = await startSandbox({ port: 0, quiet: false, onLine: log('sandbox') });
	const sink = await startSink();
	let deployment: Deployment | undefined;
	try {
		deployment = await prepareDeployment({
			kind,
			rt: runtime(),
			folder: path.join(work, 'n8n'),
			tarball,
			port: await freePort(),
			extraEnv: { N8N_LOG_LEVEL: 'debug' },
			log: log('n8n'),
		});
		await importCredentials(
			deployment.main,
			[{ ...SANDBOX_CREDENTIAL, baseUrl: sandbox.url, accessToken: SANDBOX_TOKEN }],
			path.join(work, 'import'),
		);
		await importWorkflows(deployment.main, [chaosWorkflow(sink.url)], path.join(work, 'import'));
		await deployment.start();
		const scenario = new Scenario(kind, deployment, sandbox, seed);
		const driver = new ChangeDriver(apiClient(sandbox.url), seed);
		await driver.load();
		const activationGap = await scenario.activate(driver);
		const rounds = roundsFor(kind);
		for (const [index, round] of rounds.entries()) await scenario.round(index, round, driver);
		await settle(sink, driver);
		return {
			kind,
			ledger: compareLedger(
				driver.expected,
				sink.items.filter((item) => item.reservationId !== activationGap.reservationId),
			),
			activationGapReported: sink.items.some(
				(item) => item.reservationId === activationGap.reservationId,
			),
			interruptions: scenario.interruptions,
			seconds: Math.round((Date.now() - started) / 1000),
		};
	} finally {
		await deployment?.stop();
		await sink.close();
		await sandbox.process.stop();
		logFile.end();
	}
}
