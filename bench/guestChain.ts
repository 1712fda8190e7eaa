/**
 * Guests across a chain (issue 38), part of `--only guests`: Reservation › Get Guest History with
 * Restaurants: All Accessible Restaurants for 500 input items over CHAIN_RESTAURANTS restaurants,
 * through n8n's engine on the Node that runs n8n, side by side with a plain client reading the same
 * periods once: the list of restaurants, then every restaurant's period (a year back to 90 days
 * ahead in its own zone) in 60-day windows, 8 requests at a time (the node's Requests at Once
 * default), each booking's phone read into digits once, then filtered for each guest. The seed
 * gives booking n of every restaurant the same phone: each guest has bookings in many restaurants.
 */
import { DateTime } from 'luxon';
import type { IDataObject } from 'n8n-workflow';
import { mapWithConcurrency } from '../nodes/shared/concurrency';
import { splitIntoWindows } from '../nodes/shared/dateWindows';
import { DEFAULT_REQUESTS_AT_ONCE } from '../nodes/shared/requestsAtOnce';
import { seededFor, startSandbox, type RunningSandbox } from '../test/support/sandbox';
import { addGuestHistoryTime } from './lib/guestHistoryTime';
import { round, timedAgainst } from './lib/measure';
import { guestHistoryRun } from './lib/node';
import { add } from './lib/report';

const BENCH = 'guests';
const CHAIN_RESTAURANTS = 20;
const GUEST_ITEMS = 500;
/** Bookings a year at each restaurant. */
const YEAR_OF_BOOKINGS = 600;
const SEED = {
	quiet: true,
	restaurants: CHAIN_RESTAURANTS,
	reservations: seededFor(YEAR_OF_BOOKINGS),
};
const HEADERS = { authorization: 'Bearer sandbox-staff-token' };

interface Period {
	from: string;
	to: string;
}

async function getJson<T>(url: string): Promise<T> {
	const response = await fetch(url, { headers: HEADERS });
	if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
	return (await response.json()) as T;
}

/** The node's default period in a zone: one year before today's start to the 91st day's start. */
function defaultPeriod(timeZone: string): Period {
	const today = DateTime.now().setZone(timeZone).startOf('day');
	const local = (day: DateTime) => `${day.toFormat('yyyy-LL-dd')}T00:00:00`;
	return { from: local(today.minus({ years: 1 })), to: local(today.plus({ days: 91 })) };
}

const digitsOf = (phone: unknown) =>
	typeof phone === 'string' ? phone.replace(/\D/g, '').replace(/^0+/, '') : '';

/** The plain client: the restaurants, every period once, then a filter per guest. */
function plainClient(sandbox: RunningSandbox) {
	const base = sandbox.url;
	async function readAll(): Promise<Array<IDataObject & { digits: string }>> {
		const restaurants = await getJson<IDataObject[]>(`${base}/api/core/admin/restaurants`);
		const windows = restaurants.flatMap((r) => {
			const period = defaultPeriod(String(r.timeZone));
			return splitIntoWindows(period.from, period.to).map((w) => ({ id: r.id, ...w }));
		});
		const pages = await mapWithConcurrency(windows, DEFAULT_REQUESTS_AT_ONCE, async (w) =>
			getJson<IDataObject[]>(
				`${base}/api/rsv/admin/restaurants/${w.id}/reservations?from=${w.from}&to=${w.to}&includeEvents=true`,
			),
		);
		return pages.flat().map((b) => ({ ...b, digits: digitsOf(b.phone) }));
	}
	return {
		readAll,
		async once(phones: string[]) {
			const bookings = await readAll();
			return phones.map((phone) => {
				const digits = digitsOf(phone);
				const mine = bookings.filter((b) => b.digits === digits);
				return {
					bookings: mine.length,
					restaurants: new Set(mine.map((b) => b.restaurantId)).size,
				};
			});
		},
	};
}

async function requestCount(sandbox: RunningSandbox): Promise<number> {
	const log = (await (await sandbox.control('GET', '/requests')).json()) as {
		requests: unknown[];
	};
	await sandbox.control('DELETE', '/requests');
	return log.requests.length;
}

/** Get Guest History across 20 restaurants for 500 guests: requests and time against the plain client. */
export async function benchGuestChain(runs: number): Promise<void> {
	const sandbox = await startSandbox(SEED);
	try {
		const history = guestHistoryRun(sandbox.url, { restaurants: 'all' });
		const plain = plainClient(sandbox);
		const all = (await plain.readAll()).sort((a, b) => a.digits.localeCompare(b.digits));
		const phones = [...new Set(all.map((b) => String(b.phone)))];
		const chosen = Array.from(
			{ length: GUEST_ITEMS },
			(_, i) => phones[Math.floor((i * phones.length) / GUEST_ITEMS)],
		);
		if (new Set(chosen).size !== GUEST_ITEMS) throw new Error('fewer than 500 distinct guests');
		const items = chosen.map((phone) => ({ phone }));

		// Requests and answers, once each, untimed.
		await requestCount(sandbox);
		const answers = await history(items);
		const byNode = await requestCount(sandbox);
		const plainAnswers = await plain.once(chosen);
		const byPlain = await requestCount(sandbox);
		const same = answers.every(
			(a, i) =>
				a.json.bookings === plainAnswers[i].bookings &&
				(a.json.restaurants as unknown[]).length === plainAnswers[i].restaurants &&
				(a.json.failedRestaurants as unknown[]).length === 0,
		);
		if (!same) throw new Error('Get Guest History across restaurants counted otherwise');
		const perGuest = round(
			plainAnswers.reduce((sum, a) => sum + a.restaurants, 0) / GUEST_ITEMS,
			1,
		);

		const label = `Get Guest History, All Accessible Restaurants: ${GUEST_ITEMS} guests over ${CHAIN_RESTAURANTS} restaurants, ${all.length} bookings in their periods (a guest in ${perGuest} restaurants on average)`;
		add({
			key: `${BENCH}.chain.requests`,
			benchmark: BENCH,
			measure: `${label}: API requests (sandbox log), against a plain client reading the list and every period once`,
			value: byNode,
			floor: byPlain,
			figures: { bookings: all.length, restaurants: CHAIN_RESTAURANTS, perGuest },
			target: '= plain client reading every period once',
			met: byNode === byPlain,
		});

		const timed = await timedAgainst(
			runs,
			() => history(items),
			() => plain.once(chosen),
			3,
		);
		addGuestHistoryTime(`${BENCH}.chain.time`, label, 'every period once', GUEST_ITEMS, timed);
	} finally {
		await sandbox.stop();
	}
}
