/**
 * When the trigger polled, as the sandbox saw it: its reservation-list requests. The tests wait
 * for these instead of sleeping a poll interval.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { RunningSandbox } from '../../../scripts/n8n';

export interface ListRequestWait {
	/** Count only the requests answered 200. */
	ok: boolean;
	timeoutMs: number;
	/** Forget the requests seen so far first (default); false counts from the last clearing. */
	clear?: boolean;
	/** Count only the requests that came with this kind of token (the sandbox's log: staff, partner). */
	client?: string;
}

/** Waits until the sandbox has seen `count` reservation-list requests. */
export async function waitForListRequests(
	sandbox: RunningSandbox,
	count: number,
	{ ok, timeoutMs, clear = true, client }: ListRequestWait,
): Promise<void> {
	if (clear) await sandbox.control('DELETE', '/requests');
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		const log = (await (await sandbox.control('GET', '/requests?clients=true')).json()) as {
			requests: Array<{ url: string; status: number; client?: string }>;
		};
		const lists = log.requests.filter(
			(r) =>
				/\/reservations\?/.test(r.url) &&
				(!ok || r.status === 200) &&
				(client === undefined || r.client === client),
		);
		if (lists.length >= count) return;
		await sleep(100);
	}
	throw new Error(`no poll reached the sandbox within ${timeoutMs / 1000} s`);
}

/** A gap between two list requests longer than this starts a new poll (a poll's requests come together). */
const POLL_GAP_MS = 3_000;

/** One poll as the sandbox saw it: its list requests, and the time from the first to the last answer. */
export interface PollSpan {
	requests: number;
	seconds: number;
}

/** The polls in the sandbox's log since it was last cleared (list requests answered 200, split at quiet gaps). */
export async function pollSpans(sandbox: RunningSandbox): Promise<PollSpan[]> {
	const log = (await (await sandbox.control('GET', '/requests?times=true')).json()) as {
		requests: Array<{ url: string; status: number; at: number }>;
	};
	const times = log.requests
		.filter((r) => /\/reservations\?/.test(r.url) && r.status === 200)
		.map((r) => r.at)
		.sort((a, b) => a - b);
	const spans: Array<{ first: number; last: number; requests: number }> = [];
	for (const at of times) {
		const current = spans[spans.length - 1];
		if (current && at - current.last <= POLL_GAP_MS) {
			current.last = at;
			current.requests++;
		} else spans.push({ first: at, last: at, requests: 1 });
	}
	return spans.map((s) => ({ requests: s.requests, seconds: (s.last - s.first) / 1000 }));
}

export interface PollPace {
	/** Polls seen in the measured span. */
	polls: number;
	/** The median time between the starts of two polls, in seconds (NaN with fewer than two polls). */
	medianIntervalSeconds: number;
}

/**
 * How often the trigger polls, watched for `ms` from the sandbox's log: the starts of its polls
 * (list requests after a quiet gap) and the median time between them.
 */
export async function measurePollPace(
	sandbox: RunningSandbox,
	ms: number,
	client?: string,
): Promise<PollPace> {
	await sandbox.control('DELETE', '/requests');
	await sleep(ms);
	const log = (await (
		await sandbox.control('GET', '/requests?times=true&clients=true')
	).json()) as {
		requests: Array<{ url: string; at: number; client?: string }>;
	};
	const times = log.requests
		.filter((r) => /\/reservations\?/.test(r.url) && (client === undefined || r.client === client))
		.map((r) => r.at)
		.sort((a, b) => a - b);
	const starts = times.filter((at, i) => i === 0 || at - times[i - 1] > POLL_GAP_MS);
	const intervals = starts
		.slice(1)
		.map((at, i) => (at - starts[i]) / 1000)
		.sort((a, b) => a - b);
	return {
		polls: starts.length,
		medianIntervalSeconds: intervals.length > 0 ? intervals[Math.floor(intervals.length / 2)] : NaN,
	};
}
