/**
 * The Restaurant Reservations Trigger through n8n-core's poll path (PollTriggerExecutor with a real
 * PollContext), static data carried from tick to tick as the server does, against the sandbox.
 */
import type { IDataObject } from 'n8n-workflow';
import { naiveLocalMs } from '../../nodes/shared/localTime';
import { SEEDED_TIME_ZONES, openSlot, useSandbox } from '../support/sandbox';
import { getNodeStaticData } from '../support/engine';
import { decodeSnapshot } from './snapshots';
import {
	CANCELLED_FROM_CONFIRMED,
	expectFailedPollKeptState,
	expectIdleTickKeepsState,
	listRequests,
	localDay,
	NODE_NAME,
	oneRestaurant,
	SEATED_FROM_CONFIRMED,
	TRACKED_FIELDS,
	Trigger,
	type ChangeJson,
	withoutPolledAt,
} from './support';

const ctx = useSandbox();
beforeEach(async () => ctx.sandbox.reset());

const ZONES = SEEDED_TIME_ZONES;
const ALL_EVENTS = [
	'reservationCreated',
	'reservationUpdated',
	'reservationCancelled',
	'reservationStateChanged',
];

interface RestaurantSnapshot {
	z: string;
	f: string;
	t: string;
	d: number;
	s: string;
}

function snapshotOf(trigger: Trigger, restaurantId = 101, reportPreviousGuestDetails = false) {
	const r = (trigger.state?.r as Record<string, RestaurantSnapshot> | undefined)?.[
		String(restaurantId)
	];
	if (!r) throw new Error(`no snapshot for restaurant ${restaurantId}`);
	return { ...r, entries: decodeSnapshot(r.s, reportPreviousGuestDetails) };
}

async function create(
	restaurantId: number,
	days: number,
	time = '19:00:00',
	extra: IDataObject = {},
): Promise<IDataObject & { id: string; reservationTime: string }> {
	const response = await ctx.call('createReservation', {
		path: { restaurantId },
		body: {
			reservationTime: localDay(ZONES[restaurantId], days, time),
			groupSize: 2,
			customerName: 'Trigger Test',
			tableNumber: '4',
			...extra,
		},
	});
	expect(response.status).toBe(201);
	return response.body;
}

async function update(restaurantId: number, reservationId: string, body: IDataObject) {
	const response = await ctx.call('updateReservation', {
		path: { restaurantId, reservationId },
		body,
	});
	expect(response.status).toBe(200);
	return response.body;
}

async function cancel(restaurantId: number, reservationId: string) {
	const response = await ctx.call('cancelReservation', {
		path: { restaurantId, reservationId },
		body: { cancelOptionName: 'Guest request', note: 'changed plans' },
	});
	expect(response.status).toBe(200);
	return response.body;
}

async function fault(plan: IDataObject) {
	expect((await ctx.sandbox.control('POST', '/faults', plan)).status).toBe(201);
}

/** Waits out the last 10 s of an hour (restaurant 101's offset is whole hours). */
async function awayFromTheHour(): Promise<void> {
	const intoTheHour = Date.now() % 3_600_000;
	if (intoTheHour > 3_590_000)
		await new Promise((resolve) => setTimeout(resolve, 3_600_000 - intoTheHour + 1000));
}

const summary = (changes: ChangeJson[]) =>
	changes.map(({ reservation: _r, ...rest }) => withoutPolledAt(rest));

async function baseline(parameters = oneRestaurant(101), token?: string): Promise<Trigger> {
	const trigger = new Trigger(ctx, parameters, token);
	const first = await trigger.tick();
	expect(first.error).toBeUndefined();
	expect(first.items).toBeNull();
	return trigger;
}

