/**
 * The trigger over many restaurants (issue 25), against the sandbox with generated restaurants:
 * - a poll of 10, 100 and 1,000 restaurants, each API answer 100 ms late, against the floor: a plain
 *   client making the same list requests with the same limit on requests in flight;
 * - whether one poll with n8n's durable budget (36 s) covers 1,000 restaurants at the default limit,
 *   and how many polls a full round takes;
 * - with a rate limit of 20 requests a second: retries per request, and the poll's rates against it;
 * - the stored state of 1,000 restaurants with about 100 tracked bookings each, and the CPU cost of
 *   serialising it once (n8n writes it whole; the deployments part times the writes).
 */
import type { IDataObject, INodeParameters, INodeType } from 'n8n-workflow';
import { mapWithConcurrency } from '../nodes/shared/concurrency';
import { DEFAULT_REQUEST_LIMIT } from '../nodes/RestaurantReservationsTrigger/api/requests';
import { SAVE_MARGIN_MS } from '../nodes/RestaurantReservationsTrigger/poll/overlapGuard';
import { horizonAt } from '../nodes/RestaurantReservationsTrigger/targets/reservations/horizon';
import { localDay } from '../test/trigger/support';
import { sandboxCredentials } from '../test/support/credentials';
import { poll, type PollResult } from '../test/support/engine';
import { startSandbox, type RunningSandbox } from '../test/support/sandbox';
import { TOKENS } from '../test/support/tokens';
import { median, medianWithRange, round, sample, sideBySide, type Stats } from './lib/measure';
import { builtNode } from './lib/node';
import { add } from './lib/report';

const LATENCY_MS = 100;
/** n8n's durable poll budget with its default settings: 45 s poll timeout minus 20 %. */
const DURABLE_BUDGET_MS = 36_000;
const RATE_LIMIT = 20;
const RATE_LIMITED_RESTAURANTS = 300;
/** Spread over 731 days: about 25 in the default 91-day horizon, 100 in 365 days. */
const BOOKINGS_PER_RESTAURANT = 200;
const LOOK_BACK = 1;
const LOOK_AHEAD = 90;
const STATE_LOOK_AHEAD = 364;
const TIMED_RUNS_AT_1000 = 2;
const BENCH = 'restaurants';

const parameters = (lookAheadDays = LOOK_AHEAD): INodeParameters => ({
	restaurants: 'all',
	lookBackDays: LOOK_BACK,
	lookAheadDays,
});

interface Restaurant {
	id: number;
	timeZone: string;
}

/** When the last durable tick of any installation ended: they share one trigger's overlap guard (same workflow and node). */
let lastDurableEnded = 0;

/** A trigger installation on one sandbox: its ticks, its static data. */
class Installed {
	readonly staticData: IDataObject = {};

	constructor(
		private readonly nodeType: INodeType,
		private readonly sandbox: RunningSandbox,
		private readonly params: INodeParameters,
	) {}

	async tick(pollBudgetMs?: number): Promise<PollResult> {
		// A poll this soon after a durable one is refused (overlapGuard).
		const wait = lastDurableEnded + SAVE_MARGIN_MS + 100 - Date.now();
		if (wait > 0) await sleep(wait);
		const result = await poll({
			nodeType: this.nodeType,
			type: 'CUSTOM.restaurantReservationsTrigger',
			parameters: this.params,
			credentials: sandboxCredentials(this.sandbox.url, TOKENS.staff),
			staticData: this.staticData,
			...(pollBudgetMs === undefined ? {} : { pollBudgetMs }),
		});
		if (pollBudgetMs !== undefined) lastDurableEnded = Date.now();
		if (result.error) throw new Error(`poll failed: ${result.error.message}`);
		return result;
	}

