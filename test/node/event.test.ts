/** Event operations through n8n's engine against the sandbox (spec 2.9, 3, 4.6). */
import type { IDataObject } from 'n8n-workflow';
import { ACCESS_DENIED, expectHttpError } from '../support/httpErrors';
import { errorOf, expectDeleted, expectPaired, json } from '../support/nodeResults';
import { nodeRunner, restaurant } from '../support/nodeRunner';
import { useSandbox } from '../support/sandbox';
import { TOKENS } from '../support/tokens';

const ctx = useSandbox();
const node = nodeRunner(ctx, { restaurantId: restaurant(101) });
const EVENTS = '/api/core/admin/restaurants/101/events';
const SIMPLE_KEYS = [
	'dates',
	'description',
	'endDate',
	'id',
	'isOffline',
	'isPublic',
	'lastStatusChange',
	'name',
	'promoImage',
	'startDate',
];

interface Ticket {
	id: string;
	eventId: number;
	type: string;
	title: string;
	description: string | null;
	amount: number;
}
interface FullEvent extends IDataObject {
	id: number;
	name: string;
	isOffline: boolean;
	floors: Array<{ id: string; name: string; event: { tickets: Ticket[] } | null }>;
	lastStatusChange: { by: string; at: string } | null;
}

/** Seeded event ids by name: they are numbered by the seed, so look them up. */
let ids: Record<string, number> = {};
const event = async (id: number) =>
	(await ctx.call('getEvent', { path: { eventId: id } })) as { status: number; body: FullEvent };

beforeEach(async () => {
	await ctx.sandbox.reset();
	const list = (await ctx.call('listEvents')).body as Array<{ id: number; name: string }>;
	ids = Object.fromEntries(list.map((e) => [e.name, e.id]));
});

describe('Event: Create', () => {
	it('creates a draft with tickets on the "Main room" floor', async () => {
		const result = await node.run({
			resource: 'event',
			operation: 'create',
			name: 'Spring menu launch',
			startDate: '2027-03-01T19:00:00',
			endDate: '2027-03-01T23:00:00',
			tickets: {
				ticket: [
					{ title: 'Entry', type: 'standard', description: 'Welcome drink', amount: 25 },
					{ title: 'VIP', type: 'vip', description: '', amount: 60 },
				],
			},
			additionalFields: {
				description: 'Five courses.',
				isPublic: false,
				dates: '2027-03-01, 2027-03-08',
			},
		});
		expect(result.error).toBeUndefined();
		const [created] = json(result);
		expect(Object.keys(created).sort()).toEqual(SIMPLE_KEYS);
		expect(created).toMatchObject({
			name: 'Spring menu launch',
			startDate: '2027-03-01T19:00:00',
			isOffline: true,
			isPublic: false,
			dates: ['2027-03-01', '2027-03-08'],
		});
		expectPaired(result.items, [0]);
		expect(node.sent(result.requests)[0].body).toEqual({
			name: 'Spring menu launch',
			startDate: '2027-03-01T19:00:00',
			endDate: '2027-03-01T23:00:00',
			description: 'Five courses.',
			isPublic: false,
			dates: ['2027-03-01', '2027-03-08'],
			floors: [
				{
					name: 'Main room',
					event: {
						tickets: [
							{ title: 'Entry', type: 'standard', description: 'Welcome drink', amount: 25 },
							{ title: 'VIP', type: 'vip', amount: 60 },
						],
					},
				},
			],
		});
		const { body } = await event(created.id as number);
		expect(body.floors[0].event?.tickets.map((t) => [t.title, t.amount, t.eventId])).toEqual([
			['Entry', 25, created.id],
			['VIP', 60, created.id],
		]);
	});

	it("converts a time with an offset to the restaurant's local time", async () => {
		const result = await node.run({
			resource: 'event',
			operation: 'create',
			name: 'Offset',
			startDate: '2027-03-01T18:00:00Z',
			endDate: '2027-03-01T22:00:00+00:00',
		});
		expect(json(result)[0]).toMatchObject({
			startDate: '2027-03-01T19:00:00',
			endDate: '2027-03-01T23:00:00',
		});
	});

	it.each([
		[-5, 'Event not sent: Tickets[1].amount is -5: it must not be below 0 (invalid_price)'],
		[
			12.345,
			'Event not sent: Tickets[1].amount is 12.345: it must have at most two decimal places (invalid_price)',
		],
		[12.5, 'Event not sent: Tickets[1].amount is 12.5: it must be a whole number'],
		[
			'2027-03-01',
			'Event not sent: Tickets[1].amount is "2027-03-01": it must be a number (invalid_price)',
		],
	])('refuses a ticket amount of %p before sending anything', async (amount, message) => {
		await node.sandboxRequests();
		const result = await node.run({
			resource: 'event',
			operation: 'create',
			name: 'Broken',
			startDate: '2027-03-01T19:00:00',
			endDate: '2027-03-01T23:00:00',
			tickets: {
				ticket: [
					{ title: 'OK', type: 'standard', amount: 10 },
					{ title: 'Bad', type: 'standard', amount },
				],
			},
		});
		const error = errorOf(result);
		expect(error.message).toBe(message);
		expect(error.description).toBe(
			'Ticket amounts are whole numbers, 0 or more. Nothing was sent to the restaurant.',
		);
		expect(result.requests).toEqual([]);
		expect(await node.sandboxRequests()).toEqual([]);
	});

	it("reports the API's message when the end is before the start", async () => {
		const result = await node.run({
			resource: 'event',
			operation: 'create',
			name: 'Backwards',
			startDate: '2027-03-02T19:00:00',
			endDate: '2027-03-01T19:00:00',
		});
		const error = expectHttpError(
			result,
			'400',
			'endDate 2027-03-01T19:00:00 is before startDate 2027-03-02T19:00:00.',
		);
		expect(error.description).toContain('Code: invalid_dates.');
	});
});

