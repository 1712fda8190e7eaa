/**
 * Examples 12 (new guests to a contacts file) and 13 (birthday greeting a week ahead), the
 * trigger's Guests watch, activated together on a running n8n: their first polls read a year of
 * history to learn the guests and report nobody; then bookings made in the sandbox between two polls,
 * and the contacts file and the greeting read back from the files folder.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import fs from 'node:fs';
import path from 'node:path';
import { DateTime } from 'luxon';
import { POLL_INTERVAL_MS } from '../../../scripts/n8n';
import { csvRows, startRequestLog, type TriggerExampleSetup } from './exampleChecks';

export const GUEST_EXAMPLES = {
	newGuests: 'RrExNewGuests12',
	birthday: 'RrExBirthday13',
} as const;

const RESTAURANT = 101;
const ZONE = 'Europe/Berlin';
/**
 * The history each first poll reads as the examples ship (History 365 days before the period,
 * which starts Look Back 1 day before the hour), in windows of at most 60 days: 7 requests.
 */
const HISTORY_REQUESTS = Math.ceil((365 - 1) / 60);
/** The two triggers poll every 10 seconds in the tests: a few polls at most. */
const WAIT_MS = 60_000;

/** The rows of the contacts files written so far, in file order. */
function contactRows(folder: string): Array<Record<string, string>> {
	return fs
		.readdirSync(folder)
		.filter((file) => file.startsWith('new guests for the CRM') && file.endsWith('.csv'))
		.sort()
		.flatMap((file) => csvRows(fs.readFileSync(path.join(folder, file), 'utf8')));
}

/** The greetings written so far: file name → text. */
function greetingsIn(folder: string): Map<string, string> {
	const greetings = new Map<string, string>();
	for (const file of fs.readdirSync(folder))
		if (/^(birthday|anniversary) greeting .*\.txt$/.test(file))
			greetings.set(file, fs.readFileSync(path.join(folder, file), 'utf8').replace(/^\uFEFF/, ''));
	return greetings;
}

/**
 * Until both triggers' first polls have read restaurant 101's history: the list requests whose
 * period starts more than a few days back (the watched period starts one day back).
 */
async function waitForHistoryReads(
	requests: Awaited<ReturnType<typeof startRequestLog>>,
): Promise<void> {
	const before = DateTime.now().setZone(ZONE).minus({ days: 3 }).toFormat('yyyy-LL-dd');
	const historyReads = async () =>
		(await requests()).filter((r) => {
			if (r.method !== 'GET' || r.status !== 200) return false;
			const url = new URL(r.url, 'http://sandbox');
			return (
				url.pathname === `/api/rsv/admin/restaurants/${RESTAURANT}/reservations` &&
				(url.searchParams.get('from') ?? '') < before
			);
		}).length;
	const deadline = Date.now() + WAIT_MS;
	while ((await historyReads()) < 2 * HISTORY_REQUESTS && Date.now() < deadline) await sleep(500);
	expect(await historyReads()).toBeGreaterThanOrEqual(2 * HISTORY_REQUESTS);
	await sleep(2000); // the polls' state commits
}

/**
 * Waits until the polls (every 10 seconds, at seconds 0, 10, ...) are a few seconds behind, so that
 * the bookings made next, the cancelled one included, all reach the same next poll.
 */
async function betweenPolls(): Promise<void> {
	const phase = Date.now() % POLL_INTERVAL_MS;
	if (phase < 2500 || phase > 6000)
		await sleep((POLL_INTERVAL_MS + 2500 - phase) % POLL_INTERVAL_MS);
}

/**
 * Examples 12 and 13, activated together: silent at their first polls (a year of history read);
 * then a contacts row for a guest booking for the first time, none for a guest of the history
 * booking again (returning, not new) or for a new guest whose booking is cancelled at once; and for
 * a new guest whose profile gives a birthday 7 days from today, a row and a birthday greeting.
 */