describe('baseline', () => {
	it('records every reservation of the horizon, compactly, and emits nothing', async () => {
		const trigger = new Trigger(ctx, oneRestaurant(101));
		const first = await trigger.tick();
		expect(first.error).toBeUndefined();
		expect(first.items).toBeNull();
		expect(first.persisted).toBe(true);
		const snapshot = snapshotOf(trigger);
		expect(snapshot.z).toBe('Europe/Berlin');
		// The same period, listed by a plain client, holds exactly the snapshot's reservations.
		const listed = await ctx.call('listReservations', {
			query: { from: snapshot.f, to: snapshot.t, includeEvents: true },
		});
		expect([...snapshot.entries.keys()].sort()).toEqual(
			listed.body.map((r: { id: string }) => r.id).sort(),
		);
		expect(snapshot.entries.size).toBeGreaterThan(50);
		// Never a whole record: the state is a few dozen bytes per reservation.
		expect(JSON.stringify(trigger.state).length / snapshot.entries.size).toBeLessThanOrEqual(40);
		expect(JSON.stringify(trigger.state)).not.toContain('Trigger Test');

		const second = await trigger.tick();
		expect(second.error).toBeUndefined();
		expect(second.items).toBeNull();
		expect(snapshotOf(trigger).s).toBe(snapshot.s);
	});

	it('an idle poll leaves the stored state as it was, so that durable poll cursors write nothing', async () => {
		await awayFromTheHour(); // the horizon moves on the hour, and with it the state
		const trigger = await baseline();
		const stored = JSON.stringify(trigger.state);
		await expectIdleTickKeepsState(trigger);
		// A change after idle polls is compared with that state and reported once.
		const created = await create(101, 5);
		expect((await trigger.tick()).changes.map((c) => [c.event, c.reservationId])).toEqual([
			['reservationCreated', created.id],
		]);
		expect(JSON.stringify(trigger.state)).not.toBe(stored);
		expect((await trigger.tick()).items).toBeNull();
	});

	it('starts a new baseline, silently, when the watched set changes (filters)', async () => {
		const trigger = await baseline();
		await create(101, 5);
		trigger.parameters = oneRestaurant(101, { options: { includeEvents: false } });
		expect((await trigger.tick()).items).toBeNull();
		await create(101, 6);
		expect((await trigger.tick()).changes.map((c) => c.event)).toEqual(['reservationCreated']);
	});
});