describe('Event: Get', () => {
	it('returns the event, whole with Simplify off', async () => {
		const result = await node.run({
			resource: 'event',
			operation: 'get',
			eventId: ids['Jazz Thursdays'],
			simplify: false,
		});
		expect(result.error).toBeUndefined();
		const [jazz] = json(result) as FullEvent[];
		expect(jazz).toMatchObject({
			id: ids['Jazz Thursdays'],
			name: 'Jazz Thursdays',
			isOffline: false,
		});
		expect(jazz.floors[0].event?.tickets).toHaveLength(2);
		expectPaired(result.items, [0]);
	});

	it('says the event does not exist (404)', async () => {
		const result = await node.run({ resource: 'event', operation: 'get', eventId: 999999 });
		expectHttpError(result, '404', 'Not found: Event 999999 was not found.');
	});

	it('refuses an event ID that is not a whole number, sending nothing', async () => {
		const result = await node.run({ resource: 'event', operation: 'get', eventId: 'jazz' });
		expect(errorOf(result).message).toBe(
			'Event ID "jazz" is not valid: it must be a whole number, e.g. 5001',
		);
		expect(result.requests).toEqual([]);
	});
});

describe('Event: Get Many', () => {
	it.each([
		['all', '', ['Summer wine tasting', 'Jazz Thursdays', 'White truffle dinner', 'New Year gala']],
		['active', '/active', ['Jazz Thursdays', 'White truffle dinner']],
		['past', '/past', ['Summer wine tasting']],
		['draft', '/draft', ['New Year gala']],
	])('lists %s events', async (list, suffix, names) => {
		const result = await node.run({
			resource: 'event',
			operation: 'getAll',
			list,
			returnAll: true,
		});
		expect(result.error).toBeUndefined();
		expect(json(result).map((e) => e.name)).toEqual(names);
		expect(Object.keys(json(result)[0]).sort()).toEqual(
			SIMPLE_KEYS.filter((k) => k !== 'lastStatusChange'),
		);
		expect(node.sent(result.requests).map((r) => r.url)).toEqual([`${EVENTS}${suffix}`]);
		expectPaired(result.items);
	});

	it('keeps to the limit', async () => {
		const result = await node.run({
			resource: 'event',
			operation: 'getAll',
			list: 'all',
			returnAll: false,
			limit: 1,
		});
		expect(json(result).map((e) => e.name)).toEqual(['Summer wine tasting']);
	});

	it('says the token has no access to the restaurant (403)', async () => {
		const result = await node.run(
			{ resource: 'event', operation: 'getAll', list: 'all', returnAll: true },
			{ token: TOKENS.outsider },
		);
		expectHttpError(result, '403', ACCESS_DENIED);
	});
});

