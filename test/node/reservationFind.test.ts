/**
 * Reservation › Find through n8n's engine against the sandbox: a guest's reservations by name,
 * phone or email, over any period, in the restaurant's own time zone.
 */
import { addLocalDays } from '../../nodes/shared/dateWindows';
import { toLocalDateTime } from '../../nodes/shared/localTime';
import { RESERVATION_FIELDS } from '../../nodes/RestaurantReservations/resources/reservation/helpers/fields';
import { json } from '../support/nodeResults';
import { nodeRunner, restaurant, type NodeRunOptions } from '../support/nodeRunner';
import { SEEDED_TIME_ZONES, todayUtc, useSandbox } from '../support/sandbox';
import { TOKENS } from '../support/tokens';

const ctx = useSandbox();
const node = nodeRunner(ctx);

const ZONES = SEEDED_TIME_ZONES;
/** A day relative to today in the restaurant, at a wall-clock time. */
const localDay = (restaurantId: number, offset: number, time = '19:00:00') =>
	`${addLocalDays(`${toLocalDateTime(new Date(), ZONES[restaurantId]).slice(0, 10)}T00:00:00`, offset).slice(0, 10)}T${time}`;
/** Beyond the seeded year, so that only this file's reservations are there. */
const farDay = (offset: number, time = '19:00:00') =>
	`${addLocalDays(`${todayUtc()}T00:00:00`, 800 + offset).slice(0, 10)}T${time}`;

interface Booking {
	id: string;
	reservationTime: string;
	state: string;
	eventId: number | null;
}

async function book(
	restaurantId: number,
	body: Record<string, unknown>,
	token: keyof typeof TOKENS = 'staff',
): Promise<Booking> {
	const response = await ctx.call<Booking>('createReservation', {
		path: { restaurantId },
		body: { groupSize: 2, ...body },
		token,
	});
	expect(response.status).toBe(201);
	return response.body;
}

const find = (
	restaurantId: number,
	parameters: Record<string, unknown>,
	options: NodeRunOptions = {},
) =>
	node.run(
		{
			resource: 'reservation',
			operation: 'find',
			restaurantId: restaurant(restaurantId),
			returnAll: true,
			...parameters,
		},
		options,
	);

/** The list requests of a run, as the windows they asked for. */
function listWindows(result: Awaited<ReturnType<typeof find>>) {
	return result.requests
		.filter((r) => r.method === 'GET' && /\/reservations\?/.test(r.url))
		.map((r) => Object.fromEntries(new URL(r.url).searchParams));
}

const ids = (result: Awaited<ReturnType<typeof find>>) => json(result).map((r) => r.id);

const ZOE = {
	customerName: 'Zoë Müller-Lüdenscheid',
	phone: '+44 20 7946 0958',
	email: 'Zoe.Mueller@Example.org',
};
let zoe: Booking;
let otherZoe: Booking;

beforeAll(async () => {
	zoe = await book(101, { ...ZOE, reservationTime: localDay(101, 3) });
	otherZoe = await book(101, {
		customerName: 'Zoe Müller',
		phone: '+49 171 5550101',
		email: 'zoe.m@example.net',
		reservationTime: localDay(101, 5),
	});
});

