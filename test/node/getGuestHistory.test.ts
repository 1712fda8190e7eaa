/**
 * Reservation › Get Guest History through n8n's engine against the sandbox: one summary per input
 * item (visits, no-shows, cancellations, upcoming, first and last visit, next booking, party size,
 * amount, profile, the guest's identity), read from the state roles in any reading, and one
 * listing of the restaurant's period per run however many guests are asked about.
 */
import { DateTime } from 'luxon';
import { guestIdentity } from '../../nodes/shared/guests/identity';
import { json } from '../support/nodeResults';
import { NO_GUEST_FOUND } from '../support/guestHistory';
import { nodeRunner, restaurant, type NodeRunOptions } from '../support/nodeRunner';
import { SEEDED_TIME_ZONES, useSandbox } from '../support/sandbox';
import { TOKENS } from '../support/tokens';
import type { ReservationState } from '../../sandbox/store/types';
import { bookings, readingSandbox } from '../readings/support';

const ZONE = SEEDED_TIME_ZONES[101];

/** A day relative to today in the restaurant, at a wall-clock time. */
const localDay = (days: number, time = '19:00:00') =>
	`${DateTime.now().setZone(ZONE).startOf('day').plus({ days }).toFormat('yyyy-LL-dd')}T${time}`;

/** The default period: from one year before the start of today to the end of the 90th day ahead. */
const defaultPeriod = () => {
	const today = DateTime.now().setZone(ZONE).startOf('day');
	const local = (day: DateTime) => `${day.toFormat('yyyy-LL-dd')}T00:00:00`;
	return { from: local(today.minus({ years: 1 })), to: local(today.plus({ days: 91 })) };
};

const ctx = useSandbox();
const node = nodeRunner(ctx, { restaurantId: restaurant(101) });

const history = (parameters: Record<string, unknown>, options: NodeRunOptions = {}) =>
	node.run({ resource: 'reservation', operation: 'getGuestHistory', ...parameters }, options);

type Sent = Awaited<ReturnType<typeof node.sandboxRequests>>;
const listRequests = (requests: Sent) =>
	requests.filter((r) => r.method === 'GET' && /\/reservations\?/.test(r.url));
const restaurantReads = (requests: Sent) =>
	requests.filter((r) => r.method === 'GET' && /\/restaurants\/101$/.test(r.url));

async function book(body: Record<string, unknown>): Promise<Record<string, any>> {
	const response = await ctx.call('createReservation', { body: { groupSize: 2, ...body } });
	expect(response.status).toBe(201);
	return response.body;
}

const GRETA = { customerName: 'Greta Gästebuch' };
const OLD = { ...GRETA, phone: '030 1234567', email: 'greta.old@example.com' };
const NEW = { ...GRETA, phone: '+49 30 1234567', email: 'Greta@Example.com' };
const PROFILE = { allergy: ['nuts'], vip: true };

let made: Record<string, Record<string, any>>;
let eventId: number;

beforeAll(async () => {
	eventId = (await ctx.call<Array<{ id: number }>>('listEvents')).body[0].id;
	made = {
		// Before the default period: not counted.
		tooOld: await book({ ...OLD, reservationTime: localDay(-400), state: 'completed' }),
		firstVisit: await book({
			...OLD,
			reservationTime: localDay(-200),
			state: 'completed',
			groupSize: 2,
			amount: 80.5,
		}),
		noShow: await book({ ...OLD, reservationTime: localDay(-60, '20:00:00'), state: 'noShow' }),
		lastVisit: await book({
			...NEW,
			reservationTime: localDay(-30, '20:30:00'),
			state: 'seated',
			groupSize: 5,
			amount: 120.25,
			customerProfile: PROFILE,
		}),
		cancelled: await book({ ...NEW, reservationTime: localDay(-10) }),
		next: await book({ ...NEW, reservationTime: localDay(5, '19:30:00'), state: 'confirmed' }),
		// An event booking, the latest: its contact is the guest's.
		atEvent: await book({
			...NEW,
			customerName: 'Greta Gästebuch-Lind',
			reservationTime: localDay(20, '18:00:00'),
			state: 'confirmed',
			eventId,
		}),
		// After the default period: not counted.
		tooLate: await book({ ...NEW, reservationTime: localDay(95), state: 'confirmed' }),
	};
	const cancelled = await ctx.call('cancelReservation', {
		path: { reservationId: made.cancelled.id },
		body: { note: 'Changed plans' },
	});
	expect(cancelled.status).toBe(200);
});