	/** The node's stored entries by restaurant. */
	get entries(): Record<string, { p?: number; s?: string }> {
		const node = this.staticData['node:Restaurant Reservations Trigger'] as IDataObject;
		return (node?.r ?? {}) as Record<string, { p?: number; s?: string }>;
	}
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function restaurantsOf(sandbox: RunningSandbox): Promise<Restaurant[]> {
	const response = await fetch(`${sandbox.url}/api/core/admin/restaurants`, {
		headers: { authorization: `Bearer ${TOKENS.staff}` },
	});
	return (await response.json()) as Restaurant[];
}

/** A booking in each of `count` restaurants, spread over the list, so that polls report something. */
async function bookSome(sandbox: RunningSandbox, restaurants: Restaurant[], count = 3) {
	for (let i = 0; i < count; i++) {
		const { id, timeZone } = restaurants[Math.floor((i * restaurants.length) / count)];
		const response = await fetch(`${sandbox.url}/api/rsv/admin/restaurants/${id}/reservations`, {
			method: 'POST',
			headers: { authorization: `Bearer ${TOKENS.staff}`, 'content-type': 'application/json' },
			body: JSON.stringify({
				reservationTime: localDay(timeZone, 10 + i),
				groupSize: 2,
				customerName: 'Bench Guest',
			}),
		});
		if (response.status !== 201) throw new Error(`booking failed: ${response.status}`);
	}
}

/** The floor: every restaurant's windows fetched and parsed by a plain client, as many at once as the trigger may. */
function plainPoll(sandbox: RunningSandbox, restaurants: Restaurant[]) {
	return async () => {
		const requests = restaurants.flatMap(({ id, timeZone }) =>
			horizonAt(new Date(), timeZone, LOOK_BACK, LOOK_AHEAD).windows.map(
				(w) =>
					`${sandbox.url}/api/rsv/admin/restaurants/${id}/reservations?includeEvents=true&from=${w.from}&to=${w.to}`,
			),
		);
		await mapWithConcurrency(requests, DEFAULT_REQUEST_LIMIT, async (url) => {
			const response = await fetch(url, { headers: { authorization: `Bearer ${TOKENS.staff}` } });
			return (await response.json()) as IDataObject[];
		});
	};
}

function pollRow(count: number, trigger: Stats, floor: Stats): void {
	const ratio = round(trigger.medianMs / floor.medianMs, 2);
	add({
		key: `${BENCH}.${count}.poll`,
		benchmark: BENCH,
		measure: `${count.toLocaleString('en')} restaurants, ${LATENCY_MS} ms latency, ${DEFAULT_REQUEST_LIMIT} requests at once: poll ms, median (min-max) over ${trigger.runs}`,
		...medianWithRange(trigger),
		floor: floor.medianMs,
		ratio,
		target: '<= 1.3 x plain client, same limit',
		met: ratio <= 1.3,
	});
}

/** Poll time at one size against the floor; returns the sandbox for more measures at 1,000. */
async function benchSize(
	nodeType: INodeType,
	count: number,
	runs: number,
): Promise<{ sandbox: RunningSandbox; restaurants: Restaurant[] }> {
	const sandbox = await startSandbox({
		quiet: true,
		restaurants: count,
		reservations: BOOKINGS_PER_RESTAURANT,
		latencyMs: LATENCY_MS,
	});
	const restaurants = await restaurantsOf(sandbox);
	const trigger = new Installed(nodeType, sandbox, parameters());
	await trigger.tick();
	const [polls, floors] = await sideBySide(
		runs,
		async () => await trigger.tick(),
		plainPoll(sandbox, restaurants),
		// Every poll of the trigger reports a few new bookings.
		async () => await bookSome(sandbox, restaurants),
	);
	pollRow(count, polls, floors);
	return { sandbox, restaurants };
}

/** One poll with the durable budget over 1,000 restaurants: how many it covers, and the round. */
async function benchFullRound(
	nodeType: INodeType,
	sandbox: RunningSandbox,
	restaurants: Restaurant[],
) {
	const trigger = new Installed(nodeType, sandbox, parameters());
	const covered: number[] = [];
	const seconds: number[] = [];
	// From a new activation (the lookup of the restaurants included) until every restaurant was polled once, then one more poll with changes.
	for (let polls = 0; polls < 2 || covered.at(-1)! < restaurants.length; polls++) {
		if (polls > 0) await bookSome(sandbox, restaurants);
		const started = Date.now();
		await trigger.tick(DURABLE_BUDGET_MS);
		seconds.push((Date.now() - started) / 1000);
		const since = Math.floor(started / 1000);
		covered.push(Object.values(trigger.entries).filter((e) => e.s && (e.p ?? 0) >= since).length);
		if (polls > 5) break;
	}
	const everyPoll = covered.every((n) => n === restaurants.length);
	add({
		key: `${BENCH}.1000.round`,
		benchmark: BENCH,
		measure: `1,000 restaurants, ${LATENCY_MS} ms latency, durable budget ${DURABLE_BUDGET_MS / 1000} s: restaurants covered per poll; poll s`,
		value: `${covered.join(', ')}; ${seconds.map((s) => s.toFixed(1)).join(', ')}`,
		figures: {
			firstCovered: covered[0],
			covered: covered.at(-1)!,
			seconds: round(median(seconds), 1),
			maxSeconds: round(Math.max(...seconds), 1),
			polls: covered.length,
		},
		target: 'every restaurant in each poll (a full round within one budget)',
		met: everyPoll,
	});
}

/** With a rate limit: retries per request, and the poll's request rates against the limit. */
async function benchRateLimit(nodeType: INodeType): Promise<void> {
	const sandbox = await startSandbox({
		quiet: true,
		restaurants: RATE_LIMITED_RESTAURANTS,
		reservations: 40,
		latencyMs: LATENCY_MS,
		rateLimitPerSecond: RATE_LIMIT,
	});
	try {
		const restaurants = await restaurantsOf(sandbox);
		const trigger = new Installed(nodeType, sandbox, parameters());
		await trigger.tick();
		await bookSome(sandbox, restaurants);
		let result: PollResult | undefined;
		const { ms } = await sample(async () => (result = await trigger.tick()));
		const requests = result!.requests;
		const refused = requests.filter((r) => r.status === 429);
		const byUrl = new Map<string, number>();
		for (const r of refused) byUrl.set(r.url, (byUrl.get(r.url) ?? 0) + 1);
		const distinct = new Set(requests.map((r) => r.url)).size;
		const sentRate = round(requests.length / (ms / 1000), 1);
		const acceptedRate = round((requests.length - refused.length) / (ms / 1000), 1);
		const maxRetries = Math.max(0, ...byUrl.values());
		add({
			key: `${BENCH}.rate-limit.retries`,
			benchmark: BENCH,
			measure: `${RATE_LIMITED_RESTAURANTS} restaurants, at most ${RATE_LIMIT} requests/s: retries per request (mean; most for one request)`,
			value: `${round(refused.length / distinct, 3)}; ${maxRetries}`,
			figures: {
				perRequest: round(refused.length / distinct, 3),
				max: maxRetries,
				refused: refused.length,
				requests: distinct,
			},
			target: 'no request retried more than once',
			met: maxRetries <= 1,
		});
		add({
			key: `${BENCH}.rate-limit.rate`,
			benchmark: BENCH,
			measure: `${RATE_LIMITED_RESTAURANTS} restaurants, at most ${RATE_LIMIT} requests/s: requests answered per second (all sent, 429s included) over a ${round(ms / 1000, 1)}-s poll`,
			value: `${acceptedRate} (${sentRate})`,
			figures: { accepted: acceptedRate, sent: sentRate, seconds: round(ms / 1000, 1) },
			floor: RATE_LIMIT,
			ratio: round(acceptedRate / RATE_LIMIT, 2),
			target: `within 10 % of ${RATE_LIMIT}: answered >= ${RATE_LIMIT * 0.9}, sent <= ${RATE_LIMIT * 1.1}`,
			met: acceptedRate >= RATE_LIMIT * 0.9 && sentRate <= RATE_LIMIT * 1.1,
		});
	} finally {
		await sandbox.stop();
	}
}

/** The stored state of 1,000 restaurants with about 100 tracked bookings each. */
async function benchState(nodeType: INodeType, sandbox: RunningSandbox): Promise<void> {
	await sandbox.control('PUT', '/latency', { ms: 0 });
	const trigger = new Installed(nodeType, sandbox, parameters(STATE_LOOK_AHEAD));
	await trigger.tick();
	const entries = Object.values(trigger.entries);
	const tracked = entries.reduce((n, e) => n + (e.s ? e.s.split('|').length : 0), 0);
	const text = JSON.stringify(trigger.staticData);
	const bytes = Buffer.byteLength(text);
	const serialise: number[] = [];
	for (let i = 0; i < 7; i++)
		serialise.push((await sample(async () => JSON.parse(JSON.stringify(trigger.staticData)))).ms);
	add({
		key: `${BENCH}.1000.state`,
		benchmark: BENCH,
		measure: `1,000 restaurants, ${round(tracked / entries.length, 0)} tracked bookings each (365 days): static data bytes (per tracked booking); serialise and parse once, ms`,
		value: `${bytes} (${round(bytes / tracked, 1)}); ${round(median(serialise), 1)}`,
		figures: {
			bytes,
			perBooking: round(bytes / tracked, 1),
			tracked,
			perRestaurant: round(tracked / entries.length, 0),
			serialiseMs: round(median(serialise), 1),
		},
		target: 'info (n8n writes it whole at each poll that changes it)',
	});
}

export async function benchRestaurants(runs: number): Promise<void> {
	const nodeType = builtNode(
		'nodes/RestaurantReservationsTrigger/RestaurantReservationsTrigger.node.js',
		'RestaurantReservationsTrigger',
	);
	for (const count of [10, 100]) await (await benchSize(nodeType, count, runs)).sandbox.stop();
	const { sandbox, restaurants } = await benchSize(
		nodeType,
		1000,
		Math.min(runs, TIMED_RUNS_AT_1000),
	);
	try {
		await benchFullRound(nodeType, sandbox, restaurants);
		await benchState(nodeType, sandbox);
	} finally {
		await sandbox.stop();
	}
	await benchRateLimit(nodeType);
}
