/**
 * The trigger over a partner's thousand restaurants in a real deployment (issue 25): the sandbox
 * with 1,000 restaurants behind 100 ms of latency, the trigger on All Accessible Restaurants
 * polling every 10 seconds into the sink, one round of changes on random restaurants, and what n8n
 * measures of the polls (abandoned ones, durations) beside the truth ledger of the changes. Sized
 * for CI: few seeded bookings (the deployment proves reporting and the budget; the bench measures
 * the state of 100 bookings a restaurant), every wait a wait for something, not a fixed time. It
 * also measures the CPU that n8n and the sandbox spend per list request, and with
 * RR_N8N_CPU_PROFILE=1 writes n8n's CPU profile into the run folder (scripts/cpuProfile.ts reads it).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import fs from 'node:fs';
import path from 'node:path';
import { DateTime } from 'luxon';
import seedrandom from 'seedrandom';
import {
	createWithSandboxCredential,
	N8nRest,
	startSandbox,
	type Deployment,
	type DeploymentKind,
	type RunningSandbox,
} from '../../../scripts/n8n';
import { apiClient, type ApiCall } from '../../support/client';
import { compareLedger, type ExpectedChange, type LedgerResult } from './ledger';
import { pollSpans, waitForListRequests, type PollSpan } from './polls';
import { runFolder } from './runFolder';
import { prepareIn } from './prepare';
import { startSink, type Sink } from './sink';
import { chaosWorkflow } from './workflow';
import { histogram, metricTotal } from './volume';
import { groupCpuSeconds, processCpuSeconds } from './cpuTime';

export const RESTAURANTS = 1_000;
const LATENCY_MS = 100;
/** Seeded over two years: about 5 tracked bookings per restaurant in the 60-day horizon. */
const RESERVATIONS_PER_RESTAURANT = 60;
const CHANGES = 12;
const WORKFLOW_ID = 'RrManyRestaurants1';
/** One 60-day window per restaurant: a full round is 1,000 list requests. */
const HORIZON = { lookBackDays: 1, lookAheadDays: 59 };
const WAIT_MS = 300_000;
const LOCAL = "yyyy-LL-dd'T'HH:mm:ss";

/** CPU spent while the trigger listed restaurants, per list request the sandbox answered. */
export interface CpuPerRequest {
	requests: number;
	/** n8n's main process (where the trigger's polls run). */
	n8nMs: number;
	/** The sandbox's processes, on the same machine. */
	sandboxMs: number;
}

export interface ManyRestaurantsResult {
	kind: DeploymentKind;
	ledger: LedgerResult;
	/** Polls n8n abandoned for exceeding its timeout, and polls that failed. */
	abandoned: number;
	failedPolls: number;
	/** Ticks n8n saw start while the previous poll still ran (the trigger's guard reports nothing in them). */
	overlappingTicks: number;
	/** n8n's timing of the successful polls. */
	pollSeconds: { mean: number; count: number };
	/**
	 * What the trigger told n8n's log of its last partial poll (the round's length); none when
	 * every poll listed every restaurant (that line is at debug level).
	 */
	roundLine: string | undefined;
	/** The polls until the baseline as the sandbox saw them (the activation poll first). */
	baselinePolls: PollSpan[];
	/** From activation to the baseline of every restaurant (the activation poll and a full round). */
	cpu: CpuPerRequest;
	/** When each phase ended, seconds from the start: n8n ready, activated, the baseline round, the changes made, all reported. */
	phases: Record<'readyAt' | 'activatedAt' | 'baselineAt' | 'changedAt' | 'reportedAt', number>;
	seconds: number;
}

/** A random restaurant of the whole generated range (ids 104 to 1000). */
function randomRestaurant(random: () => number): number {
	return 104 + Math.floor(random() * (RESTAURANTS - 3));
}

/** The confirmed bookings 2 to 30 days ahead of one restaurant, not of an event. */
async function changeableBookings(
	api: ApiCall,
	restaurantId: number,
): Promise<Array<Record<string, any>>> {
	const { timeZone } = (await api('getRestaurant', { path: { restaurantId } })).body as {
		timeZone: string;
	};
	const today = DateTime.now().setZone(timeZone).startOf('day');
	const list = await api('listReservations', {
		path: { restaurantId },
		query: {
			from: today.plus({ days: 2 }).toFormat(LOCAL),
			to: today.plus({ days: 30 }).toFormat(LOCAL),
			status: 'confirmed',
		},
	});
	return (list.body as Array<Record<string, any>>).filter((r) => r.eventId === null);
}

/**
 * Changes one confirmed booking of a random restaurant (another one when it has none: few are
 * seeded), 2 to 30 days ahead: a new table, or cancelled. Never twice the same restaurant.
 */
