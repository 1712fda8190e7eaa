/**
 * The chaos scenario against one deployment: the chaos workflow activated, then rounds of random
 * changes with API faults and interruptions of n8n (graceful restarts everywhere; `kill -9` of the
 * main process, and of a worker in queue mode, where n8n promises durability), then a quiet end
 * and the truth ledger. The sandbox may answer in another reading of the spec (docs/sandbox.md,
 * Readings): the drivers and the ledgers then read and expect the API's records that way. The
 * nodes may authenticate with the OAuth2 credential (client credentials) instead of the staff
 * token: the sandbox's tokens then live 30 s, so that n8n renews them several times in a run.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import seedrandom from 'seedrandom';
import {
	isQueue,
	N8nRest,
	nodeCredentialFor,
	POLL_INTERVAL_MS,
	sandboxCredentialFor,
	startSandbox,
	type Deployment,
	type DeploymentKind,
	type RunningSandbox,
	type SandboxAuth,
} from '../../../scripts/n8n';
import { prepareIn } from './prepare';
import type { TokenCounts } from '../../../sandbox/oauth';
import { MAX_RANGE_DAYS } from '../../../nodes/shared/dateWindows';
import type { ReadingName } from '../../../sandbox/readings';
import { apiClient } from '../../support/client';
import { ChangeDriver } from './driver';
import { compareLedger, type ExpectedChange, type LedgerResult, type ReportedItem } from './ledger';
import {
	compareGuests,
	driverBookings,
	seedBookingsThatMayBringAGuest,
	type GuestLedgerResult,
} from './guestLedger';
import { MomentDriver } from './momentDriver';
import {
	NATIVE_WORKFLOW_ID,
	nativeReminderWorkflow,
	nativeShare,
	sameShare,
} from './nativePattern';
import {
	compareMoments,
	expectedMoments,
	MOMENT_EVENTS,
	unchangedBookings,
	type Disturbance,
	type MomentLedgerResult,
} from './momentLedger';
import { printLine } from './print';
import { ReadingView } from '../../support/reading';
import { BULL_TIMINGS, WorkerStarts } from './queueMode';
import { measurePollPace, waitForListRequests, type PollPace } from './polls';
import { runFolder } from './runFolder';
import { startSink, type Sink } from './sink';
import { TokenRenewals } from './tokenRenewals';
import {
	settledExecution,
	storedExecution,
	unfinishedExecutions,
	withHeldItems,
	type ExecutionItems,
	type UnfinishedExecution,
} from './unfinished';
import {
	CHAOS_WORKFLOW_ID,
	chaosWorkflow,
	GUESTS_TRIGGER_NAME,
	GUESTS_WORKFLOW_ID,
	guestsWorkflow,
	LOOK_AHEAD_DAYS,
	LOOK_BACK_DAYS,
	TRIGGER_NAME,
	WITH_MOMENTS,
} from './workflow';

/** One poll interval and a margin: the trigger polls every 10 seconds. */
const ROUND_MS = POLL_INTERVAL_MS + 5_000;
/** The longest wait for a poll or an execution: a restart or a kill may come in between. */
const POLL_WAIT_MS = 120_000;
/** After the last round, how long the ledger may take to fill up (a few polls and the executions). */
const SETTLE_MS = 90_000;
/** Then a quiet end of four poll intervals. */
const QUIET_END_MS = 4 * POLL_INTERVAL_MS + 1_000;
export const CHANGES_PER_ROUND = 8;
/**
 * With the OAuth2 credential, how long the sandbox's tokens live: three poll intervals, so that a
 * run of about 200 s outlives several tokens and n8n renews one every third or fourth poll.
 */
export const OAUTH2_TOKEN_LIFETIME_SECONDS = 30;

/** An execution whose worker the scenario killed, with its status as n8n stored it just after. */
export interface KilledExecution extends ExecutionItems {
	statusAtKill: string;
}

