/**
 * The sandbox's readings of the spec (sandbox/readings/, `--reading`): for each reading other than
 * the sandbox's own, the reservation endpoints write the state field, its values and the time in
 * the reading's form, read them back in it, filter by its status values; restaurants give their
 * zone its way; every error takes its shape. The default reading answers as before.
 * Raw HTTP here: the client of test/support checks every answer against openapi.yaml, which
 * describes the sandbox's own reading.
 */
import { DateTime } from 'luxon';
import { READINGS, type ReadingName } from '../../sandbox/readings';
import type { ReservationState } from '../../sandbox/store/types';
import { useSandbox, type SandboxContext } from '../support/sandbox';
import { rawCall, type Answer, type RawRequest } from '../support/rawHttp';

/** Restaurant 112 is generated in Los Angeles (place 112 % 12 = 4): a zone west of UTC. */
const LA = 112;
const RESTAURANTS = 12;
const YEAR = new Date().getUTCFullYear() + 2;
/** Beyond the seed's year: each reading's sandbox holds only these tests' bookings that day. */
const DAY = `${YEAR}-06-21`;
const LOCAL = `${DAY}T12:00:00`;
const RANGE = { from: `${DAY}T00:00:00`, to: `${DAY}T23:59:00` };

/** A request to this file's sandbox. */
const http = (ctx: SandboxContext, method: string, route: string, request?: RawRequest) =>
	rawCall(ctx.sandbox.url, method, route, request);

const reservations = (restaurantId: number) =>
	`/api/rsv/admin/restaurants/${restaurantId}/reservations`;

interface Expected {
	field: 'state' | 'status';
	/** Each state's name in the reading, the states in alphabetical order. */
	states: Record<ReservationState, string>;
	/** `reservationTime` of LOCAL in Los Angeles (PDT, UTC-7, in June). */
	time: string;
	/** A restaurant's `timeZone`, from its IANA zone, now. */
	timeZone: (iana: string) => string;
	/** Checks a 4xx body for the problem's code and message. */
	clientError: (body: any, code: string, message: RegExp) => void;
	/** Checks a 5xx answer. */
	serverError: (answer: Answer, code: string) => void;
}

const offsetNow = (iana: string) => `UTC${DateTime.now().setZone(iana).toFormat('ZZ')}`;

const EXPECTED: Record<Exclude<ReadingName, 'sandbox'>, Expected> = {
	platform: {
		field: 'status',
		states: {
			arrived: 'Arrived',
			cancelled: 'Canceled',
			completed: 'Closed',
			confirmed: 'Confirmed',
			noShow: 'NoShow',
			pending: 'Pending',
			seated: 'Seated',
		},
		time: `${LOCAL}-07:00`,
		timeZone: (iana) =>
			({
				'Europe/Berlin': 'W. Europe Standard Time',
				'America/New_York': 'Eastern Standard Time',
				'Australia/Sydney': 'AUS Eastern Standard Time',
				'America/Los_Angeles': 'Pacific Standard Time',
			})[iana]!,
		clientError: (body, code, message) => {
			expect(Object.keys(body)).toEqual(
				expect.arrayContaining(['type', 'title', 'status', 'detail', 'traceId', 'code']),
			);
			expect(body).not.toHaveProperty('message');
			expect(body).not.toHaveProperty('instance');
			expect(body.code).toBe(code);
			expect(body.detail).toMatch(message);
			const titles: Record<number, string> = {
				400: 'Bad Request',
				401: 'Unauthorized',
				404: 'Not Found',
				429: 'Too Many Requests',
			};
			expect(body.title).toBe(titles[body.status]);
			expect(body.type).toMatch(
				/^https:\/\/tools\.ietf\.org\/html\/rfc(9110|6585)#section-[\d.]+$/,
			);
			expect(body.traceId).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/);
		},
		serverError: (answer, code) => {
			expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
			expect(answer.body).toMatchObject({
				status: answer.status,
				code,
				title: 'Service Unavailable',
			});
			expect(answer.body).not.toHaveProperty('message');
		},
	},
	upper: {
		field: 'status',
		states: {
			arrived: 'CHECKED_IN',
			cancelled: 'CANCELED_BY_MERCHANT',
			completed: 'COMPLETED',
			confirmed: 'CONFIRMED',
			noShow: 'NO_SHOW',
			pending: 'PENDING_MERCHANT_CONFIRMATION',
			seated: 'SEATED',
		},
		time: `${DAY}T19:00:00Z`,
		timeZone: offsetNow,
		clientError: (body, code, message) => {
			expect(Object.keys(body).sort()).toEqual(['error', 'error_description']);
			expect(body.error).toBe(code);
			expect(body.error_description).toMatch(message);
		},
		serverError: (answer, code) => {
			expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
			expect(answer.body).toEqual({ error: code, error_description: expect.any(String) });
		},
	},
	legacy: {
		field: 'state',
		states: {
			arrived: 'Checked In',
			cancelled: 'Cancelled',
			completed: 'Finished',
			confirmed: 'Booked',
			noShow: 'No Show',
			pending: 'Awaiting Confirmation',
			seated: 'Seated',
		},
		time: `${LOCAL}.000`,
		timeZone: (iana) => iana,
		clientError: (body, code, message) => {
			expect(Object.keys(body).filter((k) => k !== 'ModelState')).toEqual(['Message']);
			expect(body.Message).toMatch(message);
		},
		serverError: (answer) => {
			expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
			expect(answer.text).toBe(
				'<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><p>nginx</p></body></html>',
			);
		},
	},
};