describe('Reservation: Find by name, phone or email', () => {
	it('finds a guest by part of the name, without case or accents, in the next 60 days', async () => {
		const result = await find(101, { customerName: 'zoe LUDENSCHEID' });
		expect(result.error).toBeUndefined();
		expect(ids(result)).toEqual([zoe.id]);
		expect(json(result)[0]).toMatchObject({
			customerName: ZOE.customerName,
			reservationTime: localDay(101, 3),
			timeZone: 'Europe/Berlin',
		});
		// The period: from today in the restaurant, 60 days, one list request with event bookings.
		expect(listWindows(result)).toEqual([
			{
				from: localDay(101, 0, '00:00:00'),
				to: localDay(101, 60, '00:00:00'),
				includeEvents: 'true',
			},
		]);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
	});

	it('returns the simplified shape of Get Many plus the time zone, or the full record', async () => {
		const [found] = json(await find(101, { customerName: 'zoe muller lüdenscheid' }));
		const listed = json(
			await node.run({
				resource: 'reservation',
				operation: 'getAll',
				restaurantId: restaurant(101),
				from: localDay(101, 3, '00:00:00'),
				to: localDay(101, 4, '00:00:00'),
				returnAll: true,
			}),
		).find((r) => r.id === zoe.id);
		expect(found).toEqual({ ...listed, timeZone: 'Europe/Berlin' });
		expect(Object.keys(found).sort()).toEqual(
			[...RESERVATION_FIELDS, 'stateRole', 'timeZone'].filter((f) => f in found).sort(),
		);
		const [full] = json(
			await find(101, { customerName: 'zoe muller lüdenscheid', simplify: false }),
		);
		expect(full).toMatchObject({ id: zoe.id, timeZone: 'Europe/Berlin' });
		expect(full).toHaveProperty('details');
		expect(full).toHaveProperty('createdOnBehalfOf');
	});

	it("finds by phone in any formatting, as one number read in the restaurant's country", async () => {
		// Zoë's London number, booked at the Berlin restaurant: found in every international form.
		for (const phone of ['+44 20 7946 0958', '0044 20 7946 0958', '+44 (0)20 7946 0958']) {
			expect([phone, ids(await find(101, { phone }))]).toEqual([phone, [zoe.id]]);
		}
		// Typed without a country code in Berlin, the same digits are a German number: not hers.
		for (const phone of ['020-7946-0958', '(020) 7946 0958', '20 7946 0958']) {
			const national = await find(101, { phone });
			expect([phone, national.error, national.items]).toEqual([phone, undefined, []]);
		}
		// The other Zoë's German number, typed nationally or internationally.
		for (const phone of ['0171 5550101', '+49 171 5550101', '0049 (0)171-555 01 01'])
			expect([phone, ids(await find(101, { phone }))]).toEqual([phone, [otherZoe.id]]);
		const wrong = await find(101, { phone: '+44 20 7946 0959' });
		expect(wrong.error).toBeUndefined();
		expect(wrong.items).toEqual([]);
	});

	it('finds by email in any case; another address finds nothing, without an error', async () => {
		expect(ids(await find(101, { email: 'ZOE.MUELLER@example.ORG' }))).toEqual([zoe.id]);
		const none = await find(101, { email: 'zoe.mueller@example.or' });
		expect(none.error).toBeUndefined();
		expect(none.items).toEqual([]);
	});

	it('with several criteria, keeps what matches all of them; Limit keeps the earliest', async () => {
		expect(ids(await find(101, { customerName: 'zoe muller' }))).toEqual([zoe.id, otherZoe.id]);
		expect(ids(await find(101, { customerName: 'zoe muller', phone: '0171 5550101' }))).toEqual([
			otherZoe.id,
		]);
		expect(ids(await find(101, { customerName: 'Zoë', email: 'zoe.mueller@example.org' }))).toEqual(
			[zoe.id],
		);
		expect(ids(await find(101, { phone: ZOE.phone, email: 'zoe.m@example.net' }))).toEqual([]);
		const limited = await find(101, { customerName: 'zoe muller', returnAll: false, limit: 1 });
		expect(ids(limited)).toEqual([zoe.id]);
	});

	it('leaves cancelled reservations out unless asked, and includes event bookings', async () => {
		const guest = { customerName: 'Ingrid Storniert', phone: '+49 30 8880001' };
		const kept = await book(101, { ...guest, reservationTime: localDay(101, 10) });
		const cancelled = await book(101, { ...guest, reservationTime: localDay(101, 11) });
		const response = await ctx.call('cancelReservation', {
			path: { reservationId: cancelled.id },
			body: { note: 'Ill' },
		});
		expect(response.status).toBe(200);
		const events = (await ctx.call<Array<{ id: number }>>('listEvents')).body;
		const atEvent = await book(101, {
			...guest,
			reservationTime: localDay(101, 12),
			eventId: events[0].id,
		});

		const active = await find(101, { phone: guest.phone });
		expect(ids(active)).toEqual([kept.id, atEvent.id]);
		expect(json(active)[1].eventId).toBe(events[0].id);
		const all = await find(101, { phone: guest.phone, includeCancelled: true });
		expect(json(all).map((r) => [r.id, r.state])).toEqual([
			[kept.id, 'confirmed'],
			[cancelled.id, 'cancelled'],
			[atEvent.id, 'confirmed'],
		]);
	});

	it('finds one guest per input item, each result paired with its item', async () => {
		const result = await find(
			101,
			{ customerName: '={{ $json.name }}' },
			{ inputItems: [{ name: 'Lüdenscheid' }, { name: 'nobody like this' }, { name: 'ZOE' }] },
		);
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => [i.json.id, i.pairedItem])).toEqual([
			[zoe.id, { item: 0 }],
			[zoe.id, { item: 2 }],
			[otherZoe.id, { item: 2 }],
		]);
	});
});

