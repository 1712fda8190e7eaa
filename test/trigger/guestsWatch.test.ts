/**
 * The Guests watch through n8n-core's poll path against the sandbox: the baseline learns the
 * guests of the history, then New Guest, Returning Guest (the same guest with a phone written
 * otherwise and another e-mail), no new guest for a cancelled or awaiting first booking, Guest
 * No-Show with its count, Birthday or Anniversary Coming once a year, an idle poll that keeps the
 * state, and the samples of a test run.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { SEEDED_TIME_ZONES, useSandbox } from '../support/sandbox';
import {
	baselined,
	expectIdleTickKeepsState,
	localDay,
	oneRestaurant,
	type Trigger,
} from './support';

const ctx = useSandbox({ reservations: 300 });
const RESTAURANT = 101;
const ZONE = SEEDED_TIME_ZONES[RESTAURANT];

const GUESTS: INodeParameters = oneRestaurant(RESTAURANT, {
	watch: 'guests',
	guestEvents: ['newGuest', 'returningGuest', 'guestNoShow', 'occasionComing'],
	lookBackDays: 2,
	lookAheadDays: 120,
	guestHistoryDays: 365,
	occasionDaysBefore: 7,
});

interface GuestJson {
	event: string;
	restaurantId: number;
	guest: { name: string; phone: string; email: string; identifiedBy: string; identity: string };
	visits: number;
	noShows: number;
	lastVisit: string | null;
	reservationId: string;
	stateRole: string;
	occasion?: string;
	date?: string;
	daysUntil?: number;
	reservation: IDataObject;
}

async function book(body: IDataObject, days = 10): Promise<IDataObject> {
	const response = await ctx.call('createReservation', {
		path: { restaurantId: RESTAURANT },
		body: { reservationTime: localDay(ZONE, days), groupSize: 2, ...body },
	});
	expect(response.status).toBe(201);
	return response.body as IDataObject;
}

async function setState(reservation: IDataObject, state: string): Promise<void> {
	const response = await ctx.call('updateReservation', {
		path: { restaurantId: RESTAURANT, reservationId: String(reservation.id) },
		body: { state },
	});
	expect(response.status).toBe(200);
}

async function guestItems(trigger: Trigger): Promise<GuestJson[]> {
	const result = await trigger.tick();
	expect(result.error).toBeUndefined();
	return (result.items?.[0] ?? []).map((item) => item.json as unknown as GuestJson);
}

const summary = (items: GuestJson[]) =>
	items.map((i) => `${i.event} ${i.guest.identity} visits=${i.visits} noShows=${i.noShows}`);

let trigger: Trigger;

beforeAll(async () => {
	trigger = await baselined(ctx, GUESTS);
});

it('learns the guests of the history at the first poll, reporting none', () => {
	const state = trigger.state as { g?: string; r: Record<string, { w?: string; y?: string }> };
	const guests = state.g!.split('|');
	expect(guests.length).toBeGreaterThan(100);
	// About 10 bytes a guest who has only booked, about 17 for a regular.
	expect(state.g!.length / guests.length).toBeLessThanOrEqual(24);
	expect(state.r[String(RESTAURANT)].y).toBe('DE');
	expect(state.r[String(RESTAURANT)].w).toBe(localDay(ZONE, 0).slice(0, 10));
});

it('reports a new guest once, then the same guest as returning however the phone is written', async () => {
	const first = await book({
		customerName: 'Nina Neu',
		phone: '030 5550101',
		email: 'nina@example.com',
	});
	expect(summary(await guestItems(trigger))).toEqual(['newGuest +49305550101 visits=0 noShows=0']);

	await book(
		{ customerName: 'Nina Neu', phone: '+49 30 555 0101', email: 'nina.neu@work.example' },
		20,
	);
	const [returning] = await guestItems(trigger);
	expect(returning).toMatchObject({
		event: 'returningGuest',
		restaurantId: RESTAURANT,
		guest: { name: 'Nina Neu', email: 'nina.neu@work.example', identifiedBy: 'phone' },
		visits: 0,
		stateRole: 'booked',
	});

	// Her first visit counts; the next booking reports it.
	await setState(first, 'completed');
	expect(await guestItems(trigger)).toEqual([]);
	await book({ customerName: 'Nina Neu', phone: '0305550101' }, 30);
	const [third] = await guestItems(trigger);
	expect(third).toMatchObject({
		event: 'returningGuest',
		visits: 1,
		lastVisit: localDay(ZONE, 10).slice(0, 10),
	});
});

it('makes no guest of a cancelled first booking until the guest books again and it stands', async () => {
	const cancelled = await book({ customerName: 'Carl Cancel', email: 'carl@example.com' });
	const response = await ctx.call('cancelReservation', {
		path: { restaurantId: RESTAURANT, reservationId: String(cancelled.id) },
		body: { cancelOptionName: 'Guest request' },
	});
	expect(response.status).toBe(200);
	expect(await guestItems(trigger)).toEqual([]);

	await book({ customerName: 'Carl Cancel', email: 'CARL@example.com' }, 12);
	expect(summary(await guestItems(trigger))).toEqual([
		'newGuest carl@example.com visits=0 noShows=0',
	]);
});

it('reports a guest awaiting approval only once the booking is accepted', async () => {
	const large = await book({
		customerName: 'Paula Party',
		phone: '+49 171 5550202',
		groupSize: 10,
	});
	expect(large.state).toBe('pending');
	expect(await guestItems(trigger)).toEqual([]);
	await setState(large, 'confirmed');
	expect(summary(await guestItems(trigger))).toEqual(['newGuest +491715550202 visits=0 noShows=0']);
});

it('reports a no-show with the count, and counts it back when corrected', async () => {
	const booking = await book({ customerName: 'Otto Absent', phone: '+49 172 5550303' }, 3);
	expect(summary(await guestItems(trigger))).toEqual(['newGuest +491725550303 visits=0 noShows=0']);
	await setState(booking, 'noShow');
	expect(summary(await guestItems(trigger))).toEqual([
		'guestNoShow +491725550303 visits=0 noShows=1',
	]);
	await setState(booking, 'completed');
	expect(await guestItems(trigger)).toEqual([]);
	await book({ customerName: 'Otto Absent', phone: '+49 172 5550303' }, 40);
	expect(summary(await guestItems(trigger))).toEqual([
		'returningGuest +491725550303 visits=1 noShows=0',
	]);
});

it("reports a known guest's birthday once, the chosen days before", async () => {
	const birthday = localDay(ZONE, 5).slice(5, 10);
	await book({
		customerName: 'Bea Geburtstag',
		phone: '+49 173 5550404',
		customerProfile: { birthdate: `1990-${birthday}` },
	});
	const items = await guestItems(trigger);
	expect(items.map((i) => i.event)).toEqual(['newGuest', 'occasionComing']);
	expect(items[1]).toMatchObject({
		occasion: 'birthday',
		date: localDay(ZONE, 5).slice(0, 10),
		daysUntil: 5,
		guest: { name: 'Bea Geburtstag' },
	});
	// Once a year: neither the next poll nor a new booking with the same profile repeats it.
	await book(
		{
			customerName: 'Bea Geburtstag',
			phone: '+49 173 5550404',
			customerProfile: { birthdate: `1990-${birthday}` },
		},
		50,
	);
	expect((await guestItems(trigger)).map((i) => i.event)).toEqual(['returningGuest']);
});

it('reports a guest of the history as returning, with the visits the history holds', async () => {
	const { body } = await ctx.call('listReservations', {
		path: { restaurantId: RESTAURANT },
		query: { from: localDay(ZONE, -300, '00:00:00'), to: localDay(ZONE, -10, '00:00:00') },
	});
	const regular = (body as IDataObject[]).find((r) => r.state === 'completed')!;
	await book(
		{ customerName: regular.customerName, phone: regular.phone, email: regular.email },
		25,
	);
	const [item] = await guestItems(trigger);
	expect(item).toMatchObject({
		event: 'returningGuest',
		visits: 1,
		lastVisit: String(regular.reservationTime).slice(0, 10),
	});
});

it("greets a guest known only from the history at the day's read of it, once", async () => {
	const { body } = await ctx.call('listReservations', {
		path: { restaurantId: RESTAURANT },
		query: { from: localDay(ZONE, -200, '00:00:00'), to: localDay(ZONE, -20, '00:00:00') },
	});
	const past = (body as IDataObject[]).filter((r) => r.state === 'completed');
	const regular = past[past.length - 1];
	const birthday = localDay(ZONE, 3).slice(5, 10);
	const updated = await ctx.call('updateReservation', {
		path: { restaurantId: RESTAURANT, reservationId: String(regular.id) },
		body: { customerProfile: { birthdate: `1985-${birthday}` } },
	});
	expect(updated.status).toBe(200);
	// The booking is before the period: today's history was read at the baseline.
	expect(await guestItems(trigger)).toEqual([]);
	// As if the restaurant's day had turned since the history was last read.
	const entry = () =>
		(trigger.state as { r: Record<string, { w?: string }> }).r[String(RESTAURANT)];
	const yesterday = localDay(ZONE, -1).slice(0, 10);
	entry().w = yesterday;
	const [greeting] = await guestItems(trigger);
	expect(greeting).toMatchObject({
		event: 'occasionComing',
		occasion: 'birthday',
		daysUntil: 3,
		reservationId: regular.id,
		guest: { name: regular.customerName },
		visits: 1,
	});
	expect(entry().w).toBe(localDay(ZONE, 0).slice(0, 10));
	// Greeted for this year: another day's read of the history does not greet again.
	entry().w = yesterday;
	expect(await guestItems(trigger)).toEqual([]);
});

it('keeps the state as it was when nothing happened', async () => {
	await expectIdleTickKeepsState(trigger);
});

it('shows a sample of each chosen event in a test run, storing nothing', async () => {
	const before = JSON.stringify(trigger.staticData);
	const result = await trigger.test();
	expect(result.error).toBeUndefined();
	const events = result.changes.map((item) => (item as unknown as GuestJson).event);
	expect(events).toEqual(expect.arrayContaining(['newGuest', 'returningGuest', 'occasionComing']));
	expect(JSON.stringify(trigger.staticData)).toBe(before);
});
