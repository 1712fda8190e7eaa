/**
 * The trigger at volume in a real deployment: one restaurant seeded with about `volume`
 * reservations in a 365-day horizon, the trigger polling it every 10 seconds into the sink, a few
 * changes before each poll, and what n8n itself measures of each poll:
 * - the poll's duration and the polls it abandoned (n8n's poll-trigger metrics on /metrics);
 * - the save of the trigger's state: the UPDATE of the workflow's static data (or, with durable
 *   cursors, of the poll cursor) timed by n8n's database layer (TypeORM's slow-query log, every
 *   statement over 1 ms), and the bytes it wrote.
 * Used by `npm run bench` (every deployment) and by the budget test (durable cursors).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
	N8nRest,
	POLL_INTERVAL_MS,
	SANDBOX_TOKEN,
	sandboxCredential,
	startSandbox,
	usesDurableCursors,
	type DeploymentKind,
	type RunningSandbox,
} from '../../../scripts/n8n';
import { MAX_RANGE_DAYS } from '../../../nodes/shared/dateWindows';
import { seededFor } from '../../support/sandbox';
import { waitForListRequests } from './polls';
import { runFolder } from './runFolder';
import { prepareIn } from './prepare';
import { startSink, type Sink } from './sink';
import { chaosWorkflow } from './workflow';

const RESTAURANT = 102;
const LOOK_BACK_DAYS = 1;
const LOOK_AHEAD_DAYS = 364;
const CHANGES_PER_POLL = 3;
/** Polls without changes after the measured ones: what an idle trigger writes. */
const IDLE_POLLS = 3;
/**
 * The most saves (and durable cursor commits) idle polls may make: the state differs from the stored
 * one only when the watched period moves on the hour and at the hourly restaurant lookup, once each.
 */
export const MOST_IDLE_SAVES = 2;
const WORKFLOW_ID = 'RrVolumeTrigger01';
/** The trigger polls every 10 seconds; a poll at volume and its execution within a few more. */
const POLL_WAIT_MS = 90_000;
/** The list requests of one whole poll: every window of the horizon. */
const LIST_REQUESTS_PER_POLL = Math.ceil((LOOK_BACK_DAYS + LOOK_AHEAD_DAYS) / MAX_RANGE_DAYS);

export interface VolumeResult {
	kind: DeploymentKind;
	volume: number;
	/** Scheduled polls measured (each after a few changes). */
	polls: number;
	/** n8n's own timing of the polls (poll() calls that succeeded): mean and count. */
	pollSeconds: { mean: number; count: number };
	/** Polls the durable scheduler abandoned for exceeding its timeout. */
	timeouts: number;
	/** The saves of the trigger's state during the measured polls, as the database layer timed them. */
	saves: Array<{ ms: number; bytes: number }>;
	/** Changes made, and items the workflow received. */
	changes: number;
	reported: number;
	/** Polls that reported something (each one execution): each saves the state once. */
	reportingPolls: number;
	/**
	 * n8n's count of durable cursor commits in the measured polls (zero without durable cursors):
	 * with the execution a poll starts, alone for a poll that reports nothing but whose state differs
	 * from the stored one (the period moved on the hour, the hourly restaurant lookup), and those
	 * that did not succeed.
	 */
	cursorCommits: { withExecution: number; cursorOnly: number; unsuccessful: number };
	/**
	 * The polls after the last change, when nothing changes: n8n's count of them, the saves of the
	 * state the database layer timed, and the durable cursor commits (each poll reads a state that
	 * differs from the stored one only when the hour or the restaurants' hourly lookup moved on).
	 */
	idle: { polls: number; saves: number; cursorCommits: number };
	seconds: number;
}

/** The sum of a metric's samples in Prometheus text, over the label sets that contain `labels`. */
export function metricTotal(text: string, name: string, labels = ''): number {
	return text
		.split('\n')
		.filter((line) => line.startsWith(name) && line.includes(labels))
		.reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
}

