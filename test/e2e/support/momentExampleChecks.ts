/**
 * Examples 09 to 11, the trigger's moments, activated together on a running n8n: bookings made in
 * the sandbox after their first (silent) polls, placed so that every moment falls due within a
 * poll or two, and the messages each example writes read back from the files folder.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import fs from 'node:fs';
import path from 'node:path';
import { DateTime } from 'luxon';
import { startRequestLog, type TriggerExampleSetup } from './exampleChecks';

export const MOMENT_EXAMPLES = {
	reminders: 'RrExReminders09',
	notArrived: 'RrExNotArrived10',
	reviewRequest: 'RrExReviewAsk11',
} as const;

/**
 * What the tests change in a moment example's trigger (prepareExample's `parameters`): example 11
 * follows up the next morning at 10:00, hours away; the tests' copy follows up right at the end
 * of the visit. The other two run as shipped.
 */
export function exampleTestParameters(
	exampleId: string,
): Record<string, Record<string, unknown>> | undefined {
	if (exampleId !== MOMENT_EXAMPLES.reviewRequest) return undefined;
	return { 'Visit ended': { visitEndedAt: 'delay', visitEndedDelayMinutes: 0 } };
}

const RESTAURANT = 101;
const MINUTE = 60_000;
/** How far ahead of their making the bookings' moments are placed: two polls on. */
const MOMENT_AFTER_MS = 20_000;
/**
 * How far ahead of the activation the 2-hour reminders of the bookings made before it fall due:
 * after the first polls (about 10 seconds), so that those polls know the bookings but pass none of
 * their moments.
 */
const REMINDER_AFTER_ACTIVATION_MS = 40_000;
/** The three triggers poll every 10 seconds in the tests: a few polls at most. */
const WAIT_MS = 60_000;

interface Booking {
	id: string;
	reservationTime: string;
	customerName: string;
	groupSize: number;
}

/** The messages written so far: file name → text. */
function messagesIn(folder: string): Map<string, string> {
	const messages = new Map<string, string>();
	for (const file of fs.readdirSync(folder))
		if (/^(reminder|not arrived|review request) .*\.txt$/.test(file))
			messages.set(file, fs.readFileSync(path.join(folder, file), 'utf8').replace(/^\uFEFF/, ''));
	return messages;
}

/** The messages about one booking: its ID ends the file name, or comes before the offset. */
const about = (messages: Map<string, string>, booking: Booking) =>
	[...messages].filter(
		([file]) => file.endsWith(` ${booking.id}.txt`) || file.includes(` ${booking.id} (`),
	);

/** A time as the examples write it to guests (restaurant time, British English). */
const spoken = (time: string) =>
	DateTime.fromISO(time, { locale: 'en-GB' }).toFormat("cccc d LLLL 'at' HH:mm");

/** Waits until `done` holds for the messages written, or WAIT_MS passed; returns the messages. */
async function waitForMessages(
	folder: string,
	done: (messages: Map<string, string>) => boolean,
): Promise<Map<string, string>> {
	const deadline = Date.now() + WAIT_MS;
	while (!done(messagesIn(folder)) && Date.now() < deadline) await sleep(1000);
	await sleep(1000); // a file may still be closing
	return messagesIn(folder);
}

/**
 * Until each of the three triggers' first poll has listed restaurant 101: their horizons differ
 * (Look Back 0, 1 and 3 days), so three different list requests.
 */
async function waitForBaselines(
	requests: Awaited<ReturnType<typeof startRequestLog>>,
): Promise<void> {
	const lists = async () =>
		new Set(
			(await requests())
				.filter(
					(r) =>
						r.method === 'GET' &&
						r.url.startsWith(`/api/rsv/admin/restaurants/${RESTAURANT}/reservations?`) &&
						r.status === 200,
				)
				.map((r) => r.url),
		).size;
	const deadline = Date.now() + WAIT_MS;
	while ((await lists()) < 3 && Date.now() < deadline) await sleep(500);
	expect(await lists()).toBeGreaterThanOrEqual(3);
	await sleep(2000); // the polls' state commits
}

/**
 * Examples 09 (reminders), 10 (not-arrived alert) and 11 (review request), activated together:
 * silent at first; then a 2-hour reminder when it falls due, none for a booking cancelled before
 * it; a reminder at once for a booking made inside the 2-hour offset; a 24-hour reminder and, once
 * the booking is moved, a "moved" one for its new time; an alert for a guest still expected 15 minutes after the booked time, none
 * for one who arrived; a review request for a guest who came, none for a no-show.
 */
