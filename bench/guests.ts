/**
 * Guests (issue 32), against one restaurant's bookings (sandbox restaurant 101, Berlin, about
 * YEAR_OF_BOOKINGS bookings a year, each with a guest of its own):
 * - Reservation › Get Guest History for 500 input items, each a different guest of the period,
 *   through n8n's engine on the Node that runs n8n (as the action node part), side by side with a
 *   plain client making the same reads: the restaurant, then the period (one year back to 90 days
 *   ahead) in 60-day windows, 4 at a time, filtered 500 times. Its requests from the sandbox's log.
 *   Beside it, a plain client without a run cache (each item lists the period again, window after
 *   window), timed on a sample of the items and scaled to 500.
 * - The trigger's Guests watch against its Reservations watch on the same restaurant and horizon,
 *   polled in turns after the same few changes (new bookings, a state change, a no-show): the
 *   poll's CPU time in the bench's process, the first poll of each (the Guests watch's also reads
 *   History once), the known guests' ledger (`g`) per guest and the whole static data.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { mapWithConcurrency } from '../nodes/shared/concurrency';
import { splitIntoWindows, WINDOW_CONCURRENCY } from '../nodes/shared/dateWindows';
import { localDay } from '../test/trigger/support';
import { sandboxCredentials } from '../test/support/credentials';
import { getNodeStaticData, poll, type PollResult } from '../test/support/engine';
import {
	SEEDED_TIME_ZONES,
	seededFor,
	startSandbox,
	type RunningSandbox,
} from '../test/support/sandbox';
import { TOKENS } from '../test/support/tokens';
import { addGuestHistoryTime } from './lib/guestHistoryTime';
import { median, round, sample, stats, timedAgainst, type Sample } from './lib/measure';
import { builtNode, guestHistoryRun } from './lib/node';
import { oneRestaurantWatched, RESERVATION_EVENTS } from './lib/watch';
import { measureOnN8nNode } from './lib/onN8nNode';
import { add } from './lib/report';

const BENCH = 'guests';
const RESTAURANT = 101;
const ZONE = SEEDED_TIME_ZONES[RESTAURANT];
/** Bookings a year at the restaurant: the seed spreads a restaurant's bookings over 731 days. */
const YEAR_OF_BOOKINGS = 3000;
const SEED = { quiet: true, reservations: seededFor(YEAR_OF_BOOKINGS) };
const HEADERS = { authorization: 'Bearer sandbox-staff-token', 'content-type': 'application/json' };

/** Where the bench starts: Get Guest History on n8n's Node (a child process), the watches here. */
export async function benchGuests(runs: number): Promise<void> {
	await measureOnN8nNode('guests', runs);
	// A poll takes about 0.1 s of CPU on a shared machine: many rounds, for a steadier median.
	await benchGuestsWatch(Math.max(4 * runs, 20));
}

async function getJson<T = unknown>(url: string): Promise<T> {
	const response = await fetch(url, { headers: HEADERS });
	if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
	return (await response.json()) as T;
}

async function send(method: string, url: string, body: IDataObject): Promise<IDataObject> {
	const response = await fetch(url, { method, headers: HEADERS, body: JSON.stringify(body) });
	if (!response.ok)
		throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
	return (await response.json()) as IDataObject;
}

const api = (sandbox: RunningSandbox) => ({
	restaurant: `${sandbox.url}/api/core/admin/restaurants/${RESTAURANT}`,
	reservations: `${sandbox.url}/api/rsv/admin/restaurants/${RESTAURANT}/reservations`,
});

/** The sandbox's log of API requests since the last call, cleared. */
async function requestLog(
	sandbox: RunningSandbox,
): Promise<Array<{ method: string; url: string }>> {
	const log = (await (await sandbox.control('GET', '/requests')).json()) as {
		requests: Array<{ method: string; url: string }>;
	};
	await sandbox.control('DELETE', '/requests');
	return log.requests;
}

// ---------------------------------------------------------------------------------------------
// Reservation › Get Guest History for 500 guests

const GUEST_ITEMS = 500;
/** Items the plain client without a run cache is timed on; its time is scaled to GUEST_ITEMS. */
const PER_ITEM_SAMPLE = 10;

interface Period {
	from: string;
	to: string;
}