describe('events', () => {
	it('Reservation Created: the new reservation, once', async () => {
		const trigger = await baseline();
		const created = await create(101, 3);
		const { changes } = await trigger.tick();
		expect(summary(changes)).toEqual([
			{
				event: 'reservationCreated',
				restaurantId: 101,
				reservationId: created.id,
				stateRole: 'booked',
			},
		]);
		expect(changes[0].reservation).toMatchObject({
			id: created.id,
			customerName: 'Trigger Test',
			groupSize: 2,
		});
		expect((await trigger.tick()).items).toBeNull();
	});

	it('Reservation Updated: every watched field with its previous and new value', async () => {
		const created = await create(101, 3, '19:00:00', {
			phone: '+49 30 1',
			email: 'old@guest.example',
		});
		const events = (await ctx.call('listEvents', { path: { restaurantId: 101 } })).body as Array<{
			id: number;
		}>;
		const trigger = await baseline();
		const newTime = localDay(ZONES[101], 4, '20:30:00');
		await update(101, created.id, {
			reservationTime: newTime,
			groupSize: 5,
			tableNumber: 'T1',
			customerName: 'Trigger Tested',
			phone: '+49 30 2',
			email: 'new@guest.example',
			specialRequests: 'Window table',
			eventId: events[0].id,
		});
		await update(101, created.id, { state: 'arrived' });
		const { changes } = await trigger.tick();
		expect(summary(changes)).toEqual([
			{
				event: 'reservationStateChanged',
				restaurantId: 101,
				reservationId: created.id,
				previousState: 'confirmed',
				newState: 'arrived',
				previousStateRole: 'booked',
				stateRole: 'arrived',
				changedFields: TRACKED_FIELDS,
				changes: {
					reservationTime: { previous: created.reservationTime, current: newTime },
					groupSize: { previous: 2, current: 5 },
					tableNumber: { previous: '4', current: 'T1' },
					state: { previous: 'confirmed', current: 'arrived' },
					eventId: { previous: null, current: events[0].id },
					// Guest details: named, with the new value (their previous values take the option below).
					customerName: { current: 'Trigger Tested' },
					phone: { current: '+49 30 2' },
					email: { current: 'new@guest.example' },
					specialRequests: { current: 'Window table' },
				},
				otherFieldsChanged: false,
			},
		]);
	});

	it('Report Previous Guest Details: previous values of the guest details too', async () => {
		const created = await create(101, 3, '19:00:00', {
			phone: '+49 30 1',
			email: 'old@guest.example',
		});
		const trigger = await baseline(oneRestaurant(101, { options: { keepGuestDetails: true } }));
		await update(101, created.id, {
			customerName: 'Trigger Tested',
			phone: '+49 30 2',
			email: 'new@guest.example',
			specialRequests: 'Window, quiet | 100%',
			groupSize: 3,
		});
		const { changes } = await trigger.tick();
		expect(summary(changes)).toEqual([
			{
				event: 'reservationUpdated',
				restaurantId: 101,
				reservationId: created.id,
				stateRole: 'booked',
				changedFields: ['groupSize', 'customerName', 'phone', 'email', 'specialRequests'],
				changes: {
					groupSize: { previous: 2, current: 3 },
					customerName: { previous: 'Trigger Test', current: 'Trigger Tested' },
					phone: { previous: '+49 30 1', current: '+49 30 2' },
					email: { previous: 'old@guest.example', current: 'new@guest.example' },
					specialRequests: { previous: null, current: 'Window, quiet | 100%' },
				},
				otherFieldsChanged: false,
			},
		]);
	});

	it('Reservation Updated: a change outside the named fields is flagged', async () => {
		const created = await create(101, 3);
		const trigger = await baseline();
		await update(101, created.id, { internalNotes: 'Regular, prefers the terrace' });
		expect(summary((await trigger.tick()).changes)).toEqual([
			{
				event: 'reservationUpdated',
				restaurantId: 101,
				reservationId: created.id,
				stateRole: 'booked',
				changedFields: [],
				changes: {},
				otherFieldsChanged: true,
			},
		]);
	});

	it('Reservation State Changed: previous and new state', async () => {
		const created = await create(101, 1);
		const trigger = await baseline();
		await update(101, created.id, { state: 'seated' });
		expect(summary((await trigger.tick()).changes)).toEqual([
			{
				event: 'reservationStateChanged',
				restaurantId: 101,
				reservationId: created.id,
				...SEATED_FROM_CONFIRMED,
			},
		]);
	});

	it('Reservation Cancelled: previous state and the cancellation details', async () => {
		const created = await create(101, 2);
		const trigger = await baseline();
		await cancel(101, created.id);
		const { changes } = await trigger.tick();
		expect(summary(changes)).toEqual([
			{
				event: 'reservationCancelled',
				restaurantId: 101,
				reservationId: created.id,
				...CANCELLED_FROM_CONFIRMED,
			},
		]);
		expect(changes[0].reservation.details).toMatchObject({
			cancelOptionName: 'Guest request',
			cancelNote: 'changed plans',
		});
	});

	it('reports a change as the most specific chosen event, and nothing when none applies', async () => {
		const [a, b, c] = [await create(101, 2), await create(101, 3), await create(101, 4)];
		const trigger = await baseline(oneRestaurant(101, { events: ['reservationUpdated'] }));
		await cancel(101, a.id);
		await update(101, b.id, { state: 'arrived' });
		expect(
			(await trigger.tick()).changes.map((x) => [x.reservationId, x.event, x.changes]),
		).toEqual([
			[a.id, 'reservationUpdated', { state: { previous: 'confirmed', current: 'cancelled' } }],
			[b.id, 'reservationUpdated', { state: { previous: 'confirmed', current: 'arrived' } }],
		]);
		trigger.parameters = oneRestaurant(101, { events: ['reservationStateChanged'] });
		await cancel(101, b.id);
		await update(101, c.id, { groupSize: 3 });
		// The cancellation falls back to State Changed; the plain update is not chosen and is not reported later either.
		expect((await trigger.tick()).changes.map((x) => [x.reservationId, x.event])).toEqual([
			[b.id, 'reservationStateChanged'],
		]);
		trigger.parameters = oneRestaurant(101);
		expect((await trigger.tick()).items).toBeNull();
	});

	it('several changes to one reservation between polls: one item with the net change; a change undone: nothing', async () => {
		const [a, b] = [await create(101, 5), await create(101, 6)];
		const trigger = await baseline();
		const finalTime = localDay(ZONES[101], 7, '21:00:00');
		await update(101, a.id, { groupSize: 6 });
		await update(101, a.id, { reservationTime: localDay(ZONES[101], 8) });
		await update(101, a.id, { groupSize: 3, reservationTime: finalTime });
		await update(101, a.id, { state: 'pending' });
		await update(101, b.id, { groupSize: 7, tableNumber: '9' });
		await update(101, b.id, { groupSize: 2, tableNumber: '4' });
		expect(summary((await trigger.tick()).changes)).toEqual([
			{
				event: 'reservationStateChanged',
				restaurantId: 101,
				reservationId: a.id,
				previousState: 'confirmed',
				newState: 'pending',
				previousStateRole: 'booked',
				stateRole: 'awaitingApproval',
				changedFields: ['reservationTime', 'groupSize', 'state'],
				changes: {
					reservationTime: { previous: a.reservationTime, current: finalTime },
					groupSize: { previous: 2, current: 3 },
					state: { previous: 'confirmed', current: 'pending' },
				},
				otherFieldsChanged: false,
			},
		]);
	});
});