export interface ScenarioResult {
	kind: DeploymentKind;
	/** The reading the sandbox answered in. */
	reading: ReadingName;
	/** How the nodes authenticated: the staff token, or the OAuth2 credential. */
	auth: SandboxAuth;
	/** The deployment, the reading when it is not the sandbox's, OAuth2 when used: the result lines' name. */
	label: string;
	/**
	 * With the OAuth2 credential: the tokens the sandbox issued and the requests it refused as
	 * expired, and which n8n process renewed a token how often (`main (7)`), from n8n's debug lines.
	 */
	tokens?: TokenCounts & { renewedBy: string };
	ledger: LedgerResult;
	/** The moments' ledger: reminders, not-arrived alerts and visit-ended follow-ups. */
	moments: MomentLedgerResult;
	/** With the guests trigger riding along: its ledger (./guestLedger). */
	guests?: GuestLedgerResult;
	/** In the default deployment: the native pattern's reminders and the trigger's, for the same moments. */
	native?: { pattern: MomentLedgerResult; trigger: MomentLedgerResult };
	/** Whether the change made between the activation poll and the first scheduled poll was reported. */
	activationGapReported: boolean;
	/**
	 * Whether that change came before the first scheduled poll listed anything: n8n may start it a
	 * second after the activation poll (its tick is on the clock), and then there is no gap to judge.
	 */
	activationGapApplies: boolean;
	/** Executions n8n left unfinished (a killed worker or main), with the trigger's items they hold. */
	unfinished: UnfinishedExecution[];
	/** The executions a killed worker was running, with the trigger's items they held when it was killed. */
	killedExecutions: KilledExecution[];
	interruptions: string[];
	/** How often the trigger polled in the quiet end. */
	pace: PollPace;
	seconds: number;
}

type Interruption = 'none' | 'restart' | 'killMain' | 'killWorker';
type Fault =
	{ status: 500 | 503 | 429; count: number; retryAfterSeconds?: number } | { latencyMs: number };

interface Round {
	fault: Fault | null;
	interruption: Interruption;
}

/**
 * The rounds of a deployment: every one gets faults and a graceful restart; kills where n8n
 * promises durability. The first three rounds' polls all fail or are interrupted, so their changes
 * pile up; a quiet round delivers them, and the last round's poll holds only its own changes.
 */
function roundsFor(kind: DeploymentKind): Round[] {
	const durable = kind !== 'default';
	const queue = isQueue(kind);
	return [
		{ fault: { status: 500, count: 2 }, interruption: 'none' },
		{ fault: { status: 503, count: 3 }, interruption: 'restart' },
		{ fault: { latencyMs: 1500 }, interruption: durable ? 'killMain' : 'restart' },
		{ fault: null, interruption: 'none' },
		{
			fault: { status: 429, count: 2, retryAfterSeconds: 2 },
			interruption: queue ? 'killWorker' : durable ? 'killMain' : 'none',
		},
	];
}

async function injectFault(sandbox: RunningSandbox, fault: Fault | null): Promise<void> {
	if (!fault) return;
	if ('latencyMs' in fault) await sandbox.control('PUT', '/latency', { ms: fault.latencyMs });
	// The trigger's list requests only: the moment driver's changes must land when scripted.
	else await sandbox.control('POST', '/faults', { ...fault, pathContains: '/reservations?' });
}

/** The list requests of one poll: every window of the horizon, for each of the seed's three restaurants. */
const LIST_REQUESTS_PER_POLL = 3 * Math.ceil((LOOK_BACK_DAYS + LOOK_AHEAD_DAYS) / MAX_RANGE_DAYS);

/**
 * The kind of token the chaos trigger's requests come with (the staff token, or the staff client's
 * OAuth2 tokens): the guests trigger riding along polls with the partner token, and is not counted.
 */
const CHAOS_CLIENT = 'staff';

/** A whole successful poll: every window of every restaurant answered. */
const waitForPoll = (sandbox: RunningSandbox, timeoutMs: number) =>
	waitForListRequests(sandbox, LIST_REQUESTS_PER_POLL, {
		ok: true,
		timeoutMs,
		client: CHAOS_CLIENT,
	});
/** The start of the next poll: its first list request. */
const waitForPollStart = (sandbox: RunningSandbox, timeoutMs: number) =>
	waitForListRequests(sandbox, 1, { ok: false, timeoutMs, client: CHAOS_CLIENT });