/** What a plain client finds of a guest: the same filter on the phone's digits, counted by state. */
function plainSummary(bookings: IDataObject[], phone: string): IDataObject {
	const digits = phone.replace(/\D/g, '');
	const mine = bookings.filter(
		(b) => typeof b.phone === 'string' && b.phone.replace(/\D/g, '') === digits,
	);
	const count = (state: string) => mine.filter((b) => b.state === state).length;
	return {
		phone,
		found: mine.length > 0,
		bookings: mine.length,
		visits: count('completed') + count('seated') + count('arrived'),
		noShows: count('noShow'),
		cancellations: count('cancelled'),
		reservations: mine,
	};
}

function plainClients(sandbox: RunningSandbox, period: Period) {
	const urls = api(sandbox);
	const windows = splitIntoWindows(period.from, period.to);
	const listWindow = (w: Period) =>
		getJson<IDataObject[]>(`${urls.reservations}?from=${w.from}&to=${w.to}&includeEvents=true`);
	/** Every booking of the period, 4 windows at a time. */
	const ofPeriod = async () =>
		(await mapWithConcurrency(windows, WINDOW_CONCURRENCY, listWindow)).flat();
	return {
		windows,
		ofPeriod,
		/** The restaurant (its zone and country), the period once, filtered for every guest. */
		async once(phones: string[]) {
			await getJson(urls.restaurant);
			const bookings = await ofPeriod();
			return phones.map((phone) => plainSummary(bookings, phone));
		},
		/** For each guest, the period again, window after window: no run cache. */
		async perItem(phones: string[]) {
			const summaries: IDataObject[] = [];
			for (const phone of phones) {
				const bookings: IDataObject[] = [];
				for (const w of windows) bookings.push(...(await listWindow(w)));
				summaries.push(plainSummary(bookings, phone));
			}
			return summaries;
		},
	};
}

/** Counts of a run's API requests: the restaurant's profile reads and the list requests. */
function countRequests(requests: Array<{ method: string; url: string }>) {
	const restaurantReads = requests.filter(
		(r) => r.method === 'GET' && new RegExp(`/restaurants/${RESTAURANT}$`).test(r.url),
	).length;
	const lists = requests.filter((r) => r.method === 'GET' && /\/reservations\?/.test(r.url)).length;
	return { total: requests.length, restaurantReads, lists };
}

type Counted = ReturnType<typeof countRequests>;
const said = (c: Counted) =>
	`${c.total} (${c.restaurantReads} restaurant read, ${c.lists} list requests)`;