describe('horizon', () => {
	it('follows a reservation across a window boundary as one update, with no extra request', async () => {
		const created = await create(101, 10);
		const trigger = await baseline(oneRestaurant(101, { lookBackDays: 1, lookAheadDays: 90 }));
		const moved = localDay(ZONES[101], 70);
		await update(101, created.id, { reservationTime: moved });
		const result = await trigger.tick();
		expect(summary(result.changes)).toEqual([
			{
				event: 'reservationUpdated',
				restaurantId: 101,
				reservationId: created.id,
				stateRole: 'booked',
				changedFields: ['reservationTime'],
				changes: { reservationTime: { previous: created.reservationTime, current: moved } },
				otherFieldsChanged: false,
			},
		]);
		const windows = listRequests(result).map((r) => new URL(r.url).searchParams);
		expect(windows).toHaveLength(2);
		// The reservation left the first window and entered the second one.
		expect(
			created.reservationTime < windows[0].get('to')! && moved >= windows[1].get('from')!,
		).toBe(true);
		expect(result.requests).toHaveLength(2);
	});

	it('prunes a reservation moved out of the horizon, without an event; one moved back in is new', async () => {
		const created = await create(101, 10);
		const trigger = await baseline();
		await update(101, created.id, { reservationTime: localDay(ZONES[101], 200) });
		const out = await trigger.tick();
		expect(out.error).toBeUndefined();
		expect(out.items).toBeNull();
		expect(snapshotOf(trigger).entries.has(created.id)).toBe(false);
		// Missing from the list while its stored time is inside the horizon: read once to learn why.
		expect(
			out.requests.map((r) => new URL(r.url).pathname).filter((p) => p.endsWith(created.id)),
		).toHaveLength(1);
		expect((await trigger.tick()).items).toBeNull();

		await update(101, created.id, { reservationTime: localDay(ZONES[101], 20) });
		expect((await trigger.tick()).changes.map((c) => [c.event, c.reservationId])).toEqual([
			['reservationCreated', created.id],
		]);
	});

	it('prunes reservations the horizon leaves behind, without events or extra requests', async () => {
		const old = await create(101, -20);
		const trigger = await baseline(oneRestaurant(101, { lookBackDays: 30, lookAheadDays: 30 }));
		const before = snapshotOf(trigger).entries.size;
		expect(snapshotOf(trigger).entries.has(old.id)).toBe(true);
		trigger.parameters = oneRestaurant(101, { lookBackDays: 1, lookAheadDays: 30 });
		const result = await trigger.tick();
		expect(result.items).toBeNull();
		expect(result.requests).toHaveLength(1);
		expect(snapshotOf(trigger).entries.has(old.id)).toBe(false);
		expect(snapshotOf(trigger).entries.size).toBeLessThan(before);
	});

	it('a new reservation in a newly watched part of the horizon is Created only if it is new', async () => {
		const early = await create(101, 40);
		// Creation times have whole seconds: a reservation created in the second of a poll counts as new.
		await new Promise((resolve) => setTimeout(resolve, 1100));
		const trigger = await baseline(oneRestaurant(101, { lookBackDays: 1, lookAheadDays: 30 }));
		const fresh = await create(101, 41);
		trigger.parameters = oneRestaurant(101, { lookBackDays: 1, lookAheadDays: 60 });
		// `early` existed before the last poll: it only entered the horizon. `fresh` was created since.
		expect((await trigger.tick()).changes.map((c) => c.reservationId)).toEqual([fresh.id]);
		expect(snapshotOf(trigger).entries.has(early.id)).toBe(true);
	});

	it.each([
		[5, 360, 7],
		[0, 60, 1],
		[1, 90, 2],
		[30, 700, 13],
	])(
		'a horizon of %i + %i days takes exactly ceil(days / 60) = %i requests per poll',
		async (lookBackDays, lookAheadDays, count) => {
			const trigger = await baseline(oneRestaurant(101, { lookBackDays, lookAheadDays }));
			const result = await trigger.tick();
			expect(result.error).toBeUndefined();
			expect(result.requests).toHaveLength(count);
			const windows = listRequests(result).map((r) => new URL(r.url).searchParams);
			expect(windows).toHaveLength(count);
			const { f, t } = snapshotOf(trigger);
			expect(windows[0].get('from')).toBe(f);
			expect(windows[count - 1].get('to')).toBe(t);
			for (let i = 0; i < count; i++) {
				const [from, to] = [
					Date.parse(`${windows[i].get('from')}Z`),
					Date.parse(`${windows[i].get('to')}Z`),
				];
				expect(to - from).toBeLessThanOrEqual(60 * 86_400_000);
				if (i > 0) expect(windows[i].get('from')).toBe(windows[i - 1].get('to'));
			}
		},
	);

	it('works for an application token (scope App, at most 60 days per request) over 365 days', async () => {
		const trigger = await baseline(
			oneRestaurant(101, { lookBackDays: 5, lookAheadDays: 360 }),
			'sandbox-vendor-token',
		);
		expect(snapshotOf(trigger).entries.size).toBeGreaterThan(0);
		const mine = await ctx.call('createReservation', {
			token: 'vendor',
			// Under the published rules an application books at most 90 days ahead.
			body: { reservationTime: openSlot(ZONES[101], 30), groupSize: 2, customerName: 'App Guest' },
		});
		const result = await trigger.tick();
		expect(result.error).toBeUndefined();
		expect(result.changes.map((c) => c.reservationId)).toEqual([mine.body.id]);
		expect(listRequests(result)).toHaveLength(7);
	});

	it('refuses a horizon longer than two years', async () => {
		const result = await new Trigger(
			ctx,
			oneRestaurant(101, { lookBackDays: 31, lookAheadDays: 700 }),
		).tick();
		expect(result.error).toMatchObject({
			name: 'NodeOperationError',
			message: expect.stringContaining('between 1 and 730 days'),
		});
		expect(result.requests).toHaveLength(0);
	});
});

