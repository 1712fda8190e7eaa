/**
 * The trigger with Watch: Events, through n8n-core's poll path against the sandbox: every event
 * reported once with its fields and previous values, failures in the middle of a poll, the
 * manual run.
 */
import type { IDataObject } from 'n8n-workflow';
import { getNodeStaticData } from '../support/engine';
import { PASTA_CLASS } from '../support/events';
import {
	expectFailedPollKeptState,
	expectIdleTickKeepsState,
	NODE_NAME,
	oneRestaurant,
	settled,
	watchItems,
	withoutPolledAt,
} from './support';
import { useWatchTarget } from './watchTarget';

/** `summary`: the items without the event record (checked on its own). */
const events = useWatchTarget('events', 'restaurantEvent');
const { ctx, newTrigger, baseline, tick, fault, summary } = events;
const watchEvents = events.parameters;

async function createEvent(body: IDataObject = {}, restaurantId = 101): Promise<IDataObject> {
	const response = await ctx.call('createEvent', {
		path: { restaurantId },
		body: { ...PASTA_CLASS, description: 'Fresh pasta with the chef.', ...body },
	});
	expect(response.status).toBe(201);
	return response.body;
}

/** GET, change, PUT: the way the spec says an update is built. */
async function updateEvent(
	id: unknown,
	change: (event: IDataObject) => void,
): Promise<IDataObject> {
	const path = { restaurantId: 101, eventId: Number(id) };
	const event = (await ctx.call('getEvent', { path })).body as IDataObject;
	change(event);
	const response = await ctx.call('updateEvent', { path, body: event });
	expect(response.status).toBe(200);
	return response.body;
}

async function setOffline(id: unknown, isOffline: boolean) {
	const response = await ctx.call('setEventStatus', {
		path: { eventId: Number(id) },
		query: { isOffline },
	});
	expect(response.status).toBe(200);
}

async function listed(restaurantId = 101): Promise<IDataObject[]> {
	return (await ctx.call('listEvents', { path: { restaurantId } })).body as IDataObject[];
}