/** Get Guest History for 500 guests: requests and time against the plain clients. Run on n8n's Node. */
export async function benchGuestHistory(runs: number): Promise<void> {
	const sandbox = await startSandbox(SEED);
	try {
		const history = guestHistoryRun(sandbox.url, {
			restaurantId: { __rl: true, mode: 'id', value: String(RESTAURANT) },
		});
		// The node's own period (its default: a year back to 90 days ahead), for the plain clients.
		const [probe] = await history([{ phone: '+49 30 0000000' }]);
		const period = probe.json.period as Period;
		const plain = plainClients(sandbox, period);
		// 500 guests spread over the period's bookings, each a different phone.
		const ofPeriod = (await plain.ofPeriod()).sort((a, b) =>
			String(a.reservationTime).localeCompare(String(b.reservationTime)),
		);
		const phones = [
			...new Set(
				Array.from(
					{ length: GUEST_ITEMS },
					(_, i) => ofPeriod[Math.floor((i * ofPeriod.length) / GUEST_ITEMS)].phone as string,
				),
			),
		];
		if (phones.length !== GUEST_ITEMS) throw new Error(`only ${phones.length} distinct guests`);
		const items = phones.map((phone) => ({ phone }));

		// Requests and answers, once each, untimed.
		await requestLog(sandbox);
		const answers = await history(items);
		const byNode = countRequests(await requestLog(sandbox));
		const plainAnswers = await plain.once(phones);
		const byPlain = countRequests(await requestLog(sandbox));
		const sampled = phones.slice(0, PER_ITEM_SAMPLE);
		await plain.perItem(sampled);
		const bySampled = countRequests(await requestLog(sandbox));
		const found = answers.filter((a) => a.json.found === true).length;
		const sameCounts = answers.every(
			(a, i) =>
				a.json.bookings === plainAnswers[i].bookings && a.json.noShows === plainAnswers[i].noShows,
		);
		if (found !== GUEST_ITEMS || !sameCounts)
			throw new Error(
				`Get Guest History found ${found} of ${GUEST_ITEMS} guests, or counted otherwise than the plain client`,
			);

		const label = `Reservation › Get Guest History, ${GUEST_ITEMS} guests, ${ofPeriod.length} bookings in the period (${plain.windows.length} windows)`;
		const perItemTotal = (bySampled.total / PER_ITEM_SAMPLE) * GUEST_ITEMS;
		add({
			key: `${BENCH}.history.requests`,
			benchmark: BENCH,
			measure: `${label}: API requests (sandbox log), against a plain client reading the period once (without a run cache: ${perItemTotal})`,
			value: said(byNode),
			floor: said(byPlain),
			figures: {
				total: byNode.total,
				restaurantReads: byNode.restaurantReads,
				lists: byNode.lists,
				floorTotal: byPlain.total,
				windows: plain.windows.length,
				perItemTotal,
				bookings: ofPeriod.length,
			},
			target: `= plain client reading the period once (1 + ${plain.windows.length})`,
			met:
				byNode.total === byPlain.total &&
				byNode.restaurantReads === 1 &&
				byNode.lists === plain.windows.length,
		});

		const timed = await timedAgainst(
			runs,
			() => history(items),
			() => plain.once(phones),
			3,
		);
		addGuestHistoryTime(`${BENCH}.history.time`, label, 'the period once', GUEST_ITEMS, timed);

		const perItemRuns: number[] = [];
		for (let i = 0; i < Math.min(runs, 3); i++)
			perItemRuns.push((await sample(() => plain.perItem(sampled))).ms);
		const perItemMs = round((median(perItemRuns) / PER_ITEM_SAMPLE) * GUEST_ITEMS, 0);
		add({
			key: `${BENCH}.history.per-item`,
			benchmark: BENCH,
			measure: `${label}: median ms, against a plain client listing the period for each item, window after window (${bySampled.lists / PER_ITEM_SAMPLE} requests an item; timed on ${PER_ITEM_SAMPLE} items, times ${GUEST_ITEMS / PER_ITEM_SAMPLE})`,
			value: timed.value,
			floor: perItemMs,
			ratio: round(timed.value / perItemMs, 3),
			figures: { requests: perItemTotal },
			target: 'info',
		});
	} finally {
		await sandbox.stop();
	}
}

// ---------------------------------------------------------------------------------------------
// The trigger's Guests watch against its Reservations watch

const NODE_NAME = 'Restaurant Reservations Trigger';
const LOOK_BACK = 1;
const LOOK_AHEAD = 364;
const HISTORY_DAYS = 365;
/** Fresh installations whose first poll is timed. */
const FIRST_POLLS = 3;
/** Goals of issue 32: a Guests poll against a Reservations poll (CPU), the ledger per guest. */
const GUESTS_CPU_RATIO = 1.2;
const LEDGER_BYTES_PER_GUEST = 24;

const watched = oneRestaurantWatched(RESTAURANT, LOOK_BACK, LOOK_AHEAD);

const reservationsWatch: INodeParameters = { ...watched, events: RESERVATION_EVENTS };

const guestsWatch: INodeParameters = {
	...watched,
	watch: 'guests',
	guestEvents: ['newGuest', 'returningGuest', 'guestNoShow'],
	guestHistoryDays: HISTORY_DAYS,
};

/** One installation of the trigger: its static data carried from poll to poll. */
function installation(sandbox: RunningSandbox, parameters: INodeParameters) {
	const nodeType = builtNode(
		'nodes/RestaurantReservationsTrigger/RestaurantReservationsTrigger.node.js',
		'RestaurantReservationsTrigger',
	);
	const staticData: IDataObject = {};
	let last: PollResult | undefined;
	return {
		staticData,
		get last() {
			return last!;
		},
		async tick(): Promise<PollResult> {
			last = await poll({
				nodeType,
				type: 'CUSTOM.restaurantReservationsTrigger',
				parameters,
				credentials: sandboxCredentials(sandbox.url, TOKENS.staff),
				staticData,
			});
			if (last.error) throw new Error(`poll failed: ${last.error.message}`);
			return last;
		},
	};
}

/**
 * The changes made before each round of polls: a new guest's booking, a booking of a guest of the
 * history (phone written in national form), a booking of the horizon seated and one marked a
 * no-show (the nearest bookings still awaiting their guests), and a table moved.
 */