class Scenario {
	readonly interruptions: string[] = [];
	/** When faults were on or n8n was interrupted: the moment ledger measures lateness away from them. */
	readonly disturbances: Disturbance[] = [];
	readonly killedExecutions: KilledExecution[] = [];
	readonly rest: N8nRest;
	private readonly random: () => number;
	private readonly log: (line: string) => void;

	constructor(
		kind: DeploymentKind,
		private readonly deployment: Deployment,
		private readonly sandbox: RunningSandbox,
		private readonly workerStarts: WorkerStarts,
		seed: string,
	) {
		this.random = seedrandom(seed);
		this.rest = new N8nRest(deployment.main.url);
		this.log = (line) => printLine(`[${kind}] ${line}`);
	}

	/**
	 * Activates the workflow. One change is made between the activation poll and the first
	 * scheduled poll: with durable cursors n8n drops what the activation poll stored (n8n-core
	 * poll-trigger-executor.js: a null result of the activation poll is never committed), the first
	 * scheduled poll takes the baseline again, and that change is not reported. Returns it.
	 */
	async activate(
		driver: ChangeDriver,
		alongside: string[],
	): Promise<{ gap: ExpectedChange; gapApplies: boolean }> {
		const { rest } = this;
		// The log is cleared before activating: the poll waited for next is the activation poll even
		// when it is over before the activation request returns (its requests run 8 at once).
		await this.sandbox.control('DELETE', '/requests');
		for (const id of [...alongside, CHAOS_WORKFLOW_ID]) await rest.activate(id);
		await waitForListRequests(this.sandbox, LIST_REQUESTS_PER_POLL, {
			ok: true,
			timeoutMs: POLL_WAIT_MS,
			clear: false,
			client: CHAOS_CLIENT,
		});
		const gap = await driver.changeBeforeFirstScheduledPoll();
		const gapApplies = (await this.triggerListRequests()) === LIST_REQUESTS_PER_POLL;
		await waitForPoll(this.sandbox, POLL_WAIT_MS);
		await sleep(3000);
		this.log(
			`activated; baseline taken${gapApplies ? '' : ' (a scheduled poll came before the gap change)'}`,
		);
		return { gap, gapApplies };
	}

	/** The trigger's list requests answered so far (they carry its Include Event Bookings filter). */
	private async triggerListRequests(): Promise<number> {
		const log = (await (await this.sandbox.control('GET', '/requests?clients=true')).json()) as {
			requests: Array<{ url: string; client?: string }>;
		};
		return log.requests.filter(
			(r) => /\/reservations\?includeEvents=/.test(r.url) && r.client === CHAOS_CLIENT,
		).length;
	}

	/**
	 * Interrupts n8n at a random moment of the next poll: a restart or a main-process kill within the
	 * first 6 s after the poll's first request (the poll, its commit, its execution); in queue mode,
	 * a kill of the worker that runs the poll's execution, within 0.5 s after it started it.
	 */
	private async interrupt(interruption: Interruption): Promise<void> {
		if (interruption === 'none') return;
		if (interruption === 'killWorker') return await this.killWorkerRunningTheExecution();
		await waitForPollStart(this.sandbox, POLL_WAIT_MS);
		const at = Math.round(this.random() * 6000);
		await sleep(at);
		const { deployment } = this;
		const from = Date.now();
		await deployment.stopMain(interruption === 'restart' ? 'graceful' : 'kill');
		await deployment.startMain();
		this.noteInterruption(`${interruption} ${(at / 1000).toFixed(2)} s into the poll`);
		// n8n runs the first poll after it starts (the activation poll) without the check that
		// discards a scheduled poll's result once shutdown began: a restart during it loses its items
		// (n8n's, see docs/deploying.md). The next interruption comes after a whole poll has passed.
		await waitForPoll(this.sandbox, POLL_WAIT_MS);
		this.disturbances.push({ from, to: Date.now() });
	}