describe('Reservation: Get Guest History', () => {
	it('summarises a guest by phone in any form, with a changed e-mail, as one guest', async () => {
		await node.sandboxRequests();
		const result = await history({ phone: '+49 30 1234567' });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		const [summary] = json(result);
		const counted = ['firstVisit', 'noShow', 'lastVisit', 'cancelled', 'next', 'atEvent'];
		expect({ ...summary, reservations: undefined }).toEqual({
			found: true,
			guest: {
				name: 'Greta Gästebuch-Lind',
				phone: '+49 30 1234567',
				email: 'Greta@Example.com',
				identity: { key: 'p+49301234567', by: 'phone', value: '+49301234567' },
			},
			restaurantId: 101,
			timeZone: 'Europe/Berlin',
			period: defaultPeriod(),
			bookings: 6,
			visits: 2,
			noShows: 1,
			cancellations: 1,
			upcoming: 2,
			firstVisit: localDay(-200),
			lastVisit: localDay(-30, '20:30:00'),
			nextBooking: localDay(5, '19:30:00'),
			averagePartySize: 3.5,
			totalAmount: 200.75,
			// One no-show among the three kept bookings whose time has passed.
			noShowRate: 0.33,
			profile: made.lastVisit.customerProfile,
			otherGuests: [],
			otherGuestsNote: null,
			reservations: undefined,
		});
		expect(made.lastVisit.customerProfile).toMatchObject(PROFILE);
		// The bookings themselves, by time, simplified, each with its role and the zone.
		expect(summary.reservations.map((r: Record<string, unknown>) => r.id)).toEqual(
			counted.map((name) => made[name].id),
		);
		expect(summary.reservations.map((r: Record<string, unknown>) => r.stateRole)).toEqual([
			'finished',
			'noShow',
			'arrived',
			'cancelled',
			'booked',
			'booked',
		]);
		expect(summary.reservations[5]).toMatchObject({ eventId, timeZone: 'Europe/Berlin' });
		expect(summary.reservations[0]).not.toHaveProperty('details');
		// Both phone forms and both e-mails: one identity, the phone's.
		expect(guestIdentity(OLD, 'DE')).toEqual(guestIdentity(NEW, 'DE'));
		// One profile read and one list request per 60-day window of the default period.
		const sent = await node.sandboxRequests();
		expect(restaurantReads(sent)).toHaveLength(1);
		const windows = listRequests(sent).map((r) =>
			Object.fromEntries(new URL(r.url, 'http://x').searchParams),
		);
		expect(windows).toHaveLength(8);
		for (const window of windows) expect(window.includeEvents).toBe('true');
		expect(windows.map((w) => w.from).sort()[0]).toBe(defaultPeriod().from);
		expect(windows.map((w) => w.to).sort()[7]).toBe(defaultPeriod().to);
		expect(sent).toHaveLength(9);
	});

	it('finds the same guest by name; Include Reservations off leaves the bookings out', async () => {
		const [byName] = json(
			await history({ customerName: 'greta gastebuch', includeReservations: false }),
		);
		expect(byName).not.toHaveProperty('reservations');
		expect(byName).toMatchObject({ found: true, bookings: 6, visits: 2, upcoming: 2 });
		// The old e-mail finds only the bookings that carry it.
		const [byOldEmail] = json(await history({ email: 'GRETA.OLD@example.com' }));
		expect(byOldEmail).toMatchObject({
			found: true,
			bookings: 2,
			visits: 1,
			noShows: 1,
			upcoming: 0,
			nextBooking: null,
			firstVisit: localDay(-200),
			lastVisit: localDay(-200),
			averagePartySize: 2,
			totalAmount: 80.5,
			noShowRate: 0.5,
			profile: null,
			guest: { email: 'greta.old@example.com', phone: '030 1234567' },
		});
		expect(byOldEmail.guest.identity).toEqual({
			key: 'p+49301234567',
			by: 'phone',
			value: '+49301234567',
		});
	});

	it('takes From and To like Find, over any length', async () => {
		const [summary] = json(
			await history({
				phone: '030 1234567',
				from: localDay(-450, '00:00:00'),
				to: localDay(100).slice(0, 10),
				simplify: false,
			}),
		);
		expect(summary).toMatchObject({
			bookings: 8,
			visits: 3,
			upcoming: 3,
			firstVisit: localDay(-400),
			period: { from: localDay(-450, '00:00:00'), to: localDay(101, '00:00:00') },
		});
		expect(summary.reservations[0]).toHaveProperty('details');
	});

	it('answers a guest with no booking in the period with found false and zero counts', async () => {
		const result = await history({ phone: '+49 30 7654321' });
		expect(result.error).toBeUndefined();
		expect(json(result)).toEqual([
			{
				...NO_GUEST_FOUND,
				restaurantId: 101,
				timeZone: 'Europe/Berlin',
				period: defaultPeriod(),
				otherGuests: [],
				otherGuestsNote: null,
				reservations: [],
			},
		]);
	});

	it('reads the period once for 50 guests of one restaurant: as many requests as for one', async () => {
		const other = await book({
			customerName: 'Otto Oneoff',
			phone: '+49 30 5550199',
			reservationTime: localDay(-3),
			state: 'completed',
			groupSize: 4,
		});
		await node.sandboxRequests();
		const one = await history({ phone: '+49 30 5550199' });
		expect(one.error).toBeUndefined();
		const forOne = await node.sandboxRequests();

		const phones = Array.from({ length: 50 }, (_, i) => `+49 30 55${String(i).padStart(5, '0')}`);
		phones[7] = '030 1234567';
		phones[31] = other.phone;
		const fifty = await history(
			{ phone: '={{ $json.phone }}' },
			{ inputItems: phones.map((phone) => ({ phone })) },
		);
		expect(fifty.error).toBeUndefined();
		const forFifty = await node.sandboxRequests();

		expect(listRequests(forOne)).toHaveLength(8);
		expect(listRequests(forFifty)).toHaveLength(listRequests(forOne).length);
		expect(restaurantReads(forFifty)).toHaveLength(1);
		expect(forFifty).toHaveLength(forOne.length);
		// Each guest got their own summary, paired with their item.
		expect(fifty.items.map((item) => item.pairedItem)).toEqual(phones.map((_, item) => ({ item })));
		const found = json(fifty).map((s) => [s.found, s.bookings, s.visits]);
		expect(found[7]).toEqual([true, 6, 2]);
		expect(found[31]).toEqual([true, 1, 1]);
		expect(found.filter(([isFound]) => isFound)).toHaveLength(2);
	});

	it('asks for a name, phone or email, naming the fields, and sends nothing without one', async () => {
		await node.sandboxRequests();
		const result = await history({ customerName: ' ', phone: '', email: '' });
		expect(result.error?.message).toBe(
			'Give at least one of Guest Name, Phone or Email to find reservations',
		);
		expect(result.error?.description).toContain('Guest Name, Phone or Email');
		expect(result.error?.description).toContain('Nothing was sent.');
		expect(result.requests).toEqual([]);
		const short = await history({ phone: '12 34' });
		expect(short.error?.message).toBe('Phone "12 34" has too few digits to find a guest');
		expect(short.requests).toEqual([]);
		expect(await node.sandboxRequests()).toEqual([]);
	});

	it('names the field of a bad date and an empty period, and reports a refused token', async () => {
		const bad = await history({ phone: '030 1234567', to: 'next summer' });
		expect(bad.error?.message).toBe('To "next summer" is not a date and time');
		expect(listRequests(await node.sandboxRequests())).toEqual([]);
		const empty = await history({ phone: '030 1234567', from: localDay(100) });
		expect(empty.error?.message).toBe(
			`To (${defaultPeriod().to}) must be after From (${localDay(100)})`,
		);
		const refused = await history({ phone: '030 1234567' }, { token: TOKENS.outsider });
		expect(refused.error?.message).toBe(
			'Access denied: the access token may not use this restaurant or operation (HTTP 403)',
		);
	});
});

