/**
 * Reservation › Get Guest History across restaurants (Restaurants: All Accessible Restaurants)
 * through n8n's engine against the sandbox's three restaurants (101 Berlin, 102 New York, 103
 * Sydney): one guest joined across restaurants by identity (a phone without prefix read in each
 * restaurant's country), the chain's totals and each restaurant's part from bookings made here, a
 * failing restaurant named while the others count, one reading of every restaurant's period for
 * many guests within Requests at Once, and One Restaurant as it was.
 */
import { DateTime } from 'luxon';
import { bookingWith, localDayAt } from '../support/bookings';
import { json } from '../support/nodeResults';
import { nodeRunner, restaurant, type NodeRunOptions } from '../support/nodeRunner';
import { SEEDED_TIME_ZONES, useSandbox } from '../support/sandbox';

/** The default period at a restaurant: one year back to the end of the 90th day ahead. */
const defaultPeriod = (restaurantId: number) => {
	const today = DateTime.now().setZone(SEEDED_TIME_ZONES[restaurantId]).startOf('day');
	const local = (day: DateTime) => `${day.toFormat('yyyy-LL-dd')}T00:00:00`;
	return { from: local(today.minus({ years: 1 })), to: local(today.plus({ days: 91 })) };
};

const ctx = useSandbox();
const node = nodeRunner(ctx, { restaurantId: restaurant(101) });
const book = bookingWith(ctx);

const acrossChain = (parameters: Record<string, unknown>, options: NodeRunOptions = {}) =>
	node.run(
		{
			resource: 'reservation',
			operation: 'getGuestHistory',
			restaurants: 'all',
			...parameters,
		},
		options,
	);

type Sent = Awaited<ReturnType<typeof node.sandboxRequests>>;
const listRequests = (requests: Sent, restaurantId?: number) =>
	requests.filter(
		(r) =>
			r.method === 'GET' &&
			new RegExp(`/restaurants/${restaurantId ?? '\\d+'}/reservations\\?`).test(r.url),
	);

/** Chris, a guest of Berlin and New York; Sam in Sydney types the same digits, another guest. */
const CHRIS_BERLIN = { customerName: 'Chris Kette', phone: '0151 2345678' };
const CHRIS_NEW_YORK = { customerName: 'Chris Kette', phone: '+49 151 2345678' };
const SAM_SYDNEY = { customerName: 'Sam Sydney', phone: '0151 2345678' };

let made: Record<string, Record<string, any>>;

/** A booking of `guest` at the restaurant, `days` from today (before it: negative), with `fields`. */
const bookOn = (
	restaurantId: number,
	guest: Record<string, string>,
	days: number,
	fields: Record<string, unknown> = {},
	time?: string,
) =>
	book(restaurantId, {
		...guest,
		reservationTime: localDayAt(restaurantId, days, time),
		...fields,
	});

beforeAll(async () => {
	made = {
		berlinFirst: await bookOn(101, CHRIS_BERLIN, -100, {
			state: 'completed',
			groupSize: 2,
			amount: 50,
		}),
		berlinNoShow: await bookOn(101, CHRIS_BERLIN, -50, { state: 'noShow' }),
		berlinLast: await bookOn(101, CHRIS_BERLIN, -20, {
			state: 'completed',
			groupSize: 4,
			amount: 70.25,
		}),
		newYorkVisit: await bookOn(
			102,
			CHRIS_NEW_YORK,
			-10,
			{ state: 'seated', groupSize: 3, amount: 30 },
			'12:30:00',
		),
		newYorkCancelled: await bookOn(102, CHRIS_NEW_YORK, 5),
		newYorkNext: await bookOn(
			102,
			CHRIS_NEW_YORK,
			12,
			{ customerName: 'Chris Kette-Lind', state: 'confirmed' },
			'20:00:00',
		),
		sydney: await bookOn(103, SAM_SYDNEY, -30, { state: 'completed' }),
	};
	const cancelled = await ctx.call('cancelReservation', {
		path: { restaurantId: 102, reservationId: made.newYorkCancelled.id },
		body: { note: 'Changed plans' },
	});
	expect(cancelled.status).toBe(200);
});

afterEach(async () => {
	await ctx.sandbox.control('DELETE', '/faults');
});