	private async killWorkerRunningTheExecution(): Promise<void> {
		const started = await this.workerStarts.firstAfter(
			this.workerStarts.starts.length,
			POLL_WAIT_MS,
		);
		const at = Math.round(this.random() * 500);
		await sleep(at);
		const from = Date.now();
		await this.deployment.stopWorker(started.worker, 'kill');
		// What n8n holds for the execution now: later, failing its job may replace its data. Its
		// status says whether the kill came while it ran or after it had finished (it takes ~0.1 s).
		await this.rest.login();
		const { status, items } = await storedExecution(this.rest, started.executionId, TRIGGER_NAME);
		this.killedExecutions.push({ executionId: started.executionId, items, statusAtKill: status });
		await this.deployment.startWorker(started.worker);
		this.disturbances.push({ from, to: Date.now() });
		this.noteInterruption(
			`killWorker ${(at / 1000).toFixed(2)} s into execution ${started.executionId} (worker ${started.worker + 1})`,
		);
	}

	private noteInterruption(what: string): void {
		this.interruptions.push(what);
		this.log(what);
	}

	async round(index: number, round: Round, driver: ChangeDriver): Promise<void> {
		const started = Date.now();
		await driver.changes(CHANGES_PER_ROUND);
		const faultFrom = Date.now();
		await injectFault(this.sandbox, round.fault);
		const faultUsedUp =
			round.fault && 'count' in round.fault ? this.faultsUsedUp(started + ROUND_MS) : undefined;
		this.log(
			`round ${index + 1}: ${CHANGES_PER_ROUND} changes, fault ${round.fault ? JSON.stringify(round.fault) : 'none'}, ${round.interruption}`,
		);
		await this.interrupt(round.interruption);
		await sleep(Math.max(0, ROUND_MS - (Date.now() - started)));
		await this.sandbox.control('DELETE', '/faults');
		await this.sandbox.control('PUT', '/latency', { ms: 0 });
		if (round.fault)
			this.disturbances.push({ from: faultFrom, to: (await faultUsedUp) ?? Date.now() });
	}

	/** When the sandbox had answered every injected fault (the poll that met them failed then), epoch ms. */
	private async faultsUsedUp(deadline: number): Promise<number> {
		while (Date.now() < deadline) {
			const { pending } = (await (await this.sandbox.control('GET', '/faults')).json()) as {
				pending: unknown[];
			};
			if (pending.length === 0) return Date.now();
			await sleep(200);
		}
		return Date.now();
	}
}

/**
 * Waits until every change reached the sink or is in an execution whose worker was killed, and a
 * poll and its execution had time to follow the last scripted moment.
 */
async function settle(
	sink: Sink,
	driver: ChangeDriver,
	killedExecutions: ExecutionItems[],
	lastMomentAt: number,
): Promise<void> {
	const deadline = Date.now() + SETTLE_MS;
	const killed = killedExecutions.flatMap((execution) => execution.items);
	const reported = () => new Set([...sink.items, ...killed].map((i) => i.reservationId));
	while (Date.now() < deadline && !driver.expected.every((c) => reported().has(c.reservationId)))
		await sleep(1000);
	await sleep(Math.max(0, lastMomentAt + POLL_INTERVAL_MS + 5_000 - Date.now()));
}

/** The trigger's items split: the moments, and the changes of the change driver's reservations. */
function splitItems(
	items: ReportedItem[],
	momentBookings: Set<string>,
	activationGap: ExpectedChange,
): { changes: ReportedItem[]; moments: ReportedItem[] } {
	const moments = items.filter((item) => MOMENT_EVENTS.has(item.event));
	// The moment driver's bookings change several times each: their change items are not the change ledger's.
	const changes = items.filter(
		(item) =>
			!MOMENT_EVENTS.has(item.event) &&
			!momentBookings.has(item.reservationId) &&
			item.reservationId !== activationGap.reservationId,
	);
	return { changes, moments };
}

export interface ScenarioOptions {
	/** The seed of the random changes and interruptions. */
	seed?: string;
	/** The reading the sandbox answers in (`sandbox`, its own, by default). */
	reading?: ReadingName;
	/**
	 * How this package's nodes authenticate: the staff token (default), or `oAuth2`: the OAuth2
	 * credential (client credentials, created without a token) against tokens that live
	 * OAUTH2_TOKEN_LIFETIME_SECONDS.
	 */
	auth?: SandboxAuth;
	/**
	 * Whether a second trigger watches the guests behind the same bookings in the same n8n (issue
	 * 32), authenticating with the sandbox's partner token; its events are judged by ./guestLedger.
	 */
	guests?: boolean;
}