describe('failures', () => {
	it('a window failing in the middle of a poll: no emission, state unchanged, full catch-up once', async () => {
		const [a, b] = [await create(101, 5), await create(101, 100)];
		const trigger = await baseline(oneRestaurant(101, { lookBackDays: 1, lookAheadDays: 180 }));
		const good = structuredClone(trigger.staticData);
		const c = await create(101, 150);
		await update(101, a.id, { groupSize: 4 });

		await fault({ status: 500, count: 1, after: 2, pathContains: '/reservations' });
		const failed = await trigger.tick();
		expectFailedPollKeptState(failed, trigger, good);
		expect(failed.error).toMatchObject({
			message: 'The restaurant platform failed to answer (HTTP 500)',
		});
		expect(listRequests(failed).map((r) => r.status)).toContain(500);

		await cancel(101, b.id);
		await fault({ status: 503, count: 1, pathContains: '/reservations' });
		const failedAgain = await trigger.tick();
		expect(failedAgain.error).toMatchObject({ httpCode: '503' });
		expect(trigger.staticData).toEqual(good);

		const caughtUp = await trigger.tick();
		expect(caughtUp.error).toBeUndefined();
		expect(caughtUp.changes.map((x) => [x.reservationId, x.event])).toEqual([
			[a.id, 'reservationUpdated'],
			[b.id, 'reservationCancelled'],
			[c.id, 'reservationCreated'],
		]);
		expect((await trigger.tick()).items).toBeNull();
	});

	it('an unreachable server: a clear error, state unchanged', async () => {
		const trigger = await baseline();
		const good = structuredClone(trigger.staticData);
		const created = await create(101, 3);
		const offline = new Trigger(
			{ sandbox: { ...ctx.sandbox, url: 'http://127.0.0.1:9' } } as typeof ctx,
			trigger.parameters,
		);
		Object.assign(offline.staticData, structuredClone(good));
		const result = await offline.tick();
		expect(result.items).toBeNull();
		expect(result.error).toMatchObject({
			name: 'NodeApiError',
			message: 'The restaurant platform could not be reached',
		});
		expect((result.error as Error & { description: string }).description).toContain(
			'Nothing was emitted',
		);
		expect(offline.staticData).toEqual(good);
		expect((await trigger.tick()).changes.map((c) => c.reservationId)).toEqual([created.id]);
	});

	it('a failing read of a reservation that left the list fails the poll too', async () => {
		const created = await create(101, 10);
		const trigger = await baseline();
		const good = structuredClone(trigger.staticData);
		await update(101, created.id, { reservationTime: localDay(ZONES[101], 300) });
		await fault({ status: 500, count: 1, pathContains: `/reservations/${created.id}` });
		const failed = await trigger.tick();
		expect(failed.error).toMatchObject({ httpCode: '500' });
		expect(trigger.staticData).toEqual(good);
		expect((await trigger.tick()).error).toBeUndefined();
		expect(snapshotOf(trigger).entries.has(created.id)).toBe(false);
	});

	it('429 with Retry-After: waits as asked within the poll budget, then completes', async () => {
		const trigger = await baseline(oneRestaurant(101, { lookBackDays: 1, lookAheadDays: 180 }));
		const created = await create(101, 130);
		await fault({
			status: 429,
			count: 1,
			after: 1,
			retryAfterSeconds: 1,
			pathContains: '/reservations',
		});
		const started = Date.now();
		const result = await trigger.tick();
		expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
		expect(result.error).toBeUndefined();
		expect(result.changes.map((c) => c.reservationId)).toEqual([created.id]);
		const statuses = listRequests(result).map((r) => r.status);
		expect(statuses.filter((s) => s === 429)).toHaveLength(1);
		expect(statuses.filter((s) => s === 200)).toHaveLength(4);
	});

	it('429 with a Retry-After beyond the poll budget: fails at once, state unchanged, next poll catches up', async () => {
		const trigger = await baseline();
		const good = structuredClone(trigger.staticData);
		const created = await create(101, 3);
		await fault({ status: 429, count: 1, retryAfterSeconds: 3600, pathContains: '/reservations' });
		const started = Date.now();
		const failed = await trigger.tick();
		expect(Date.now() - started).toBeLessThan(5000);
		expect(failed.error).toMatchObject({
			name: 'NodeApiError',
			httpCode: '429',
			message: expect.stringContaining('Too many requests'),
		});
		expect((failed.error as Error & { description: string }).description).toContain(
			'Retry after 3600 seconds',
		);
		expect(trigger.staticData).toEqual(good);
		expect((await trigger.tick()).changes.map((c) => c.reservationId)).toEqual([created.id]);
	});
});

