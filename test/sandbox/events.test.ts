import { useSandbox } from '../support/sandbox';
import { PASTA_CLASS } from '../support/events';

const ctx = useSandbox();
const names = (list: Array<{ name: string }>) => list.map((e) => e.name);
/** A new event's record, as created with `body`. */
const created = async (body: Record<string, unknown>) =>
	(await ctx.call('createEvent', { body })).body;

describe('event lists (spec 3, 4.6)', () => {
	it('groups events into all, active (published, not over), past and draft', async () => {
		expect(names((await ctx.call('listEvents')).body)).toEqual([
			'Summer wine tasting',
			'Jazz Thursdays',
			'White truffle dinner',
			'New Year gala',
		]);
		expect(names((await ctx.call('listActiveEvents')).body)).toEqual([
			'Jazz Thursdays',
			'White truffle dinner',
		]);
		expect(names((await ctx.call('listPastEvents')).body)).toEqual(['Summer wine tasting']);
		expect(names((await ctx.call('listDraftEvents')).body)).toEqual(['New Year gala']);
	});

	it('lists details without the floor layout, and reads one event with its tickets', async () => {
		const listed = (await ctx.call('listEvents')).body[2];
		expect(listed.floors).toBeUndefined();
		const full = await ctx.call('getEvent', { path: { eventId: listed.id } });
		expect(full.body.floors[0].event.tickets).toEqual([
			expect.objectContaining({ eventId: listed.id, type: 'standard', amount: 120 }),
			expect.objectContaining({ eventId: listed.id, type: 'vip', amount: 180 }),
		]);
		expect((await ctx.call('getEvent', { path: { eventId: 1 } })).status).toBe(404);
	});
});

describe('event changes', () => {
	const draftId = async () => (await ctx.call('listDraftEvents')).body[0].id as number;

	it('publishes and unpublishes, recording whether a user or the system did it', async () => {
		const id = await draftId();
		const published = await ctx.call('setEventStatus', {
			path: { eventId: id },
			query: { isOffline: false },
		});
		expect(published.body).toMatchObject({
			id,
			isOffline: false,
			lastStatusChange: { by: 'user' },
		});
		expect(names((await ctx.call('listActiveEvents')).body)).toContain('New Year gala');
		const system = await ctx.call('setEventStatusSystem', {
			path: { eventId: id },
			query: { isOffline: true },
		});
		expect(system.body).toMatchObject({ isOffline: true, lastStatusChange: { by: 'system' } });
		expect(names((await ctx.call('listDraftEvents')).body)).toContain('New Year gala');
		const missing = await ctx.call('setEventStatus', { path: { eventId: id } });
		expect(missing.status).toBe(400);
		expect(missing.body.errors).toHaveProperty('isOffline');
	});

	it('creates an event as a draft, with ids on its tickets', async () => {
		const res = await ctx.call('createEvent', { body: PASTA_CLASS });
		expect(res.status).toBe(201);
		expect(res.body).toMatchObject({ name: 'Pasta class', isOffline: true });
		expect(res.body.floors[0].event.tickets[0]).toMatchObject({
			eventId: res.body.id,
			amount: 49,
			id: expect.any(String),
		});
	});

	it('refuses an event that ends before it starts, or a negative ticket price', async () => {
		const dates = await ctx.call('createEvent', {
			body: { name: 'Backwards', startDate: '2027-02-10T18:00:00', endDate: '2027-02-09T18:00:00' },
		});
		expect(dates.body.code).toBe('invalid_dates');
		const ticket = await ctx.call('createEvent', {
			body: {
				name: 'Cheap',
				startDate: '2027-02-10T18:00:00',
				endDate: '2027-02-10T20:00:00',
				floors: [{ name: 'A', event: { tickets: [{ title: 'x', amount: -5 }] } }],
			},
		});
		expect(ticket.body.code).toBe('invalid_price');
	});

	it('replaces the whole event on update: what the body leaves out is reset', async () => {
		const event = await created({
			name: 'Quiz night',
			description: 'Bring friends',
			startDate: '2027-03-01T19:00:00',
			endDate: '2027-03-01T22:00:00',
			dates: ['2027-03-01'],
		});
		const full = { ...event, name: 'Quiz night XL' };
		const kept = await ctx.call('updateEvent', { path: { eventId: event.id }, body: full });
		expect(kept.body).toMatchObject({
			name: 'Quiz night XL',
			description: 'Bring friends',
			dates: ['2027-03-01'],
		});
		const partial = await ctx.call('updateEvent', {
			path: { eventId: event.id },
			body: { name: 'Quiz', startDate: event.startDate, endDate: event.endDate },
		});
		expect(partial.body).toMatchObject({ name: 'Quiz', description: '', dates: [] });
	});

	it('copies an event with saveas: new fields from the body, the rest from the source, as a draft', async () => {
		const source = (await ctx.call('listActiveEvents')).body.find(
			(e: { name: string }) => e.name === 'White truffle dinner',
		);
		const res = await ctx.call('copyEvent', {
			path: { copyFromId: source.id },
			body: {
				name: 'White truffle dinner II',
				startDate: '2027-01-20T19:00:00',
				endDate: '2027-01-20T23:30:00',
			},
		});
		expect(res.status).toBe(201);
		expect(res.body).toMatchObject({
			name: 'White truffle dinner II',
			description: source.description,
			isOffline: true,
			startDate: '2027-01-20T19:00:00',
		});
		expect(res.body.id).not.toBe(source.id);
		const tickets = res.body.floors[0].event.tickets;
		expect(tickets.map((t: { amount: number }) => t.amount)).toEqual([120, 180]);
		expect(
			tickets.every(
				(t: { eventId: number; id: string }) =>
					t.eventId === res.body.id && !t.id.includes(String(source.id)),
			),
		).toBe(true);
		expect((await ctx.call('copyEvent', { path: { copyFromId: 4242 }, body: {} })).status).toBe(
			404,
		);
	});

	it('deletes with 200 and an empty body', async () => {
		const event = await created({
			name: 'Gone soon',
			startDate: '2027-04-01T19:00:00',
			endDate: '2027-04-01T20:00:00',
		});
		const res = await ctx.call('deleteEvent', { path: { eventId: event.id } });
		expect([res.status, res.text]).toEqual([200, '']);
		expect((await ctx.call('deleteEvent', { path: { eventId: event.id } })).status).toBe(404);
	});
});