async function changeOne(
	api: ApiCall,
	random: () => number,
	n: number,
	used: Set<number>,
): Promise<ExpectedChange> {
	let restaurantId: number;
	let candidates: Array<Record<string, any>> = [];
	do {
		do restaurantId = randomRestaurant(random);
		while (used.has(restaurantId));
		used.add(restaurantId); // before the await: the other changes run side by side
		candidates = await changeableBookings(api, restaurantId);
	} while (candidates.length === 0);
	const r = candidates[Math.floor(random() * candidates.length)];
	const path = { restaurantId, reservationId: String(r.id) };
	if (n % 3 === 0) {
		await api('cancelReservation', { path, body: { note: `scale ${n}`, doNotChargeFee: true } });
		return {
			reservationId: String(r.id),
			event: 'reservationCancelled',
			changes: { state: { previous: 'confirmed', current: 'cancelled' } },
			what: `${restaurantId}/${r.id} cancelled`,
		};
	}
	await api('updateReservation', { path, body: { tableNumber: `S${n}` } });
	return {
		reservationId: String(r.id),
		event: 'reservationUpdated',
		changes: { tableNumber: { previous: r.tableNumber ?? null, current: `S${n}` } },
		what: `${restaurantId}/${r.id} table ${r.tableNumber} -> S${n}`,
	};
}

async function waitForAll(sink: Sink, expected: ExpectedChange[]): Promise<void> {
	const deadline = Date.now() + WAIT_MS;
	const reported = () => new Set(sink.items.map((i) => i.reservationId));
	while (Date.now() < deadline && !expected.every((c) => reported().has(c.reservationId)))
		await sleep(250);
}

/** List requests the sandbox answered 200 since its log was last cleared. */
async function listRequestsAnswered(sandbox: RunningSandbox): Promise<number> {
	const log = (await (await sandbox.control('GET', '/requests')).json()) as {
		requests: Array<{ url: string; status: number }>;
	};
	return log.requests.filter((r) => /\/reservations\?/.test(r.url) && r.status === 200).length;
}

/** CPU seconds so far of n8n's main process and of the sandbox's processes. */
function cpuNow(deployment: Deployment, sandbox: RunningSandbox): { n8n: number; sandbox: number } {
	return {
		n8n: processCpuSeconds(deployment.mainProcess?.child.pid ?? 0),
		sandbox: groupCpuSeconds(sandbox.process.child.pid ?? 0),
	};
}

const profiling = () => process.env.RR_N8N_CPU_PROFILE === '1';
const profileFolder = (work: string) => path.join(work, 'profile');
/** Now on the clock of V8's CPU profiles (CLOCK_MONOTONIC, µs). */
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/**
 * With RR_N8N_CPU_PROFILE=1, n8n's main process writes a V8 CPU profile into the run folder when
 * it stops (gracefully). Set after the imports, so that only `n8n start` profiles.
 */
function profileIfAsked(deployment: Deployment, work: string): void {
	if (!profiling()) return;
	const folder = profileFolder(work);
	deployment.main.env.NODE_OPTIONS = [
		deployment.main.env.NODE_OPTIONS,
		'--cpu-prof',
		`--cpu-prof-dir=${folder}`,
	]
		.filter(Boolean)
		.join(' ');
}

/** A pause in list requests this long means the poll that made them has ended (a poll's requests come 8 at once). */
const POLL_ENDED_GAP_MS = 3_000;

/** Waits until no list request has been answered for POLL_ENDED_GAP_MS. */
async function waitForPollEnd(sandbox: RunningSandbox): Promise<void> {
	const deadline = Date.now() + WAIT_MS;
	while (Date.now() < deadline) {
		const log = (await (await sandbox.control('GET', '/requests?times=true')).json()) as {
			requests: Array<{ url: string; at: number }>;
		};
		const last = Math.max(
			0,
			...log.requests.filter((r) => /\/reservations\?/.test(r.url)).map((r) => r.at),
		);
		if (Date.now() - last >= POLL_ENDED_GAP_MS) return;
		await sleep(250);
	}
	throw new Error(`the poll did not end within ${WAIT_MS / 1000} s`);
}

/**
 * Waits until every restaurant has a stored baseline. n8n's activation poll lists every
 * restaurant (it has 5 minutes) but, with durable cursors, its state is dropped (its round line
 * may come after n8n's activation request has returned); the scheduled polls then list every
 * restaurant once before any twice (never polled first). So the baseline is whole once the sandbox
 * has answered two list requests per restaurant since activation and the poll that made the last
 * has ended. Resolves with the list requests answered by then.
 */