/** The first local date after today on which the zone's UTC offset changes. */
function nextOffsetChange(timeZone: string): { date: string; daysAhead: number } {
	const offset = (ms: number) => naiveLocalMs(new Date(ms), timeZone) - ms;
	const start = Date.now();
	for (let day = 1; day <= 366; day++) {
		const [before, after] = [start + (day - 1) * 86_400_000, start + day * 86_400_000];
		if (offset(before) !== offset(after)) {
			// The change lies between the two instants: find its local date.
			let [lo, hi] = [before, after];
			while (hi - lo > 60_000) {
				const mid = Math.floor((lo + hi) / 2);
				if (offset(mid) === offset(lo)) lo = mid;
				else hi = mid;
			}
			const date = new Date(naiveLocalMs(new Date(hi), timeZone)).toISOString().slice(0, 10);
			const today = new Date(naiveLocalMs(new Date(start), timeZone)).toISOString().slice(0, 10);
			return { date, daysAhead: Math.round((Date.parse(date) - Date.parse(today)) / 86_400_000) };
		}
	}
	throw new Error(`no offset change in ${timeZone} within a year`);
}

describe('time zones', () => {
	it.each([
		[101, 'Europe/Berlin'],
		[102, 'America/New_York'],
		[103, 'Australia/Sydney'],
	])(
		'restaurant %i (%s): a daylight-saving change on a window boundary loses and repeats nothing',
		async (restaurantId, timeZone) => {
			const { date, daysAhead } = nextOffsetChange(timeZone);
			// Put a window boundary on the day of the change: windows start at the hour - look-back, every 60 days.
			const lookBackDays = (60 - (daysAhead % 60)) % 60;
			const lookAheadDays = daysAhead + 3;
			const trigger = await baseline(oneRestaurant(restaurantId, { lookBackDays, lookAheadDays }));
			const hourLocal = `${new Date(naiveLocalMs(new Date(), timeZone)).toISOString().slice(11, 13)}:00:00`;
			const at = (minutes: number) =>
				new Date(Date.parse(`${date}T${hourLocal}Z`) + minutes * 60_000).toISOString().slice(0, 19);
			const times = [
				`${date}T01:30:00`,
				`${date}T02:30:00`,
				`${date}T03:30:00`,
				at(-5),
				at(5),
				`${date}T23:59:00`,
			];
			const created: string[] = [];
			for (const reservationTime of times) {
				const response = await ctx.call('createReservation', {
					path: { restaurantId },
					body: { reservationTime, groupSize: 2, customerName: 'Window Guest' },
				});
				expect(response.body.reservationTime).toBe(reservationTime);
				created.push(response.body.id);
			}
			const result = await trigger.tick();
			expect(result.error).toBeUndefined();
			expect(result.changes.map((c) => c.reservationId).sort()).toEqual([...created].sort());
			const windows = listRequests(result).map((r) => [
				new URL(r.url).searchParams.get('from')!,
				new URL(r.url).searchParams.get('to')!,
			]);
			expect(windows).toHaveLength(Math.ceil((lookBackDays + lookAheadDays) / 60));
			// A boundary falls on the day of the change, between the two reservations placed around it.
			const boundary = windows
				.slice(1)
				.map(([from]) => from)
				.find((from) => from.startsWith(date));
			expect(boundary).toBeDefined();
			expect(at(-5) < boundary! && boundary! <= at(5)).toBe(true);
			// Windows are whole wall-clock days: 60 days apart whatever the offset did.
			for (let i = 1; i < windows.length; i++) {
				expect(windows[i][0]).toBe(windows[i - 1][1]);
				expect(windows[i][0].slice(11)).toBe(windows[0][0].slice(11));
			}
			// Moving one across the boundary on that day is one update.
			await update(restaurantId, created[3], { reservationTime: at(6) });
			expect(
				(await trigger.tick()).changes.map((c) => [c.reservationId, c.event, c.changedFields]),
			).toEqual([[created[3], 'reservationUpdated', ['reservationTime']]]);
			expect((await trigger.tick()).items).toBeNull();
		},
	);
});