export async function checkMomentExamples(setup: TriggerExampleSetup): Promise<void> {
	const { api, sandboxUrl, filesFolder } = setup;
	const restaurant = (await api('listRestaurants')).body.find(
		(r: { id: number }) => r.id === RESTAURANT,
	) as { name: string; timeZone: string };
	const local = (ms: number) =>
		DateTime.fromMillis(ms).setZone(restaurant.timeZone).toFormat("yyyy-LL-dd'T'HH:mm:ss");
	/** Restaurant time `minutes` from now, on the minute as a guest books. */
	const inMinutes = (minutes: number) =>
		local(DateTime.now().plus({ minutes }).startOf('minute').toMillis());

	const book = async (customerName: string, reservationTime: string, state?: string) => {
		const created = await api('createReservation', {
			body: {
				reservationTime,
				groupSize: 3,
				customerName,
				phone: '+49 30 5550142',
				email: 'guest@example.com',
				...(state ? { state } : {}),
			},
		});
		expect(created.status).toBe(201);
		return created.body as Booking;
	};
	// Known to the first polls (their 24-hour reminders passed before them, not fired): only the
	// 2-hour one falls due, for one of them; the other is cancelled before it.
	const reminderAt = Date.now() + REMINDER_AFTER_ACTIVATION_MS;
	const onTime = await book('Otto Ontime', local(reminderAt + 120 * MINUTE));
	const cancelled = await book('Clara Cancelled', local(reminderAt + 120 * MINUTE));

	const requests = await startRequestLog(sandboxUrl);
	await setup.activate();
	await waitForBaselines(requests);
	expect(messagesIn(filesFolder).size).toBe(0);
	expect(Date.now()).toBeLessThan(reminderAt - 2000);
	expect(
		(await api('cancelReservation', { path: { reservationId: cancelled.id }, body: {} })).status,
	).toBe(200);

	const moment = Date.now() + MOMENT_AFTER_MS;
	const soon = await book('Erika Soon', inMinutes(90)); // inside the 2-hour reminder
	const moving = await book('Max Moving', inMinutes(5 * 60)); // inside the 24-hour one
	const late = await book('Lars Late', local(moment - 15 * MINUTE), 'confirmed');
	const arrived = await book('Anna Arrived', local(moment - 15 * MINUTE), 'arrived');
	const came = await book('Greta Guest', local(moment - 120 * MINUTE), 'completed');
	const noShow = await book('Nils Noshow', local(moment - 120 * MINUTE), 'noShow');

	// The 24-hour reminder of the booking five hours ahead, then it is moved inside the 2 hours.
	const first = await waitForMessages(filesFolder, (m) => about(m, moving).length > 0);
	expect(about(first, moving).map(([file]) => file)).toEqual([
		`reminder ${moving.reservationTime.slice(0, 16).replace('T', ' ').replace(':', '-')} ${moving.id} (24 hours).txt`,
	]);
	const movedTo = inMinutes(100);
	const moved = await api('updateReservation', {
		path: { reservationId: moving.id },
		body: { reservationTime: movedTo },
	});
	expect(moved.status).toBe(200);

	const expected = [soon, onTime, late, came];
	const messages = await waitForMessages(
		filesFolder,
		(m) => expected.every((b) => about(m, b).length === 1) && about(m, moving).length === 2,
	);

	const greeting = (b: Booking) => `To: ${b.customerName}, `;
	// 09: one reminder for the booking made inside 2 hours (not the 24-hour one as well).
	expect(about(messages, soon)).toEqual([
		[
			expect.stringMatching(new RegExp(`^reminder .* ${soon.id} \\(2 hours\\)\\.txt$`)),
			`${greeting(soon)}+49 30 5550142\n\nHello ${soon.customerName}, this is a reminder of your table for ${soon.groupSize} at ${restaurant.name} on ${spoken(soon.reservationTime)}. If your plans change, please let us know. We look forward to seeing you!`,
		],
	]);
	// At the first poll at or after the moment, the one that would have reminded the cancelled booking.
	expect(about(messages, onTime).map(([file]) => file)).toEqual([
		expect.stringMatching(/ \(2 hours\)\.txt$/),
	]);
	const [, movedMessage] = about(messages, moving).find(([file]) => file.includes('(2 hours)'))!;
	expect(movedMessage).toBe(
		`${greeting(moving)}+49 30 5550142\n\nHello ${moving.customerName}, your booking at ${restaurant.name} has been moved: your table for ${moving.groupSize} is now on ${spoken(movedTo)} (instead of ${spoken(moving.reservationTime)}). If the new time does not suit you, please let us know. See you soon!`,
	);
	// 10: the staff alert, 15 minutes after the booked time.
	expect(about(messages, late)).toEqual([
		[
			expect.stringMatching(/^not arrived /),
			`Not arrived yet: ${late.customerName}, table for ${late.groupSize} at ${late.reservationTime.slice(11, 16)}, 15 minutes past the booked time.\nPhone: +49 30 5550142\nCall the guest, or set the booking to No-Show to free the table.`,
		],
	]);
	// 11: the review request, to the guest's e-mail.
	expect(about(messages, came)).toEqual([
		[
			expect.stringMatching(/^review request /),
			`${greeting(came)}guest@example.com\n\nHello ${came.customerName}, thank you for dining with us at ${restaurant.name} on ${DateTime.fromISO(came.reservationTime, { locale: 'en-GB' }).toFormat('cccc d LLLL')}. We hope you enjoyed it! If you have a minute, we would love to hear how it was: https://example.com/review/trattoria-aurora\nWe look forward to welcoming you again.`,
		],
	]);
	// Their moments have passed, in the same polls as the others': nothing for these.
	for (const booking of [cancelled, arrived, noShow]) expect(about(messages, booking)).toEqual([]);
}