async function waitForBaseline(sandbox: RunningSandbox): Promise<number> {
	await waitForListRequests(sandbox, 2 * RESTAURANTS, {
		ok: true,
		timeoutMs: WAIT_MS,
		clear: false,
	});
	await waitForPollEnd(sandbox);
	return listRequestsAnswered(sandbox);
}

export async function runManyRestaurants(
	kind: DeploymentKind,
	tarball: string,
): Promise<ManyRestaurantsResult> {
	const started = Date.now();
	const elapsed = () => Math.round((Date.now() - started) / 1000);
	const { work, logFile } = runFolder(`many-${kind}`);
	let roundLine: string | undefined;
	const sandbox = await startSandbox({
		port: 0,
		quiet: true,
		restaurants: RESTAURANTS,
		latencyMs: LATENCY_MS,
		reservations: RESERVATIONS_PER_RESTAURANT,
	});
	const sink: Sink = await startSink();
	const deployment = await prepareIn(work, {
		kind,
		tarball,
		// n8n's default log level: at debug n8n logs every expression it evaluates (one per request).
		extraEnv: { N8N_METRICS: 'true', N8N_METRICS_INCLUDE_POLL_TRIGGER_METRICS: 'true' },
		log: (line) => {
			const at = line.indexOf('Restaurant Reservations Trigger: polled');
			if (at >= 0) roundLine = line.slice(at).split('\u001b')[0]; // before the colour codes
			logFile.write(`${line.length > 2000 ? `${line.slice(0, 2000)}…` : line}\n`);
		},
	});
	try {
		profileIfAsked(deployment, work);
		await deployment.start();
		const readyAt = elapsed();
		const rest = new N8nRest(deployment.main.url);
		await rest.setupOwner();
		await createWithSandboxCredential(rest, sandbox.url, [
			chaosWorkflow(sink.url, HORIZON, WORKFLOW_ID),
		]);
		await sandbox.control('DELETE', '/requests');
		const before = { ...cpuNow(deployment, sandbox), us: monotonicUs() };
		await rest.activate(WORKFLOW_ID);
		const activatedAt = elapsed();
		const requests = await waitForBaseline(sandbox);
		const after = { ...cpuNow(deployment, sandbox), us: monotonicUs() };
		const baselinePolls = await pollSpans(sandbox);
		const baselineAt = elapsed();
		// The baseline round's window, for scripts/cpuProfile.ts --window.
		if (profiling()) {
			fs.mkdirSync(profileFolder(work), { recursive: true });
			fs.writeFileSync(
				path.join(profileFolder(work), 'window.json'),
				JSON.stringify({ fromUs: before.us, toUs: after.us, requests }),
			);
		}
		// That poll's commit: the next list request belongs to a later poll.
		await waitForListRequests(sandbox, 1, { ok: true, timeoutMs: WAIT_MS });
		const api = apiClient(sandbox.url);
		const random = seedrandom(`many-${kind}`);
		const used = new Set<number>();
		// Side by side: each change is a few requests 100 ms late, and a restaurant without a
		// changeable booking costs two more.
		const expected = await Promise.all(
			Array.from({ length: CHANGES }, (_, i) => changeOne(api, random, i + 1, used)),
		);
		const changedAt = elapsed();
		await waitForAll(sink, expected);
		const reportedAt = elapsed();
		// Every restaurant listed once more, in which a duplicate would arrive.
		await waitForListRequests(sandbox, RESTAURANTS, { ok: true, timeoutMs: WAIT_MS });
		const metrics = await (await fetch(`${deployment.main.url}/metrics`)).text();
		const polls = histogram(metrics, 'n8n_poll_trigger_duration_seconds', 'status="success"');
		return {
			kind,
			ledger: compareLedger(expected, sink.items),
			abandoned: metricTotal(metrics, 'n8n_poll_trigger_timeouts_total'),
			failedPolls: metricTotal(metrics, 'n8n_poll_trigger_errors_total'),
			overlappingTicks: metricTotal(metrics, 'n8n_poll_trigger_overlapping_ticks_total'),
			pollSeconds: { mean: polls.count > 0 ? polls.sum / polls.count : NaN, count: polls.count },
			roundLine,
			baselinePolls,
			cpu: {
				requests,
				n8nMs: ((after.n8n - before.n8n) * 1000) / requests,
				sandboxMs: ((after.sandbox - before.sandbox) * 1000) / requests,
			},
			phases: { readyAt, activatedAt, baselineAt, changedAt, reportedAt },
			seconds: elapsed(),
		};
	} finally {
		await deployment.stop();
		await sink.close();
		await sandbox.process.stop();
		logFile.end();
	}
}