/** Sum and count of one histogram in Prometheus text, over the label sets that contain `labels`. */
export function histogram(text: string, name: string, labels = ''): { sum: number; count: number } {
	return {
		sum: metricTotal(text, `${name}_sum`, labels),
		count: metricTotal(text, `${name}_count`, labels),
	};
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

/**
 * The state saves in TypeORM's slow-query log: `query is slow: UPDATE …` for the workflow's static
 * data or the poll cursor, with its parameters (a statement may span lines), then `execution time: N`.
 */
export function statementSaves(lines: string[]): Array<{ ms: number; bytes: number }> {
	const saves: Array<{ ms: number; bytes: number }> = [];
	const isSave =
		/UPDATE\s+(?:"?\w+"?\.)?"?(workflow_entity|poller_state)"?\s+SET\s+"?(staticData|cursor)"?/i;
	let statement: string | undefined;
	for (const raw of lines) {
		const line = raw.replace(ANSI, '');
		const slow = line.indexOf('query is slow:');
		const time = /execution time:\s*(\d+)/.exec(line);
		if (slow >= 0) statement = line.slice(slow);
		else if (time && statement !== undefined) {
			const parameters = statement.indexOf('-- PARAMETERS: ');
			if (isSave.test(statement) && parameters >= 0)
				saves.push({
					ms: Number(time[1]),
					bytes: Buffer.byteLength(firstParameter(statement.slice(parameters + 15))),
				});
			statement = undefined;
		} else if (statement !== undefined) statement += `\n${line.replace(/^[^:]*: /, '')}`;
	}
	return saves;
}

/** The first of the logged parameters (a JSON array), as the text the database stored. */
function firstParameter(json: string): string {
	try {
		const first = (JSON.parse(json) as unknown[])[0];
		return typeof first === 'string' ? first : JSON.stringify(first);
	} catch {
		return json;
	}
}

async function changeSome(sandbox: RunningSandbox, ids: string[], round: number): Promise<void> {
	for (let i = 0; i < CHANGES_PER_POLL; i++) {
		const id = ids[(round * CHANGES_PER_POLL + i) % ids.length];
		const response = await fetch(
			`${sandbox.url}/api/rsv/admin/restaurants/${RESTAURANT}/reservations/${id}`,
			{
				method: 'PUT',
				headers: {
					authorization: `Bearer ${SANDBOX_TOKEN}`,
					'content-type': 'application/json',
				},
				body: JSON.stringify({ tableNumber: `V${round}-${i}` }),
			},
		);
		if (!response.ok) throw new Error(`changing ${id} failed: HTTP ${response.status}`);
	}
}

/** Reservations of the next 30 days that can still change: what the rounds update. */
async function changeable(sandbox: RunningSandbox): Promise<string[]> {
	const day = (offset: number) =>
		new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
	const response = await fetch(
		`${sandbox.url}/api/rsv/admin/restaurants/${RESTAURANT}/reservations?from=${day(2)}T00:00:00&to=${day(32)}T00:00:00`,
		{ headers: { authorization: `Bearer ${SANDBOX_TOKEN}` } },
	);
	const list = (await response.json()) as Array<{ id: string; state: string }>;
	return list.filter((r) => r.state !== 'cancelled').map((r) => r.id);
}

async function waitForItems(sink: Sink, count: number): Promise<void> {
	const deadline = Date.now() + POLL_WAIT_MS;
	while (sink.items.length < count && Date.now() < deadline) await sleep(1000);
	if (sink.items.length < count)
		throw new Error(`${sink.items.length} of ${count} items reached the sink`);
}

/** n8n's timing of the polls that succeeded, in Prometheus text. */
const pollDurations = (text: string) =>
	histogram(text, 'n8n_poll_trigger_duration_seconds', 'status="success"');

/** Waits for IDLE_POLLS more polls (n8n's poll count); the metrics after them. */
async function idlePolls(mainUrl: string, metricsBefore: string): Promise<string> {
	const polls = (text: string) => pollDurations(text).count;
	const deadline = Date.now() + POLL_WAIT_MS + IDLE_POLLS * POLL_INTERVAL_MS;
	for (;;) {
		await sleep(1000);
		const metrics = await (await fetch(`${mainUrl}/metrics`)).text();
		if (polls(metrics) - polls(metricsBefore) >= IDLE_POLLS || Date.now() > deadline) {
			await sleep(3000); // a save after the last poll
			return await (await fetch(`${mainUrl}/metrics`)).text();
		}
	}
}

/** Runs the trigger at `volume` in a new deployment of `kind` for `polls` measured polls. */
export async function runAtVolume(
	kind: DeploymentKind,
	tarball: string,
	volume: number,
	polls: number,
): Promise<VolumeResult> {
	const started = Date.now();
	const { work, logFile } = runFolder(`volume-${kind}`);
	let measuring: string[] | undefined;
	const measuredLines: string[] = [];
	const idleLines: string[] = [];
	const sandbox = await startSandbox({ port: 0, quiet: true, reservations: seededFor(volume) });
	const sink = await startSink();
	const deployment = await prepareIn(work, {
		kind,
		tarball,
		extraEnv: {
			N8N_METRICS: 'true',
			N8N_METRICS_INCLUDE_POLL_TRIGGER_METRICS: 'true',
			DB_LOGGING_MAX_EXECUTION_TIME: '1',
		},
		log: (line) => {
			if (measuring && line.startsWith('main')) measuring.push(line);
			logFile.write(`${line.length > 2000 ? `${line.slice(0, 2000)}…` : line}\n`);
		},
	});
	try {
		await deployment.start();
		const rest = new N8nRest(deployment.main.url);
		await rest.setupOwner();
		const workflow = chaosWorkflow(
			sink.url,
			{
				restaurants: 'one',
				restaurantId: { __rl: true, mode: 'id', value: String(RESTAURANT) },
				lookBackDays: LOOK_BACK_DAYS,
				lookAheadDays: LOOK_AHEAD_DAYS,
			},
			WORKFLOW_ID,
		);
		await rest.createCredentialsAndWorkflows([sandboxCredential(sandbox.url)], [workflow]);
		const ids = await changeable(sandbox);
		await sandbox.control('DELETE', '/requests');
		await rest.activate(WORKFLOW_ID);
		// The activation poll takes the baseline; with durable cursors the first scheduled poll takes
		// it again (the activation poll's state is never committed): one warm-up poll, not measured.
		const baselinePolls = usesDurableCursors(kind) ? 2 : 1;
		await waitForListRequests(sandbox, baselinePolls * LIST_REQUESTS_PER_POLL, {
			ok: true,
			timeoutMs: baselinePolls * POLL_WAIT_MS,
			clear: false,
		});
		await sleep(3000); // the baseline's commit
		const metricsBefore = await (await fetch(`${deployment.main.url}/metrics`)).text();
		measuring = measuredLines;
		for (let round = 0; round < polls; round++) {
			await changeSome(sandbox, ids, round);
			await waitForItems(sink, (round + 1) * CHANGES_PER_POLL);
		}
		await sleep(3000); // the last save
		const metricsAfter = await (await fetch(`${deployment.main.url}/metrics`)).text();
		measuring = idleLines;
		const metricsIdle = await idlePolls(deployment.main.url, metricsAfter);
		measuring = undefined;
		const before = pollDurations(metricsBefore);
		const after = pollDurations(metricsAfter);
		const count = after.count - before.count;
		const commits = (labels: string, [from, to] = [metricsBefore, metricsAfter]) =>
			metricTotal(to, 'n8n_poll_trigger_cursor_commits_total', labels) -
			metricTotal(from, 'n8n_poll_trigger_cursor_commits_total', labels);
		return {
			kind,
			volume,
			polls,
			pollSeconds: { mean: count > 0 ? (after.sum - before.sum) / count : NaN, count },
			timeouts: metricTotal(metricsAfter, 'n8n_poll_trigger_timeouts_total'),
			saves: statementSaves(measuredLines),
			changes: polls * CHANGES_PER_POLL,
			reported: sink.items.length,
			reportingPolls: new Set(sink.items.map((item) => item.executionId)).size,
			cursorCommits: {
				withExecution: commits('operation="with_execution",result="success"'),
				cursorOnly: commits('operation="cursor_only",result="success"'),
				unsuccessful: commits('') - commits('result="success"'),
			},
			idle: {
				polls: pollDurations(metricsIdle).count - after.count,
				saves: statementSaves(idleLines).length,
				cursorCommits: commits('', [metricsAfter, metricsIdle]),
			},
			seconds: Math.round((Date.now() - started) / 1000),
		};
	} finally {
		await deployment.stop();
		await sink.close();
		await sandbox.process.stop();
		logFile.end();
	}
}