function changer(sandbox: RunningSandbox, inHorizon: IDataObject[], ofHistory: IDataObject[]) {
	const urls = api(sandbox);
	const awaiting = inHorizon.filter((r) => r.state === 'confirmed');
	let next = 0;
	const nextAwaiting = () => awaiting[next++];
	return async (round: number) => {
		const day = localDay(ZONE, 10 + (round % 60)).slice(0, 10);
		await send('POST', urls.reservations, {
			reservationTime: `${day}T19:00:00`,
			groupSize: 2,
			customerName: `Bench Guest ${round}`,
			phone: `+49 171 9${String(round).padStart(6, '0')}`,
		});
		const regular = ofHistory[(round * 37) % ofHistory.length];
		await send('POST', urls.reservations, {
			reservationTime: `${day}T20:00:00`,
			groupSize: 2,
			customerName: regular.customerName,
			phone: String(regular.phone).replace(/^\+49 /, '0'),
		});
		await send('PUT', `${urls.reservations}/${nextAwaiting().id}`, { state: 'seated' });
		await send('PUT', `${urls.reservations}/${nextAwaiting().id}`, { state: 'noShow' });
		const moved = awaiting[awaiting.length - 1 - (round % 50)];
		await send('PUT', `${urls.reservations}/${moved.id}`, { tableNumber: `G${round}` });
	};
}

const bytesOf = (data: IDataObject) => Buffer.byteLength(JSON.stringify(data));