const eventRequests = (result: { requests: Array<{ url: string }> }) =>
	result.requests.map((r) => new URL(r.url).pathname.replace(/^.*\/restaurants\//, ''));

describe('baseline', () => {
	it('records every event, silently; one list and one read per event not yet over', async () => {
		const trigger = newTrigger();
		const first = await trigger.tick();
		expect(first.error).toBeUndefined();
		expect(first.items).toBeNull();
		const events = await listed();
		const state = trigger.state as { r: Record<string, { s: string; f: string; t: string }> };
		expect(Object.keys(state.r)).toEqual(['101']);
		expect(state.r['101'].s.split('|')).toHaveLength(events.length);
		expect(state.r['101']).toMatchObject({ f: '', t: '' });

		const second = await trigger.tick();
		expect(second.items).toBeNull();
		// The seed: one past event (its tickets are not read again), three not over.
		expect(eventRequests(second).sort()).toEqual(
			['101/events', ...events.slice(1).map((e) => `101/events/${e.id}`)].sort(),
		);
		await expectIdleTickKeepsState(trigger);
	});

	it('switching the watch from Reservations to Events starts a new baseline, silently', async () => {
		const trigger = await baseline(oneRestaurant(101));
		trigger.parameters = watchEvents();
		expect((await tick(trigger)).items).toEqual([]);
		const created = await createEvent();
		expect((await tick(trigger)).items.map((i) => [i.event, i.eventId])).toEqual([
			['eventCreated', created.id],
		]);
	});
});

describe('events', () => {
	it('Event Created: the new event with its tickets, once', async () => {
		const trigger = await baseline();
		const created = await createEvent();
		const { items } = await tick(trigger);
		expect(summary(items)).toEqual([
			{ event: 'eventCreated', restaurantId: 101, eventId: created.id },
		]);
		expect(items[0].restaurantEvent).toMatchObject({
			id: created.id,
			name: 'Pasta class',
			isOffline: true,
			startDate: '2027-02-10T18:00:00',
			tickets: [expect.objectContaining({ title: 'Seat', amount: 49, eventId: created.id })],
		});
		expect((await tick(trigger)).items).toEqual([]);
	});

	it('Event Updated: name, dates, description, tickets, reservation settings with previous values; schedule named', async () => {
		const created = await createEvent();
		const trigger = await baseline();
		const before = (await ctx.call('getEvent', { path: { eventId: created.id as number } }))
			.body as IDataObject & { floors: Array<{ event: { tickets: IDataObject[] } }> };
		const ticketsBefore = before.floors[0].event.tickets;
		const updated = await updateEvent(created.id, (event) => {
			event.name = 'Pasta class for two';
			event.description = 'Fresh pasta, | 100% by hand, with the chef.';
			event.startDate = '2027-02-11T18:30:00';
			event.endDate = '2027-02-11T21:30:00';
			event.dates = ['2027-02-11'];
			(event.floors as Array<{ event: { tickets: IDataObject[] } }>)[0].event.tickets[0].amount =
				55;
			(event.reservationSettings as IDataObject).maxPartySize = 2;
			event.openingHours = [];
		});
		const ticketsAfter = (updated.floors as Array<{ event: { tickets: IDataObject[] } }>)[0].event
			.tickets;
		const { items } = await tick(trigger);
		expect(summary(items)).toEqual([
			{
				event: 'eventUpdated',
				restaurantId: 101,
				eventId: created.id,
				changedFields: [
					'name',
					'description',
					'startDate',
					'endDate',
					'dates',
					'reservationSettings',
					'tickets',
					'openingHours',
				],
				changes: {
					name: { previous: 'Pasta class', current: 'Pasta class for two' },
					description: {
						previous: 'Fresh pasta with the chef.',
						current: 'Fresh pasta, | 100% by hand, with the chef.',
					},
					startDate: { previous: '2027-02-10T18:00:00', current: '2027-02-11T18:30:00' },
					endDate: { previous: '2027-02-10T21:00:00', current: '2027-02-11T21:30:00' },
					dates: { previous: [], current: ['2027-02-11'] },
					reservationSettings: {
						previous: before.reservationSettings,
						current: { ...(before.reservationSettings as IDataObject), maxPartySize: 2 },
					},
					tickets: { previous: ticketsBefore, current: ticketsAfter },
					// A field kept as a hash: named, with its new value.
					openingHours: { current: [] },
				},
				otherFieldsChanged: false,
			},
		]);
		expect((await tick(trigger)).items).toEqual([]);
	});

	it('Event Updated: a change outside the named fields is flagged; a change undone is nothing', async () => {
		const created = await createEvent();
		const trigger = await baseline();
		const other = await createEvent({ name: 'Wine evening' });
		await updateEvent(created.id, (event) => {
			(event.additionalInfo as IDataObject).customs = [{ id: 'c1', label: 'Bring an apron' }];
		});
		const { items } = await tick(trigger);
		expect(summary(items).find((i) => i.eventId === created.id)).toEqual({
			event: 'eventUpdated',
			restaurantId: 101,
			eventId: created.id,
			changedFields: ['additionalInfo'],
			changes: {
				additionalInfo: { current: expect.objectContaining({ customs: expect.any(Array) }) },
			},
			otherFieldsChanged: false,
		});
		await updateEvent(other.id, (event) => (event.name = 'Wine evening, renamed'));
		await updateEvent(other.id, (event) => (event.name = 'Wine evening'));
		expect((await tick(trigger)).items).toEqual([]);
	});

	it('Event Published and Event Unpublished: the publication flag, before and after', async () => {
		const draft = await createEvent();
		const published = await createEvent({ name: 'Open kitchen', isOffline: false });
		const trigger = await baseline();
		await setOffline(draft.id, false);
		await setOffline(published.id, true);
		const { items } = await tick(trigger);
		expect(summary(items)).toEqual([
			{
				event: 'eventPublished',
				restaurantId: 101,
				eventId: draft.id,
				changedFields: ['isOffline'],
				changes: { isOffline: { previous: true, current: false } },
				otherFieldsChanged: false,
			},
			{
				event: 'eventUnpublished',
				restaurantId: 101,
				eventId: published.id,
				changedFields: ['isOffline'],
				changes: { isOffline: { previous: false, current: true } },
				otherFieldsChanged: false,
			},
		]);
		expect(items[0].restaurantEvent).toMatchObject({ id: draft.id, isOffline: false });
	});

	it('reports a change as the most specific chosen event; Published falls back to Updated', async () => {
		const draft = await createEvent();
		const trigger = await baseline(watchEvents({ eventEvents: ['eventUpdated'] }));
		await setOffline(draft.id, false);
		expect((await tick(trigger)).items.map((i) => [i.event, i.changedFields])).toEqual([
			['eventUpdated', ['isOffline']],
		]);
		trigger.parameters = watchEvents({ eventEvents: ['eventPublished'] });
		await updateEvent(draft.id, (event) => (event.name = 'Renamed'));
		await setOffline(draft.id, true);
		// An unpublication and a rename: neither chosen, not reported later either.
		expect((await tick(trigger)).items).toEqual([]);
		trigger.parameters = watchEvents();
		expect((await tick(trigger)).items).toEqual([]);
	});

	it('Event Deleted: the event with the values the trigger kept', async () => {
		const created = await createEvent();
		const trigger = await baseline();
		expect(
			(await ctx.call('deleteEvent', { path: { eventId: created.id as number } })).status,
		).toBe(200);
		const { items } = await tick(trigger);
		expect(items.map(withoutPolledAt)).toEqual([
			{
				event: 'eventDeleted',
				restaurantId: 101,
				eventId: created.id,
				restaurantEvent: {
					id: created.id,
					name: 'Pasta class',
					description: 'Fresh pasta with the chef.',
					startDate: '2027-02-10T18:00:00',
					endDate: '2027-02-10T21:00:00',
					dates: [],
					isOffline: true,
					isPublic: true,
					reservationSettings: created.reservationSettings,
					tickets: [expect.objectContaining({ title: 'Seat', amount: 49 })],
				},
			},
		]);
		expect((await tick(trigger)).items).toEqual([]);
	});

	it('an event that is over: its tickets are not read again, its other fields still watched', async () => {
		const trigger = await baseline();
		const [past] = await listed();
		const before = await tick(trigger);
		expect(eventRequests(before)).not.toContain(`101/events/${past.id}`);
		await updateEvent(past.id, (event) => {
			event.name = 'Summer wine tasting (sold out)';
			(event.floors as Array<{ event: { tickets: IDataObject[] } }>)[0].event.tickets[0].amount = 1;
		});
		expect(
			(await tick(trigger)).items.map((i) => [i.event, i.eventId, i.changedFields, i.changes]),
		).toEqual([
			[
				'eventUpdated',
				past.id,
				['name'],
				{ name: { previous: 'Summer wine tasting', current: 'Summer wine tasting (sold out)' } },
			],
		]);
	});

	it('every accessible restaurant, each with its events, items by restaurant then start', async () => {
		const trigger = await baseline({ watch: 'events', restaurants: 'all' });
		const state = trigger.state as { r: Record<string, unknown> };
		expect(Object.keys(state.r)).toEqual(['101', '102', '103']);
		const a = await createEvent(
			{ startDate: '2027-03-01T19:00:00', endDate: '2027-03-01T23:00:00' },
			103,
		);
		const b = await createEvent(
			{ startDate: '2027-01-01T19:00:00', endDate: '2027-01-01T23:00:00' },
			101,
		);
		const c = await createEvent(
			{ startDate: '2026-12-24T19:00:00', endDate: '2026-12-24T23:00:00' },
			101,
		);
		const { items, requests } = await tick(trigger);
		expect(items.map((i) => [i.restaurantId, i.eventId])).toEqual([
			[101, c.id],
			[101, b.id],
			[103, a.id],
		]);
		// Per restaurant one list and one read per event not over (the seed's three, and the new ones).
		expect(requests).toHaveLength(3 * 4 + 3);
	});
});

describe('failures', () => {
	it('a read failing in the middle of a poll: no emission, state unchanged, full catch-up once', async () => {
		const [a, b] = [await createEvent(), await createEvent({ name: 'Wine evening' })];
		const trigger = await baseline();
		const good = structuredClone(trigger.staticData);
		const c = await createEvent({ name: 'Cheese evening' });
		await updateEvent(a.id, (event) => (event.name = 'Pasta class, renamed'));
		await fault({ status: 500, count: 1, after: 2, pathContains: '/events/' });
		const failed = await trigger.tick();

		expectFailedPollKeptState(failed, trigger, good);
		// The reads already under way when the poll failed are answered after it.
		await settled();

		await ctx.call('deleteEvent', { path: { eventId: b.id as number } });
		await fault({ status: 503, count: 1, pathContains: '/events' });
		expect((await trigger.tick()).error).toMatchObject({ httpCode: '503' });
		expect(trigger.staticData).toEqual(good);

		const caughtUp = await tick(trigger);
		expect(caughtUp.items.map((i) => [i.event, i.eventId]).sort()).toEqual(
			[
				['eventUpdated', a.id],
				['eventDeleted', b.id],
				['eventCreated', c.id],
			].sort(),
		);
		expect((await tick(trigger)).items).toEqual([]);
	});

	it('an event deleted between the list and its read: reported deleted once; a new one not at all', async () => {
		const tracked = await createEvent();
		const trigger = await baseline();
		// The server's answers of that race: the list still names the event, its read finds nothing.
		const deletedMidPoll = async (id: unknown) => {
			await fault({ status: 404, count: 1, pathContains: `/events/${String(id)}` });
			const during = await tick(trigger);
			const path = { eventId: Number(id) };
			expect((await ctx.call('deleteEvent', { path })).status).toBe(200);
			return [during, await tick(trigger)];
		};
		const [during, after] = await deletedMidPoll(tracked.id);
		expect(during.items.map((i) => [i.event, i.eventId, i.restaurantEvent?.name])).toEqual([
			['eventDeleted', tracked.id, 'Pasta class'],
		]);
		expect(after.items).toEqual([]);
		const untracked = await createEvent({ name: 'Wine evening' });
		const [duringNew, afterNew] = await deletedMidPoll(untracked.id);
		expect([duringNew.items, afterNew.items]).toEqual([[], []]);
	});

	it('429 with Retry-After: waited within the poll budget; beyond it the poll fails at once', async () => {
		const trigger = await baseline();
		const created = await createEvent();
		await fault({ status: 429, count: 1, after: 1, retryAfterSeconds: 1, pathContains: '/events' });
		const started = Date.now();
		const waited = await tick(trigger);
		expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
		expect(waited.items.map((i) => i.eventId)).toEqual([created.id]);

		const good = structuredClone(trigger.staticData);
		await setOffline(created.id, false);
		await fault({ status: 429, count: 1, retryAfterSeconds: 3600, pathContains: '/events' });
		const failed = await trigger.tick();
		expect(failed.error).toMatchObject({ name: 'NodeApiError', httpCode: '429' });
		expect(trigger.staticData).toEqual(good);
		expect((await tick(trigger)).items.map((i) => [i.event, i.eventId])).toEqual([
			['eventPublished', created.id],
		]);
	});
});

describe('manual test run', () => {
	it('shows the changes waiting, without touching the stored state', async () => {
		const trigger = await baseline();
		const stored = structuredClone(trigger.staticData);
		const created = await createEvent();
		const test = await trigger.test();
		expect(test.error).toBeUndefined();
		expect(watchItems(test).map((i) => [i.event, i.eventId, i.sample])).toEqual([
			['eventCreated', created.id, undefined],
		]);
		expect(test.runStaticData).toEqual(stored);
		expect((await tick(trigger)).items.map((i) => i.eventId)).toEqual([created.id]);
	});

	it('without waiting changes, a sample of each chosen event from real events', async () => {
		const fresh = newTrigger();
		const first = await fresh.test();
		expect(first.error).toBeUndefined();
		const items = watchItems(first);
		expect(items.map((i) => i.event)).toEqual([
			'eventCreated',
			'eventUpdated',
			'eventPublished',
			'eventUnpublished',
			'eventDeleted',
		]);
		expect(items.every((i) => i.sample === true && i.restaurantId === 101)).toBe(true);
		expect(items[2].restaurantEvent!.isOffline).toBe(false);
		expect(items[3].restaurantEvent!.isOffline).toBe(true);
		expect(items[0].restaurantEvent!.tickets).toEqual(expect.any(Array));
		expect(items[4].restaurantEvent).toMatchObject({
			id: items[4].eventId,
			name: expect.any(String),
		});
		expect(getNodeStaticData(first.runStaticData, NODE_NAME) ?? {}).toEqual({});
	});
});