describe('Event: Update', () => {
	it('reads the event and sends it back whole, with only the given fields changed', async () => {
		const id = ids['White truffle dinner'];
		const before = (await event(id)).body;
		const result = await node.run({
			resource: 'event',
			operation: 'update',
			eventId: id,
			updateFields: { name: 'White truffle night', isPublic: false },
		});
		expect(result.error).toBeUndefined();
		expect(json(result)[0]).toMatchObject({
			id,
			name: 'White truffle night',
			isPublic: false,
			isOffline: false,
		});
		expectPaired(result.items, [0]);

		const [read, put] = node.sent(result.requests);
		expect(read).toEqual({ method: 'GET', url: `${EVENTS}/${id}`, status: 200 });
		const { id: _id, lastStatusChange: _l, ...rest } = before;
		expect(put).toEqual({
			method: 'PUT',
			url: `${EVENTS}/${id}`,
			body: { ...rest, name: 'White truffle night', isPublic: false },
			status: 200,
		});

		const after = (await event(id)).body;
		expect(after).toEqual({ ...before, name: 'White truffle night', isPublic: false });
	});

	it('replaces the tickets on the first floor, keeping the floor', async () => {
		const id = ids['Jazz Thursdays'];
		const result = await node.run({
			resource: 'event',
			operation: 'update',
			eventId: id,
			updateFields: {
				tickets: { ticket: [{ title: 'Bar seat', type: 'standard', description: '', amount: 10 }] },
			},
		});
		expect(result.error).toBeUndefined();
		const after = (await event(id)).body;
		expect(after.floors).toHaveLength(1);
		expect(after.floors[0]).toMatchObject({ id: `floor-${id}-main`, name: 'Main room' });
		expect(after.floors[0].event?.tickets.map((t) => [t.title, t.amount])).toEqual([
			['Bar seat', 10],
		]);
		expect(after.name).toBe('Jazz Thursdays');
	});

	it('refuses an update with nothing to change, reading nothing', async () => {
		const result = await node.run({
			resource: 'event',
			operation: 'update',
			eventId: ids['Jazz Thursdays'],
			updateFields: {},
		});
		expect(errorOf(result).message).toBe(
			'Nothing to update: add at least one field under Update Fields',
		);
		expect(result.requests).toEqual([]);
	});

	it('says the event does not exist (404) and sends no update', async () => {
		const result = await node.run({
			resource: 'event',
			operation: 'update',
			eventId: 999999,
			updateFields: { name: 'X' },
		});
		expect(errorOf(result).message).toBe('Not found: Event 999999 was not found.');
		expect(node.sent(result.requests).map((r) => r.method)).toEqual(['GET']);
	});
});

describe('Event: Delete', () => {
	it('deletes the event and returns { deleted: true }', async () => {
		const id = ids['Summer wine tasting'];
		const result = await node.run({ resource: 'event', operation: 'delete', eventId: id });
		expectDeleted(result);
		expect((await event(id)).status).toBe(404);
	});

	it('says the event does not exist (404)', async () => {
		const result = await node.run({ resource: 'event', operation: 'delete', eventId: 999999 });
		expect(errorOf(result).message).toBe('Not found: Event 999999 was not found.');
	});
});