describe('Get Guest History against the platform reading', () => {
	const platform = readingSandbox('platform');
	const api = bookings(platform, 'platform');
	const onPlatform = nodeRunner(platform, { restaurantId: restaurant(101) });
	const guest = { customerName: 'Pia Plattform', phone: '0171 2223334' };
	/** A state as the platform's clients send it: `status`, its spelling ("Closed"). */
	const written = (state: ReservationState) => ({ [api.stateField]: api.spelling(state) });

	beforeAll(async () => {
		await api.create(101, {
			...guest,
			reservationTime: localDay(-90),
			...written('completed'),
			groupSize: 3,
			amount: 45.1,
		});
		await api.create(101, {
			...guest,
			reservationTime: localDay(-40),
			...written('arrived'),
			groupSize: 4,
			amount: 54.9,
		});
		await api.create(101, { ...guest, reservationTime: localDay(-20), ...written('noShow') });
		const toCancel = await api.create(101, { ...guest, reservationTime: localDay(3) });
		await api.cancel(101, toCancel.id);
		await api.create(101, { ...guest, reservationTime: localDay(7, '12:15:00') });
	});

	it('counts by role whatever the spelling (Closed, Arrived, NoShow, Canceled, Confirmed)', async () => {
		const result = await onPlatform.run({
			resource: 'reservation',
			operation: 'getGuestHistory',
			phone: '+49 171 2223334',
		});
		expect(result.error).toBeUndefined();
		const [summary] = json(result);
		expect({ ...summary, reservations: undefined, period: undefined }).toEqual({
			found: true,
			guest: {
				name: 'Pia Plattform',
				phone: '0171 2223334',
				email: null,
				identity: { key: 'p+491712223334', by: 'phone', value: '+491712223334' },
			},
			restaurantId: 101,
			timeZone: 'Europe/Berlin',
			period: undefined,
			bookings: 5,
			visits: 2,
			noShows: 1,
			cancellations: 1,
			upcoming: 1,
			// Restaurant-local, though the platform writes times with an offset.
			firstVisit: localDay(-90),
			lastVisit: localDay(-40),
			nextBooking: localDay(7, '12:15:00'),
			averagePartySize: 3.5,
			totalAmount: 100,
			noShowRate: 0.33,
			profile: null,
			otherGuests: [],
			otherGuestsNote: null,
			reservations: undefined,
		});
		expect(
			summary.reservations.map((r: Record<string, unknown>) => [r.status, r.stateRole]),
		).toEqual([
			['Closed', 'finished'],
			['Arrived', 'arrived'],
			['NoShow', 'noShow'],
			['Canceled', 'cancelled'],
			['Confirmed', 'booked'],
		]);
		for (const booking of summary.reservations) expect(booking).not.toHaveProperty('state');
		expect(summary.reservations[0].reservationTime).toMatch(/[+-]\d{2}:\d{2}$/);
	});
});