describe('all restaurants', () => {
	it('watches every restaurant the token reaches, each in its own time zone', async () => {
		const trigger = await baseline({ restaurants: 'all', lookBackDays: 1, lookAheadDays: 90 });
		expect(Object.keys(trigger.state!.r as object)).toEqual(['101', '102', '103']);
		expect(
			Object.values(trigger.state!.r as Record<string, RestaurantSnapshot>).map((r) => r.z),
		).toEqual(['Europe/Berlin', 'America/New_York', 'Australia/Sydney']);
		const [a, b, c] = [await create(101, 3), await create(102, 4), await create(103, 5)];
		await cancel(102, b.id);
		const result = await trigger.tick();
		expect(result.changes.map((x) => [x.restaurantId, x.reservationId, x.event])).toEqual([
			[101, a.id, 'reservationCreated'],
			[102, b.id, 'reservationCreated'],
			[103, c.id, 'reservationCreated'],
		]);
		// The restaurants are looked up once an hour, not on every poll: 3 restaurants x 2 windows.
		expect(result.requests).toHaveLength(6);
		await update(103, c.id, { state: 'seated' });
		expect((await trigger.tick()).changes.map((x) => [x.restaurantId, x.event])).toEqual([
			[103, 'reservationStateChanged'],
		]);
	});

	it('an application token reaches only its restaurant', async () => {
		const trigger = await baseline({ restaurants: 'all' }, 'sandbox-vendor-token');
		expect(Object.keys(trigger.state!.r as object)).toEqual(['101']);
	});
});