describe('Event: Copy', () => {
	it('creates a draft copy with the new name and dates; the rest comes from the source', async () => {
		const source = ids['Jazz Thursdays'];
		const result = await node.run({
			resource: 'event',
			operation: 'copy',
			eventId: source,
			newName: 'Jazz Sundays',
			copyFields: { startDate: '2027-05-02T18:00:00', endDate: '2027-06-27T23:00:00' },
		});
		expect(result.error).toBeUndefined();
		const [copy] = json(result);
		expect(copy).toMatchObject({
			name: 'Jazz Sundays',
			startDate: '2027-05-02T18:00:00',
			endDate: '2027-06-27T23:00:00',
			isOffline: true,
			description: 'Live jazz trio every Thursday evening.',
		});
		expect(copy.id).not.toBe(source);
		expect(node.sent(result.requests)).toEqual([
			{
				method: 'POST',
				url: `${EVENTS}/${source}/saveas`,
				body: {
					name: 'Jazz Sundays',
					startDate: '2027-05-02T18:00:00',
					endDate: '2027-06-27T23:00:00',
				},
				status: 201,
			},
		]);
		const stored = (await event(copy.id as number)).body;
		expect(stored.floors[0].event?.tickets.map((t) => t.title)).toEqual([
			'Standard ticket',
			'VIP table',
		]);
		expectPaired(result.items, [0]);
	});

	it('says the source event does not exist (404)', async () => {
		const result = await node.run({
			resource: 'event',
			operation: 'copy',
			eventId: 999999,
			newName: 'X',
		});
		expect(errorOf(result).message).toBe('Not found: Event 999999 was not found.');
	});
});

describe('Event: Publish and Unpublish', () => {
	it('publishes a draft as a user change', async () => {
		const id = ids['New Year gala'];
		const result = await node.run({ resource: 'event', operation: 'publish', eventId: id });
		expect(result.error).toBeUndefined();
		expect(json(result)[0]).toMatchObject({
			id,
			isOffline: false,
			lastStatusChange: { by: 'user' },
		});
		expect(node.sent(result.requests).map((r) => `${r.method} ${r.url}`)).toEqual([
			`PUT ${EVENTS}/${id}/status?isOffline=false`,
		]);
		expect((await event(id)).body.isOffline).toBe(false);
		expectPaired(result.items, [0]);
	});

	it('unpublishes as a system change with System Change on', async () => {
		const id = ids['White truffle dinner'];
		const result = await node.run({
			resource: 'event',
			operation: 'unpublish',
			eventId: id,
			statusOptions: { systemChange: true },
		});
		expect(result.error).toBeUndefined();
		expect(json(result)[0]).toMatchObject({
			id,
			isOffline: true,
			lastStatusChange: { by: 'system' },
		});
		expect(node.sent(result.requests).map((r) => `${r.method} ${r.url}`)).toEqual([
			`PUT ${EVENTS}/${id}/status/system?isOffline=true`,
		]);
		expect((await event(id)).body).toMatchObject({
			isOffline: true,
			lastStatusChange: { by: 'system' },
		});
	});

	it('continues on fail: an error item for a missing event, the next one published', async () => {
		const id = ids['New Year gala'];
		const result = await node.run(
			{ resource: 'event', operation: 'publish', eventId: '={{ $json.id }}' },
			{ continueOnFail: true, inputItems: [{ id: 999999 }, { id }] },
		);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.error).toBe('Not found: Event 999999 was not found.');
		expect(result.items[1].json).toMatchObject({ id, isOffline: false });
		expectPaired(result.items, [0, 1]);
	});

	it('says the token has no access to the restaurant (403)', async () => {
		const result = await node.run(
			{ resource: 'event', operation: 'publish', eventId: ids['New Year gala'] },
			{ token: TOKENS.outsider },
		);
		expect(errorOf(result).httpCode).toBe('403');
		expect((await event(ids['New Year gala'])).body.isOffline).toBe(true);
	});
});

describe('Event: dropdown', () => {
	it('lists the events of the chosen restaurant', async () => {
		const options = await node.loadOptions('getEvents');
		expect(options.map((o) => o.value)).toEqual(expect.arrayContaining(Object.values(ids)));
	});
});