/** The Guests watch's poll, state and first poll against the Reservations watch's. */
export async function benchGuestsWatch(runs: number): Promise<void> {
	const sandbox = await startSandbox(SEED);
	try {
		const urls = api(sandbox);
		// First polls of fresh installations, in turns after a warm-up pair thrown away; the last
		// pair goes on polling.
		await installation(sandbox, reservationsWatch).tick();
		await installation(sandbox, guestsWatch).tick();
		const firsts = { guests: [] as Sample[], reservations: [] as Sample[] };
		const pairs = Array.from({ length: FIRST_POLLS }, () => ({
			reservations: installation(sandbox, reservationsWatch),
			guests: installation(sandbox, guestsWatch),
		}));
		for (const [i, pair] of pairs.entries()) {
			const pollR = async () => firsts.reservations.push(await sample(pair.reservations.tick));
			const pollG = async () => firsts.guests.push(await sample(pair.guests.tick));
			for (const first of i % 2 ? [pollG, pollR] : [pollR, pollG]) await first();
		}
		const { reservations, guests } = pairs[FIRST_POLLS - 1];
		const firstGuests = stats(firsts.guests);
		const firstReservations = stats(firsts.reservations);
		const firstGuestsRequests = guests.last.requests.length;
		const firstReservationsRequests = reservations.last.requests.length;

		const today = localDay(ZONE, 0, '00:00:00');
		const listFrom = async (from: string, to: string) =>
			(
				await mapWithConcurrency(splitIntoWindows(from, to), WINDOW_CONCURRENCY, (w) =>
					getJson<IDataObject[]>(`${urls.reservations}?from=${w.from}&to=${w.to}`),
				)
			)
				.flat()
				.sort((a, b) => String(a.reservationTime).localeCompare(String(b.reservationTime)));
		const inHorizon = await listFrom(today, localDay(ZONE, LOOK_AHEAD, '00:00:00'));
		const ofHistory = (
			await listFrom(
				localDay(ZONE, -HISTORY_DAYS, '00:00:00'),
				localDay(ZONE, -LOOK_BACK, '00:00:00'),
			)
		).filter((r) => r.state === 'completed');
		const change = changer(sandbox, inHorizon, ofHistory);

		// A round untimed (the first changed poll of each), then the measured ones, in turns.
		await change(0);
		await reservations.tick();
		await guests.tick();
		const guestPolls: Sample[] = [];
		const reservationPolls: Sample[] = [];
		const emitted = { guests: 0, reservations: 0 };
		const events = new Map<string, number>();
		const requests = new Set<string>();
		for (let i = 1; i <= runs; i++) {
			await change(i);
			const pollGuests = async () => {
				guestPolls.push(await sample(() => guests.tick()));
				const items = guests.last.items?.[0] ?? [];
				emitted.guests += items.length;
				for (const item of items)
					events.set(String(item.json.event), (events.get(String(item.json.event)) ?? 0) + 1);
			};
			const pollReservations = async () => {
				reservationPolls.push(await sample(() => reservations.tick()));
				emitted.reservations += reservations.last.items?.[0]?.length ?? 0;
			};
			const order = i % 2 ? [pollGuests, pollReservations] : [pollReservations, pollGuests];
			for (const poll of order) await poll();
			requests.add(`${guests.last.requests.length}/${reservations.last.requests.length}`);
		}

		const g = stats(guestPolls);
		const r = stats(reservationPolls);
		const tracked = inHorizon.length;
		const label = `Guests watch, one restaurant, ${tracked} bookings in ${LOOK_BACK} + ${LOOK_AHEAD} days, History ${HISTORY_DAYS} days`;

		add({
			key: `${BENCH}.watch.first-poll`,
			benchmark: BENCH,
			measure: `${label}: first poll (baseline, reads History once): median ms (CPU ms; requests) over ${FIRST_POLLS} installations, against the Reservations watch's first poll`,
			value: `${firstGuests.medianMs} (${firstGuests.medianCpuMs}; ${firstGuestsRequests})`,
			floor: `${firstReservations.medianMs} (${firstReservations.medianCpuMs}; ${firstReservationsRequests})`,
			ratio: round(firstGuests.medianCpuMs / firstReservations.medianCpuMs, 2),
			figures: {
				ms: firstGuests.medianMs,
				cpuMs: firstGuests.medianCpuMs,
				requests: firstGuestsRequests,
				floorMs: firstReservations.medianMs,
				floorCpuMs: firstReservations.medianCpuMs,
				floorRequests: firstReservationsRequests,
			},
			target: 'info (once per restaurant)',
		});
		const cpuRatio = round(g.medianCpuMs / r.medianCpuMs, 2);
		add({
			key: `${BENCH}.watch.cpu`,
			benchmark: BENCH,
			measure: `${label}: CPU ms per poll after 5 changes (2 new bookings, a seated, a no-show, a table), median over ${g.runs}, against the Reservations watch polled in turns`,
			value: g.medianCpuMs,
			floor: r.medianCpuMs,
			ratio: cpuRatio,
			target: `<= ${GUESTS_CPU_RATIO} x Reservations watch`,
			met: cpuRatio <= GUESTS_CPU_RATIO,
		});
		add({
			key: `${BENCH}.watch.poll`,
			benchmark: BENCH,
			measure: `${label}: poll ms, median (min-max), against the Reservations watch; requests per poll (guests/reservations) ${[...requests].join(', ')}; items ${emitted.guests} (${[...events].map(([e, n]) => `${n} ${e}`).join(', ')}) against ${emitted.reservations}`,
			value: `${g.medianMs} (${g.minMs}-${g.maxMs})`,
			floor: r.medianMs,
			ratio: round(g.medianMs / r.medianMs, 2),
			figures: {
				medianMs: g.medianMs,
				items: emitted.guests,
				floorItems: emitted.reservations,
			},
			target: 'info',
		});

		const state = getNodeStaticData(guests.staticData, NODE_NAME) ?? {};
		const ledger = typeof state.g === 'string' ? state.g : '';
		const known = ledger ? ledger.split('|').length : 0;
		const ledgerBytes = Buffer.byteLength(ledger);
		const perGuest = round(ledgerBytes / Math.max(known, 1), 1);
		add({
			key: `${BENCH}.watch.ledger`,
			benchmark: BENCH,
			measure: `${label}: known guests' ledger (g), bytes per known guest (bytes; guests)`,
			value: `${perGuest} (${ledgerBytes}; ${known})`,
			figures: { perGuest, bytes: ledgerBytes, guests: known },
			target: `<= ${LEDGER_BYTES_PER_GUEST} B per guest`,
			met: perGuest <= LEDGER_BYTES_PER_GUEST,
		});
		const guestBytes = bytesOf(guests.staticData);
		const reservationBytes = bytesOf(reservations.staticData);
		add({
			key: `${BENCH}.watch.state`,
			benchmark: BENCH,
			measure: `${label}: whole static data bytes (per tracked booking), against the Reservations watch's`,
			value: `${guestBytes} (${round(guestBytes / tracked, 1)})`,
			floor: `${reservationBytes} (${round(reservationBytes / tracked, 1)})`,
			ratio: round(guestBytes / reservationBytes, 2),
			figures: { bytes: guestBytes, floorBytes: reservationBytes, tracked },
			target: 'info',
		});
	} finally {
		await sandbox.stop();
	}
}