describe.each(Object.keys(EXPECTED) as Array<keyof typeof EXPECTED>)('reading %s', (name) => {
	const ctx = useSandbox({ reading: name, reservations: 10, restaurants: RESTAURANTS });
	const want = EXPECTED[name];
	const other = want.field === 'state' ? 'status' : 'state';

	const create = async (body: Record<string, unknown>, restaurantId = LA) => {
		const res = await http(ctx, 'POST', reservations(restaurantId), {
			body: { reservationTime: LOCAL, groupSize: 2, customerName: 'Reading Guest', ...body },
		});
		expect(res.status).toBe(201);
		return res.body;
	};
	const list = (query: Record<string, string>, restaurantId = LA) =>
		http(ctx, 'GET', reservations(restaurantId), { query: { ...RANGE, ...query } });

	it('exports its state table, and names itself on the first line and at /__sandbox/reading', async () => {
		expect(READINGS[name].states).toEqual(want.states);
		expect(READINGS[name].stateField).toBe(want.field);
		expect(ctx.sandbox.output[0]).toContain(`reading: ${name}`);
		const res = await fetch(`${ctx.sandbox.url}/__sandbox/reading`);
		expect(await res.json()).toMatchObject({ name, stateField: want.field, states: want.states });
	});

	it('writes every reservation with its state field, values and time form', async () => {
		const created = await create({});
		expect(created[want.field]).toBe(want.states.confirmed);
		expect(created).not.toHaveProperty(other);
		expect(created.reservationTime).toBe(want.time);
		expect(created.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
		expect(created.updatedAt).toBe(created.createdAt);
		expect(created.businessDate).toBe(DAY);

		const read = await http(ctx, 'GET', `${reservations(LA)}/${created.id}`);
		expect(read.status).toBe(200);
		expect(read.body).toEqual(created);

		const listed = await list({});
		expect(listed.status).toBe(200);
		const mine = listed.body.find((r: { id: string }) => r.id === created.id);
		expect(mine).toEqual(created);
		for (const r of listed.body) {
			expect(Object.values(want.states).concat('CANCELED_BY_CUSTOMER')).toContain(r[want.field]);
			expect(r).not.toHaveProperty(other);
		}

		const updated = await http(ctx, 'PUT', `${reservations(LA)}/${created.id}`, {
			body: { [want.field]: want.states.seated, groupSize: 3 },
		});
		expect(updated.status).toBe(200);
		expect(updated.body).toMatchObject({ [want.field]: want.states.seated, groupSize: 3 });
		expect(updated.body.reservationTime).toBe(want.time);
		expect(updated.body).not.toHaveProperty(other);

		const cancelled = await http(ctx, 'PUT', `${reservations(LA)}/${created.id}/cancel`, {
			body: { note: 'Reading test' },
		});
		expect(cancelled.status).toBe(200);
		expect(cancelled.body[want.field]).toBe(want.states.cancelled);
		expect(cancelled.body.details).toMatchObject({
			cancelSource: 'staff',
			cancelNote: 'Reading test',
		});
		expect(cancelled.body.reservationTime).toBe(want.time);
		expect(cancelled.body).not.toHaveProperty(other);
	});

	it("reads the time in its own form and the state as `state` or `status`, in its vocabulary or the sandbox's", async () => {
		const sent = await create({ reservationTime: want.time, [want.field]: want.states.pending });
		expect(sent.reservationTime).toBe(want.time);
		expect(sent[want.field]).toBe(want.states.pending);
		const own = await create({ [other]: 'arrived' });
		expect(own[want.field]).toBe(want.states.arrived);
		const updated = await http(ctx, 'PUT', `${reservations(LA)}/${own.id}`, {
			body: { state: want.states.noShow },
		});
		expect(updated.body[want.field]).toBe(want.states.noShow);
	});

	it('filters the list by a status in its vocabulary', async () => {
		const day = `${YEAR}-06-22`;
		const range = { from: `${day}T00:00:00`, to: `${day}T23:59:00` };
		const kept = await create({ reservationTime: `${day}T18:00:00` });
		const gone = await create({ reservationTime: `${day}T19:00:00` });
		await http(ctx, 'PUT', `${reservations(LA)}/${gone.id}/cancel`, { body: {} });
		const ids = async (status: string) => {
			const res = await list({ ...range, status });
			expect(res.status).toBe(200);
			return res.body.map((r: { id: string }) => r.id);
		};
		expect(await ids(want.states.confirmed)).toEqual([kept.id]);
		expect(await ids(want.states.cancelled)).toEqual([gone.id]);
		// The sandbox's own value is read too.
		expect(await ids('cancelled')).toEqual([gone.id]);
		const unknown = await list({ ...range, status: 'Teleported' });
		expect(unknown.status).toBe(400);
		want.clientError(unknown.body, 'validation_failed', /Teleported/);
	});

	it("gives the restaurants' time zones its way", async () => {
		const all = await http(ctx, 'GET', '/api/core/admin/restaurants');
		const zone = (id: number) => all.body.find((r: { id: number }) => r.id === id).timeZone;
		expect(zone(101)).toBe(want.timeZone('Europe/Berlin'));
		expect(zone(102)).toBe(want.timeZone('America/New_York'));
		expect(zone(103)).toBe(want.timeZone('Australia/Sydney'));
		expect(zone(LA)).toBe(want.timeZone('America/Los_Angeles'));
		const one = await http(ctx, 'GET', `/api/core/admin/restaurants/${LA}`);
		expect(one.body.timeZone).toBe(want.timeZone('America/Los_Angeles'));
		// A record sent back as read keeps its zone.
		const back = await http(ctx, 'PUT', `/api/core/admin/restaurants/${LA}`, {
			body: { timeZone: one.body.timeZone },
		});
		expect(back.status).toBe(200);
		expect(back.body.timeZone).toBe(one.body.timeZone);
	});

	it('answers every error in its shape: 400 (order, schema, JSON type, state), 401, 404, 503, 429', async () => {
		const order = await http(ctx, 'POST', reservations(LA), {
			body: {
				reservationTime: LOCAL,
				groupSize: 2,
				customerName: 'Reading Guest',
				order: { orderItems: [{ productId: `prd-${LA}-pasta-01`, amount: -1 }] },
			},
		});
		expect(order.status).toBe(400);
		want.clientError(order.body, 'invalid_quantity', /order\.orderItems\[0\]\.amount/);

		const schema = await http(ctx, 'POST', reservations(LA), {
			body: { reservationTime: LOCAL, groupSize: 0, customerName: 'Reading Guest' },
		});
		expect(schema.status).toBe(400);
		want.clientError(schema.body, 'validation_failed', /groupSize/);
		if (name === 'platform') expect(schema.body.errors).toHaveProperty('groupSize');
		if (name === 'legacy') expect(schema.body.ModelState).toHaveProperty('groupSize');

		// A JSON body is read without coercion: the text "2" is no integer.
		const typed = await http(ctx, 'POST', reservations(LA), {
			body: { reservationTime: LOCAL, groupSize: '2', customerName: 'Reading Guest' },
		});
		expect(typed.status).toBe(400);
		want.clientError(typed.body, 'validation_failed', /^groupSize: must be integer\.$/);
		if (name === 'platform') expect(typed.body.errors).toEqual({ groupSize: ['must be integer'] });
		if (name === 'legacy')
			expect(typed.body.ModelState).toEqual({ groupSize: ['must be integer'] });

		const state = await http(ctx, 'POST', reservations(LA), {
			body: { reservationTime: LOCAL, groupSize: 2, customerName: 'Guest', status: 'Teleported' },
		});
		expect(state.status).toBe(400);
		want.clientError(state.body, 'validation_failed', /Teleported/);

		const cancelled = await http(ctx, 'POST', reservations(LA), {
			body: {
				reservationTime: LOCAL,
				groupSize: 2,
				customerName: 'Guest',
				[want.field]: want.states.cancelled,
			},
		});
		expect(cancelled.status).toBe(400);
		want.clientError(cancelled.body, 'invalid_state', /cannot be set to "cancelled"/);

		const missing = await http(ctx, 'GET', `${reservations(LA)}/rsv-${LA}-nope`);
		expect(missing.status).toBe(404);
		want.clientError(missing.body, 'not_found', /rsv-112-nope was not found/);

		const anonymous = await http(ctx, 'GET', reservations(LA), { token: null });
		expect(anonymous.status).toBe(401);
		expect(anonymous.headers.get('www-authenticate')).toBe('Bearer');
		want.clientError(anonymous.body, 'unauthorized', /bearer token/i);

		await ctx.sandbox.control('POST', '/faults', { status: 503, count: 1 });
		const down = await http(ctx, 'GET', reservations(LA), { query: RANGE });
		expect(down.status).toBe(503);
		want.serverError(down, 'service_unavailable');

		await ctx.sandbox.control('POST', '/faults', { status: 429, count: 1, retryAfterSeconds: 2 });
		const limited = await http(ctx, 'GET', reservations(LA), { query: RANGE });
		expect(limited.status).toBe(429);
		expect(limited.headers.get('retry-after')).toBe('2');
		want.clientError(limited.body, 'rate_limited', /Too many requests/);
	});

	it('keeps the control path in the sandbox’s own form', async () => {
		const res = await ctx.sandbox.control('POST', '/faults', { status: 418 });
		expect(res.status).toBe(400);
		expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
		expect(await res.json()).toMatchObject({
			code: 'validation_failed',
			message: expect.any(String),
		});
	});
});

describe('reading upper: who cancelled', () => {
	const ctx = useSandbox({ reading: 'upper', reservations: 10 });

	it('says CANCELED_BY_CUSTOMER when an application cancelled, and filters by it', async () => {
		const byStaff = await http(ctx, 'POST', reservations(101), {
			body: { reservationTime: `${DAY}T18:00:00`, groupSize: 2, customerName: 'Staff Cancel' },
		});
		const byApp = await http(ctx, 'POST', reservations(101), {
			body: { reservationTime: `${DAY}T19:00:00`, groupSize: 2, customerName: 'App Cancel' },
		});
		const staff = await http(ctx, 'PUT', `${reservations(101)}/${byStaff.body.id}/cancel`, {
			body: {},
		});
		expect(staff.body.status).toBe('CANCELED_BY_MERCHANT');
		const app = await http(ctx, 'PUT', `${reservations(101)}/${byApp.body.id}/cancel`, {
			body: {},
			token: 'vendor',
		});
		expect(app.body.details.cancelSource).toBe('application');
		expect(app.body.status).toBe('CANCELED_BY_CUSTOMER');

		const ids = async (status: string) =>
			(await http(ctx, 'GET', reservations(101), { query: { ...RANGE, status } })).body.map(
				(r: { id: string }) => r.id,
			);
		expect(await ids('CANCELED_BY_CUSTOMER')).toEqual([byApp.body.id]);
		expect(await ids('CANCELED_BY_MERCHANT')).toEqual([byStaff.body.id]);
		expect(await ids('cancelled')).toEqual([byStaff.body.id, byApp.body.id]);
	});
});

describe('reading sandbox (the default)', () => {
	const ctx = useSandbox({ reservations: 10 });

	it("answers in the sandbox's own form, as openapi.yaml describes it", async () => {
		expect(ctx.sandbox.output[0]).not.toContain('reading:');
		const res = await fetch(`${ctx.sandbox.url}/__sandbox/reading`);
		expect(await res.json()).toMatchObject({ name: 'sandbox', stateField: 'state' });
		// ctx.call checks each answer against openapi.yaml.
		const created = await ctx.call('createReservation', {
			path: { restaurantId: 102 },
			body: { reservationTime: LOCAL, groupSize: 2, customerName: 'Sandbox Guest' },
		});
		expect(created.status).toBe(201);
		expect(created.body).toMatchObject({ state: 'confirmed', reservationTime: LOCAL });
		expect(created.body).not.toHaveProperty('status');
		const restaurant = await ctx.call('getRestaurant', { path: { restaurantId: 102 } });
		expect(restaurant.body.timeZone).toBe('America/New_York');
		const missing = await ctx.call('getReservation', {
			path: { restaurantId: 102, reservationId: 'rsv-102-nope' },
		});
		expect(missing.headers.get('content-type')).toMatch(/^application\/problem\+json/);
		expect(missing.body).toMatchObject({
			status: 404,
			title: 'Not Found',
			code: 'not_found',
			message: 'Reservation rsv-102-nope was not found.',
			detail: 'Reservation rsv-102-nope was not found.',
			instance: '/api/rsv/admin/restaurants/102/reservations/rsv-102-nope',
		});
		// A reading's vocabulary is not the sandbox's: `status` is ignored, a foreign value refused.
		const foreign = await ctx.call('createReservation', {
			path: { restaurantId: 102 },
			body: { reservationTime: LOCAL, groupSize: 2, customerName: 'Guest', state: 'Booked' },
		});
		expect(foreign.status).toBe(400);
	});
});