describe('manual test run', () => {
	it('shows the changes waiting for the next poll, without touching the stored state', async () => {
		const created = await create(101, 3);
		const trigger = await baseline();
		const stored = structuredClone(trigger.staticData);
		await update(101, created.id, { groupSize: 4 });
		const test = await trigger.test();
		expect(test.error).toBeUndefined();
		expect(summary(test.changes)).toEqual([
			{
				event: 'reservationUpdated',
				restaurantId: 101,
				reservationId: created.id,
				stateRole: 'booked',
				changedFields: ['groupSize'],
				changes: { groupSize: { previous: 2, current: 4 } },
				otherFieldsChanged: false,
			},
		]);
		expect(test.runStaticData).toEqual(stored);
		expect(trigger.staticData).toEqual(stored);
		// The active workflow still gets the change, once.
		expect((await trigger.tick()).changes.map((c) => c.reservationId)).toEqual([created.id]);
		expect((await trigger.tick()).items).toBeNull();
	});

	it('without waiting changes (or before any baseline), a sample of the chosen events from real reservations', async () => {
		const fresh = new Trigger(ctx, oneRestaurant(101));
		const first = await fresh.test();
		expect(first.error).toBeUndefined();
		expect(first.changes.map((c) => c.event)).toEqual([
			'reservationCreated',
			'reservationUpdated',
			'reservationStateChanged',
			'reservationCancelled',
		]);
		expect(
			first.changes.every(
				(c) => c.sample === true && c.restaurantId === 101 && typeof c.reservation.id === 'string',
			),
		).toBe(true);
		expect(first.changes[3].reservation.state).toBe('cancelled');
		expect(getNodeStaticData(first.runStaticData, NODE_NAME) ?? {}).toEqual({});

		const trigger = await baseline(oneRestaurant(101, { events: ['reservationCancelled'] }));
		const stored = structuredClone(trigger.staticData);
		const test = await trigger.test();
		expect(test.changes.map((c) => [c.event, c.sample, c.previousState, c.newState])).toEqual([
			['reservationCancelled', true, 'confirmed', 'cancelled'],
		]);
		expect(test.runStaticData).toEqual(stored);
	});
});

it('chooses all events by default', async () => {
	const trigger = await baseline(oneRestaurant(101, {}));
	expect(trigger.parameters.events).toBeUndefined();
	const created = await create(101, 2);
	expect((await trigger.tick()).changes.map((c) => c.event)).toEqual(['reservationCreated']);
	await cancel(101, created.id);
	expect((await trigger.tick()).changes.map((c) => c.event)).toEqual([ALL_EVENTS[2]]);
});