/** The sandbox's partner token, for the guests trigger riding along (its requests are told apart by it). */
const PARTNER_CREDENTIAL = {
	id: 'RrSandboxPartner1',
	name: 'Restaurant Reservations sandbox (partner)',
};

/** The result lines' name: the deployment, its reading when not the sandbox's, its credential when OAuth2. */
function labelOf(kind: DeploymentKind, reading: ReadingName, auth: SandboxAuth): string {
	const notes = [
		...(reading === 'sandbox' ? [] : [`${reading} reading`]),
		...(auth === 'oAuth2' ? [`OAuth2, ${OAUTH2_TOKEN_LIFETIME_SECONDS} s tokens`] : []),
	];
	return notes.length > 0 ? `${kind} (${notes.join('; ')})` : kind;
}

/** The drivers' restaurants over the watched period and a day around it, restaurant-local. */
/** The restaurants the Guests watch of the chaos run watches, with their zones. */
const GUEST_ZONES: Record<string, string> = { 101: 'Europe/Berlin', 102: 'America/New_York' };

function guestPeriods(): Array<{ id: number; from: string; to: string }> {
	const day = (zone: string, days: number) =>
		new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: zone });
	return Object.entries(GUEST_ZONES).map(([id, zone]) => ({
		id: Number(id),
		from: `${day(zone, -LOOK_BACK_DAYS - 1)}T00:00:00`,
		to: `${day(zone, LOOK_AHEAD_DAYS + 1)}T00:00:00`,
	}));
}