export async function checkGuestExamples(setup: TriggerExampleSetup): Promise<void> {
	const { api, sandboxUrl, filesFolder } = setup;
	const restaurant = (await api('listRestaurants')).body.find(
		(r: { id: number }) => r.id === RESTAURANT,
	) as { name: string; timeZone: string };
	expect(restaurant.timeZone).toBe(ZONE);
	const today = DateTime.now().setZone(ZONE).startOf('day');
	/** Restaurant time, `days` from today at `time`. */
	const at = (days: number, hour: number, minute = 0) =>
		today.plus({ days }).set({ hour, minute }).toFormat("yyyy-LL-dd'T'HH:mm:ss");

	// A guest of the seeded history: a visit (completed) of one to three months ago.
	const past = await api('listReservations', {
		query: { from: at(-90, 0), to: at(-31, 0) },
	});
	expect(past.status).toBe(200);
	const regular = (past.body as Array<Record<string, string>>).find(
		(r) => r.state === 'completed' && r.phone,
	)!;
	expect(regular).toBeDefined();

	const requests = await startRequestLog(sandboxUrl);
	await setup.activate();
	await waitForHistoryReads(requests);
	expect(contactRows(filesFolder)).toEqual([]);
	expect(greetingsIn(filesFolder).size).toBe(0);

	const book = async (body: Record<string, unknown>) => {
		const created = await api('createReservation', { body: { groupSize: 2, ...body } });
		expect(created.status).toBe(201);
		return created.body as { id: string; reservationTime: string; groupSize: number };
	};
	const birthday = today.plus({ days: 7 });
	await betweenPolls();
	const newGuest = await book({
		reservationTime: at(3, 19, 30),
		customerName: 'Hanna Neumann',
		phone: '030 5550177',
		email: 'hanna.neumann@example.com',
	});
	await book({
		reservationTime: at(5, 20),
		customerName: regular.customerName,
		phone: regular.phone,
		email: regular.email,
	});
	const cancelled = await book({
		reservationTime: at(4, 19),
		customerName: 'Carl Storno',
		phone: '030 5550178',
		email: 'carl.storno@example.com',
	});
	expect(
		(await api('cancelReservation', { path: { reservationId: cancelled.id }, body: {} })).status,
	).toBe(200);
	const birthdayGuest = await book({
		reservationTime: at(6, 18, 15),
		groupSize: 4,
		customerName: 'Lena Sommer',
		phone: '+49 171 5550179',
		email: 'lena.sommer@example.com',
		customerProfile: { birthdate: `1990-${birthday.toFormat('LL-dd')}` },
	});

	const deadline = Date.now() + WAIT_MS;
	while (
		(contactRows(filesFolder).length < 2 || greetingsIn(filesFolder).size < 1) &&
		Date.now() < deadline
	)
		await sleep(1000);
	await sleep(1000); // a file may still be closing

	// 12: the two new guests only, in the order of their visits.
	expect(contactRows(filesFolder)).toEqual([
		{
			Name: 'Hanna Neumann',
			Phone: '030 5550177',
			Email: 'hanna.neumann@example.com',
			'First visit (restaurant time)': at(3, 19, 30).replace('T', ' ').slice(0, 16),
			'Party size': '2',
			'Identified by': 'phone',
			'Restaurant ID': String(RESTAURANT),
			'Reservation ID': newGuest.id,
		},
		{
			Name: 'Lena Sommer',
			Phone: '+49 171 5550179',
			Email: 'lena.sommer@example.com',
			'First visit (restaurant time)': at(6, 18, 15).replace('T', ' ').slice(0, 16),
			'Party size': '4',
			'Identified by': 'phone',
			'Restaurant ID': String(RESTAURANT),
			'Reservation ID': birthdayGuest.id,
		},
	]);
	// 13: the birthday a week ahead, greeted by first name.
	const date = birthday.toFormat('yyyy-LL-dd');
	expect([...greetingsIn(filesFolder)]).toEqual([
		[
			`birthday greeting ${date} ${birthdayGuest.id}.txt`,
			`To: Lena Sommer, +49 171 5550179\n\nHappy birthday, Lena! Your birthday is on ${birthday.setLocale('en-GB').toFormat('cccc d LLLL')}, and all of us at ${restaurant.name} send you our warmest wishes. We would love to celebrate it with you: reply to this message and we will keep a table for you. See you soon!`,
		],
	]);
}
