/**
 * The trigger over a partner's thousand restaurants in a real deployment (issue 25): the sandbox
 * with 1,000 restaurants behind 100 ms of latency, the trigger on All Accessible Restaurants
 * polling every 10 seconds into the sink, rounds of changes on random restaurants, and what n8n
 * measures of the polls (abandoned ones, durations) beside the truth ledger of the changes.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { DateTime } from 'luxon';
import seedrandom from 'seedrandom';
import {
	freePort,
	importWithSandboxCredential,
	N8nRest,
	prepareDeployment,
	runtime,
	startSandbox,
	type DeploymentKind,
} from '../../../scripts/n8n';
import { apiClient, type ApiCall } from '../../support/client';
import { compareLedger, type ExpectedChange, type LedgerResult } from './ledger';
import { waitForListRequests } from './polls';
import { runFolder } from './runFolder';
import { startSink, type Sink } from './sink';
import { chaosWorkflow } from './workflow';
import { histogram, metricTotal } from './volume';

export const RESTAURANTS = 1_000;
const LATENCY_MS = 100;
/** Seeded over two years: about 20 tracked bookings per restaurant in the 60-day horizon. */
const RESERVATIONS_PER_RESTAURANT = 240;
const ROUNDS = 2;
const CHANGES_PER_ROUND = 12;
const WORKFLOW_ID = 'RrManyRestaurants1';
/** One 60-day window per restaurant: a full round is 1,000 list requests. */
const HORIZON = { lookBackDays: 1, lookAheadDays: 59 };
const WAIT_MS = 300_000;
const LOCAL = "yyyy-LL-dd'T'HH:mm:ss";

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
	/** What the trigger told n8n's log of its rounds (the last such line). */
	roundLine: string | undefined;
	seconds: number;
}

/** Changes one confirmed booking of a random restaurant, 2 to 30 days ahead: a new table, or cancelled. */
async function changeOne(api: ApiCall, random: () => number, n: number): Promise<ExpectedChange> {
	const restaurantId = 104 + Math.floor(random() * (RESTAURANTS - 3));
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
	const candidates = (list.body as Array<Record<string, any>>).filter((r) => r.eventId === null);
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
		await sleep(1000);
}

export async function runManyRestaurants(
	kind: DeploymentKind,
	tarball: string,
): Promise<ManyRestaurantsResult> {
	const started = Date.now();
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
	const deployment = await prepareDeployment({
		kind,
		rt: runtime(),
		folder: path.join(work, 'n8n'),
		tarball,
		port: await freePort(),
		extraEnv: { N8N_METRICS: 'true', N8N_METRICS_INCLUDE_POLL_TRIGGER_METRICS: 'true' },
		log: (line) => {
			const at = line.indexOf('Restaurant Reservations Trigger: polled');
			if (at >= 0) roundLine = line.slice(at);
			logFile.write(`${line.length > 2000 ? `${line.slice(0, 2000)}…` : line}\n`);
		},
	});
	try {
		await importWithSandboxCredential(
			deployment.main,
			sandbox.url,
			[chaosWorkflow(sink.url, HORIZON, WORKFLOW_ID)],
			path.join(work, 'import'),
		);
		await deployment.start();
		const rest = new N8nRest(deployment.main.url);
		await rest.setupOwner();
		await rest.activate(WORKFLOW_ID);
		// The baseline is whole once a poll says every restaurant has been polled (with durable
		// cursors the activation poll's state is dropped: the scheduled polls take it again).
		roundLine = undefined;
		const deadline = Date.now() + WAIT_MS;
		while (!/a full round/.test(roundLine ?? '') && Date.now() < deadline) await sleep(1000);
		if (!/a full round/.test(roundLine ?? ''))
			throw new Error(`no full round within ${WAIT_MS / 1000} s: ${roundLine}`);
		await sleep(3000); // its commit
		const api = apiClient(sandbox.url);
		const random = seedrandom(`many-${kind}`);
		const expected: ExpectedChange[] = [];
		for (let round = 0; round < ROUNDS; round++) {
			for (let i = 0; i < CHANGES_PER_ROUND; i++)
				expected.push(await changeOne(api, random, expected.length + 1));
			await waitForAll(sink, expected);
		}
		// A few polls more, in which a duplicate would arrive.
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
			seconds: Math.round((Date.now() - started) / 1000),
		};
	} finally {
		await deployment.stop();
		await sink.close();
		await sandbox.process.stop();
		logFile.end();
	}
}