/** Chris's part at Berlin and at New York, as the bookings above make it. */
const BERLIN_PART = {
	restaurantId: 101,
	name: 'Trattoria Aurora',
	timeZone: 'Europe/Berlin',
	period: defaultPeriod(101),
	bookings: 3,
	visits: 2,
	noShows: 1,
	cancellations: 0,
	upcoming: 0,
	firstVisit: localDayAt(101, -100),
	lastVisit: localDayAt(101, -20),
	nextBooking: null,
	averagePartySize: 3,
	totalAmount: 120.25,
	noShowRate: 0.33,
};
const NEW_YORK_PART = {
	restaurantId: 102,
	name: 'Harbour & Vine',
	timeZone: 'America/New_York',
	period: defaultPeriod(102),
	bookings: 3,
	visits: 1,
	noShows: 0,
	cancellations: 1,
	upcoming: 1,
	firstVisit: localDayAt(102, -10, '12:30:00'),
	lastVisit: localDayAt(102, -10, '12:30:00'),
	nextBooking: localDayAt(102, 12, '20:00:00'),
	averagePartySize: 3,
	totalAmount: 30,
	noShowRate: 0,
};

describe('Get Guest History across restaurants', () => {
	it('counts a guest of two restaurants once, with each restaurant part, phones read in each country', async () => {
		await node.sandboxRequests();
		const result = await acrossChain({ phone: '0151 2345678' });
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }]);
		const [summary] = json(result);
		expect({ ...summary, reservations: undefined }).toEqual({
			found: true,
			guest: {
				name: 'Chris Kette-Lind',
				phone: '+49 151 2345678',
				email: null,
				identity: { key: 'p+491512345678', by: 'phone', value: '+491512345678' },
			},
			bookings: 6,
			visits: 3,
			noShows: 1,
			cancellations: 1,
			upcoming: 1,
			// Each in its restaurant's own time.
			firstVisit: localDayAt(101, -100),
			lastVisit: localDayAt(102, -10, '12:30:00'),
			nextBooking: localDayAt(102, 12, '20:00:00'),
			averagePartySize: 3,
			totalAmount: 150.25,
			// One no-show among the four standing bookings whose time has passed.
			noShowRate: 0.25,
			profile: null,
			restaurants: [BERLIN_PART, NEW_YORK_PART],
			restaurantsRead: 3,
			failedRestaurants: [],
			// Sydney's "0151 2345678" is an Australian number: another guest, not counted.
			otherGuests: [
				{
					identity: { key: 'p+611512345678', by: 'phone', value: '+611512345678' },
					bookings: 1,
					restaurantIds: [103],
				},
			],
			otherGuestsNote:
				'1 other guest has bookings under this phone number, not counted here: this answer is about the guest with the most bookings, who may not be the person you are serving. Ask for the country code of their phone number (e.g. +49) and look them up again with it before using these details.',
			reservations: undefined,
		});
		// The bookings with their restaurant, by instant, each in its restaurant's zone.
		const order = [
			'berlinFirst',
			'berlinNoShow',
			'berlinLast',
			'newYorkVisit',
			'newYorkCancelled',
			'newYorkNext',
		];
		expect(
			summary.reservations.map((r: Record<string, unknown>) => [
				r.id,
				r.restaurantId,
				r.restaurantName,
				r.timeZone,
				r.stateRole,
			]),
		).toEqual(
			order.map((name, i) => [
				made[name].id,
				i < 3 ? 101 : 102,
				i < 3 ? 'Trattoria Aurora' : 'Harbour & Vine',
				i < 3 ? 'Europe/Berlin' : 'America/New_York',
				['finished', 'noShow', 'finished', 'arrived', 'cancelled', 'booked'][i],
			]),
		);
		// The list of restaurants, then every restaurant's period in 60-day windows: nothing else.
		const sent = await node.sandboxRequests();
		expect(sent.filter((r) => /\/restaurants$/.test(r.url))).toHaveLength(1);
		for (const id of [101, 102, 103]) expect(listRequests(sent, id)).toHaveLength(8);
		expect(sent).toHaveLength(25);
	});

	it('finds by e-mail or name the same way; Sam is the guest when asked for', async () => {
		const [sam] = json(
			await acrossChain({ customerName: 'sam sydney', includeReservations: false }),
		);
		expect(sam).not.toHaveProperty('reservations');
		expect(sam).toMatchObject({
			found: true,
			bookings: 1,
			visits: 1,
			restaurants: [{ restaurantId: 103, name: 'Aurora Kitchen Sydney', bookings: 1 }],
			otherGuests: [],
		});
		expect(sam.guest.identity.key).toBe('p+611512345678');
		const [nobody] = json(await acrossChain({ phone: '+49 30 7654321' }));
		expect(nobody).toMatchObject({
			found: false,
			bookings: 0,
			visits: 0,
			firstVisit: null,
			restaurants: [],
			restaurantsRead: 3,
			failedRestaurants: [],
			otherGuests: [],
			reservations: [],
		});
	});

	it('names a failing restaurant with the API message and code while the others count', async () => {
		await ctx.sandbox.control('POST', '/faults', {
			status: 403,
			count: 100,
			pathContains: '/restaurants/102/reservations',
		});
		const result = await acrossChain({ phone: '0151 2345678', includeReservations: false });
		expect(result.error).toBeUndefined();
		const [summary] = json(result);
		expect(summary).toMatchObject({
			found: true,
			bookings: 3,
			visits: 2,
			restaurants: [BERLIN_PART],
			restaurantsRead: 2,
		});
		expect(summary.failedRestaurants).toEqual([
			{
				restaurantId: 102,
				name: 'Harbour & Vine',
				message:
					'Access denied: the access token may not use this restaurant or operation (HTTP 403)',
				code: 'forbidden',
				httpCode: '403',
				description:
					'Use a restaurant this token may reach (the Restaurant list shows them), or a token with access to it. The API said: "The access token has no access to this resource (sandbox fault injection)."',
			},
		]);
		// The failed restaurant read no window after its failure; the token is never shown.
		expect(JSON.stringify(summary)).not.toContain('sandbox-staff-token');
	});

	it('fails as One Restaurant does when every restaurant fails', async () => {
		await ctx.sandbox.control('POST', '/faults', {
			status: 500,
			count: 1000,
			pathContains: '/reservations',
		});
		const result = await acrossChain({ phone: '0151 2345678' });
		expect(result.error?.message).toBe('The restaurant platform failed to answer (HTTP 500)');
		expect(result.error?.description).toContain('Injected server error');
	});

	it('reads every restaurant once for 40 guests, at most Requests at Once at a time', async () => {
		await node.sandboxRequests();
		const one = await acrossChain({ phone: '0151 2345678', requestsAtOnce: 2 });
		expect(one.error).toBeUndefined();
		const forOne = await node.sandboxRequests();
		const phones = Array.from({ length: 40 }, (_, i) => `+49 30 66${String(i).padStart(5, '0')}`);
		phones[13] = '0151 2345678';
		const forty = await acrossChain(
			{ phone: '={{ $json.phone }}', requestsAtOnce: 2 },
			{ inputItems: phones.map((phone) => ({ phone })) },
		);
		expect(forty.error).toBeUndefined();
		const log = (await (await ctx.sandbox.control('GET', '/requests')).json()) as {
			maxInFlight: number;
		};
		const forForty = await node.sandboxRequests();
		expect(forOne).toHaveLength(25);
		expect(forForty).toHaveLength(25);
		expect(new Set(forForty.map((r) => r.url)).size).toBe(25);
		expect(log.maxInFlight).toBeLessThanOrEqual(2);
		expect(forty.items.map((item) => item.pairedItem)).toEqual(phones.map((_, item) => ({ item })));
		const counts = json(forty).map((s) => [s.found, s.bookings]);
		expect(counts[13]).toEqual([true, 6]);
		expect(counts.filter(([found]) => found)).toHaveLength(1);
	});

	it('names Requests at Once and its range when it is out of range, and sends nothing', async () => {
		await node.sandboxRequests();
		const result = await acrossChain({ phone: '0151 2345678', requestsAtOnce: 0 });
		expect(result.error?.message).toBe(
			'Requests at Once must be a whole number from 1 to 32; it is 0',
		);
		expect(await node.sandboxRequests()).toEqual([]);
	});

	it('leaves One Restaurant as it was: the same item with or without the Restaurants parameter', async () => {
		const parameters = {
			resource: 'reservation',
			operation: 'getGuestHistory',
			phone: '0151 2345678',
		};
		const saved = json(await node.run(parameters));
		const chosen = json(await node.run({ ...parameters, restaurants: 'one' }));
		expect(chosen).toEqual(saved);
		expect({ ...saved[0], reservations: undefined }).toEqual({
			found: true,
			guest: {
				name: 'Chris Kette',
				phone: '0151 2345678',
				email: null,
				identity: { key: 'p+491512345678', by: 'phone', value: '+491512345678' },
			},
			restaurantId: 101,
			timeZone: 'Europe/Berlin',
			period: defaultPeriod(101),
			...Object.fromEntries(
				Object.entries(BERLIN_PART).filter(
					([key]) => !['restaurantId', 'name', 'timeZone', 'period'].includes(key),
				),
			),
			profile: null,
			// Only the Berlin reading of the number at One Restaurant: nobody else matched.
			otherGuests: [],
			otherGuestsNote: null,
			reservations: undefined,
		});
	});
});