/** Runs the whole scenario against a new deployment of `kind`, and stops everything it started. */
export async function runChaosScenario(
	kind: DeploymentKind,
	tarball: string,
	{
		seed = `${process.env.RR_CHAOS_SEED ?? 'chaos'}-${kind}`,
		reading = 'sandbox',
		auth = 'accessToken',
		guests = false,
	}: ScenarioOptions = {},
): Promise<ScenarioResult> {
	const started = Date.now();
	const label = labelOf(kind, reading, auth);
	const credential = nodeCredentialFor(auth);
	const view = new ReadingView(reading);
	const { work, logFile } = runFolder(kind);
	// Every line of n8n and of the sandbox goes to logFile, for the post-mortem of a failed run.
	const log = (source: string) => (line: string) =>
		logFile.write(`${new Date().toISOString()} [${source}] ${line}\n`);
	const workerStarts = new WorkerStarts();
	const renewals = new TokenRenewals();
	const n8nLog = log('n8n');
	const sandbox = await startSandbox({
		port: 0,
		quiet: false,
		reading,
		onLine: log('sandbox'),
		...(auth === 'oAuth2' ? { tokenLifetimeSeconds: OAUTH2_TOKEN_LIFETIME_SECONDS } : {}),
	});
	const sink = await startSink();
	// The native pattern runs beside the trigger in one deployment: its scheduled runs are n8n's.
	const nativeSink = kind === 'default' ? await startSink() : undefined;
	const guestSink = guests ? await startSink() : undefined;
	let deployment: Deployment | undefined;
	try {
		deployment = await prepareIn(work, {
			kind,
			tarball,
			extraEnv: { N8N_LOG_LEVEL: 'debug', ...(isQueue(kind) ? BULL_TIMINGS : {}) },
			log: (line) => {
				workerStarts.see(line);
				renewals.see(line);
				n8nLog(line);
			},
		});
		await deployment.start();
		const scenario = new Scenario(kind, deployment, sandbox, workerStarts, seed);
		await scenario.rest.setupOwner();
		await scenario.rest.createCredentialsAndWorkflows(
			[
				sandboxCredentialFor(auth, sandbox.url),
				...(guestSink
					? [{ ...PARTNER_CREDENTIAL, baseUrl: sandbox.url, accessToken: 'sandbox-partner-token' }]
					: []),
			],
			[
				chaosWorkflow(sink.url, WITH_MOMENTS, undefined, credential),
				...(nativeSink ? [nativeReminderWorkflow(nativeSink.url, credential)] : []),
				...(guestSink ? [guestsWorkflow(guestSink.url, PARTNER_CREDENTIAL)] : []),
			],
		);
		// openapi.yaml describes the sandbox's own reading only: another one is not checked against it.
		const api = apiClient(sandbox.url, { checkContract: reading === 'sandbox' });
		const driver = new ChangeDriver(api, seed, view);
		const momentDriver = new MomentDriver(api, view);
		await driver.load();
		const { gap: activationGap, gapApplies } = await scenario.activate(driver, [
			...(nativeSink ? [NATIVE_WORKFLOW_ID] : []),
			...(guestSink ? [GUESTS_WORKFLOW_ID] : []),
		]);
		const window = { from: Date.now(), to: 0, end: 0 };
		// The moments fall due every few seconds from 10 s on, through the rounds.
		await momentDriver.book(10);
		const scripted = momentDriver.run();
		const rounds = roundsFor(kind);
		for (const [index, round] of rounds.entries()) await scenario.round(index, round, driver);
		await scripted;
		// Faults and interruptions are over: two reminders due in calm measure n8n's pace alone.
		await momentDriver.bookCalm(8);
		await settle(sink, driver, scenario.killedExecutions, momentDriver.lastDueAt);
		window.to = Date.now();
		// A quiet end of a few polls, in which a late duplicate would arrive; meanwhile, the pace.
		const pace = await measurePollPace(sandbox, QUIET_END_MS, CHAOS_CLIENT);
		window.end = Date.now();
		const tokens =
			auth === 'oAuth2'
				? { ...(await sandbox.tokens()), renewedBy: renewals.byProcess() }
				: undefined;
		await scenario.rest.login();
		// Read what n8n keeps of a killed worker's execution only once it settled it (failed its job).
		for (const { executionId } of scenario.killedExecutions)
			await settledExecution(scenario.rest, executionId, POLL_WAIT_MS);
		const unfinished = await unfinishedExecutions(scenario.rest, CHAOS_WORKFLOW_ID, TRIGGER_NAME);
		const guestLedger = guestSink && (await judgeGuests(guestSink));
		/** The Guests watch's items judged (./guestLedger). */
		async function judgeGuests(sink: Sink): Promise<GuestLedgerResult> {
			const guestItems = withHeldItems(
				sink.items,
				await unfinishedExecutions(scenario.rest, GUESTS_WORKFLOW_ID, GUESTS_TRIGGER_NAME),
			);
			const bookings = await driverBookings(api, view, guestPeriods());
			const seedBookings = await seedBookingsThatMayBringAGuest(
				api,
				driver.expected,
				guestItems,
				{ started, ended: Date.now(), lookAheadDays: LOOK_AHEAD_DAYS, zones: GUEST_ZONES },
				new Set(bookings.map((b) => b.reservationId)),
			);
			return compareGuests(bookings, guestItems, seedBookings);
		}
		const items = splitItems(
			withHeldItems(sink.items, unfinished),
			momentDriver.reservationIds,
			activationGap,
		);
		const unchanged = await unchangedBookings(api, momentDriver.reservationIds, view);
		const expected = expectedMoments([...momentDriver.versions, ...unchanged], window);
		const native = nativeSink && {
			pattern: compareMoments(nativeShare(expected), nativeSink.items, scenario.disturbances, {
				checkRescheduled: false,
			}),
			trigger: compareMoments(
				nativeShare(expected),
				sameShare(items.moments, expected),
				scenario.disturbances,
			),
		};
		return {
			native,
			kind,
			reading,
			auth,
			label,
			tokens,
			ledger: compareLedger(driver.expected, items.changes),
			moments: compareMoments(expected, items.moments, scenario.disturbances),
			...(guestLedger ? { guests: guestLedger } : {}),
			unfinished,
			killedExecutions: scenario.killedExecutions,
			activationGapApplies: gapApplies,
			activationGapReported: sink.items.some(
				(item) => item.reservationId === activationGap.reservationId,
			),
			interruptions: scenario.interruptions,
			pace,
			seconds: Math.round((Date.now() - started) / 1000),
		};
	} finally {
		await deployment?.stop();
		await sink.close();
		await nativeSink?.close();
		await guestSink?.close();
		await sandbox.process.stop();
		logFile.end();
	}
}