describe('Reservation: Find over any period and time zone', () => {
	it('splits a period longer than 60 days into windows and loses nothing at their edges', async () => {
		const guest = { customerName: 'Bartholomew Fensterberg' };
		const times = [
			farDay(0, '00:00:00'),
			farDay(59, '23:59:00'),
			farDay(60, '00:00:00'),
			farDay(120, '00:00:00'),
			farDay(150, '22:00:00'),
		];
		for (const reservationTime of [...times, farDay(151, '00:00:00')])
			await book(101, { ...guest, reservationTime });
		// A date alone as To includes that whole day.
		const result = await find(101, {
			customerName: 'fensterberg',
			from: farDay(0).slice(0, 10),
			to: farDay(150).slice(0, 10),
		});
		expect(result.error).toBeUndefined();
		expect(json(result).map((r) => r.reservationTime)).toEqual(times);
		expect(listWindows(result).map(({ from, to }) => [from, to])).toEqual([
			[farDay(0, '00:00:00'), farDay(60, '00:00:00')],
			[farDay(60, '00:00:00'), farDay(120, '00:00:00')],
			[farDay(120, '00:00:00'), farDay(151, '00:00:00')],
		]);
	});

	it('works for an application token, whose list requests may span at most 60 days', async () => {
		// A seeded booking of the vendor application, 61 to 120 days ahead (its email is unique).
		const seeded = await ctx.call<Array<Booking & { email: string }>>('listReservations', {
			query: { from: localDay(101, 61, '00:00:00'), to: localDay(101, 120, '00:00:00') },
			token: 'vendor',
		});
		const theirs = seeded.body.find((r) => r.state !== 'cancelled' && r.email)!;
		expect(theirs).toBeDefined();
		const result = await find(
			101,
			{ email: theirs.email, to: localDay(101, 150).slice(0, 10) },
			{ token: TOKENS.vendor },
		);
		expect(result.error).toBeUndefined();
		expect(ids(result)).toEqual([theirs.id]);
		expect(listWindows(result)).toHaveLength(3);
	});

	it("takes today and the period in the restaurant's own time zone", async () => {
		for (const restaurantId of [102, 103]) {
			const guest = { customerName: `Kirra Zeitzone ${restaurantId}` };
			const inside = [
				localDay(restaurantId, 0, '00:30:00'),
				localDay(restaurantId, 59, '23:00:00'),
			];
			for (const reservationTime of [
				localDay(restaurantId, -1, '23:00:00'),
				...inside,
				localDay(restaurantId, 60, '00:30:00'),
			])
				await book(restaurantId, { ...guest, reservationTime });
			const result = await find(restaurantId, { customerName: guest.customerName });
			expect(result.error).toBeUndefined();
			expect(json(result).map((r) => [r.reservationTime, r.timeZone])).toEqual(
				inside.map((time) => [time, ZONES[restaurantId]]),
			);
		}
	});

	it('converts a From with an offset into restaurant-local time', async () => {
		const guest = { customerName: 'Mia Offset', email: 'mia.offset@example.com' };
		await book(103, { ...guest, reservationTime: farDay(0, '09:00:00') });
		const later = await book(103, { ...guest, reservationTime: farDay(0, '12:00:00') });
		// Midnight UTC is 10:00 or 11:00 in Sydney.
		const result = await find(103, { email: guest.email, from: `${farDay(0, '00:00:00')}Z` });
		expect(ids(result)).toEqual([later.id]);
		expect(['10:00:00', '11:00:00']).toContain(listWindows(result)[0].from.slice(11));
	});
});

describe('Reservation: Find errors', () => {
	it('asks for a name, phone or email, and sends nothing without one', async () => {
		const result = await find(101, { customerName: ' ', phone: '', email: '' });
		expect(result.error?.message).toBe(
			'Give at least one of Guest Name, Phone or Email to find reservations',
		);
		expect(result.error?.description).toContain('Nothing was sent.');
		expect(result.requests).toEqual([]);
		const short = await find(101, { phone: '12 34' });
		expect(short.error?.message).toBe('Phone "12 34" has too few digits to find a guest');
		expect(short.requests).toEqual([]);
	});

	it('names the field of a bad date and an empty period', async () => {
		const bad = await find(101, { customerName: 'zoe', from: 'next friday' });
		expect(bad.error?.message).toBe('From "next friday" is not a date and time');
		expect(bad.error?.description).toContain('2026-11-22T19:30');
		expect(listWindows(bad)).toEqual([]);
		const empty = await find(101, { customerName: 'zoe', from: farDay(5), to: farDay(4) });
		expect(empty.error?.message).toBe(`To (${farDay(4)}) must be after From (${farDay(5)})`);
	});

	it("reports the API's refusal of the token without showing it", async () => {
		const result = await find(101, { customerName: 'zoe' }, { token: TOKENS.outsider });
		expect(result.error?.message).toBe(
			'Access denied: the access token may not use this restaurant or operation (HTTP 403)',
		);
	});
});
