import { addLocalDays } from '../../nodes/shared/dateWindows';
import { TOKENS } from '../support/tokens';
import { openSlot, todayUtc, useSandbox } from '../support/sandbox';

const ctx = useSandbox();
// Two years ahead lies beyond the seeded year, so these tests see only their own reservations.
const day = (offset: number, time = '19:00:00') =>
	`${addLocalDays(`${todayUtc()}T00:00:00`, 800 + offset).slice(0, 10)}T${time}`;
// An application (vendor token) books under the published rules: at most 90 days ahead.
const appDay = (daysAhead: number) => openSlot('Europe/Berlin', daysAhead);
/** The whole day of an application's booking, as a list range. */
const dayRange = (time: string) => ({
	from: `${time.slice(0, 10)}T00:00:00`,
	to: addLocalDays(`${time.slice(0, 10)}T00:00:00`, 1),
});

async function create(
	body: Record<string, unknown>,
	token: keyof typeof TOKENS = 'staff',
	restaurantId = 101,
) {
	const res = await ctx.call('createReservation', {
		token,
		path: { restaurantId },
		body: { groupSize: 2, customerName: 'Test Guest', ...body },
	});
	expect(res.status).toBe(201);
	return res.body;
}

describe('create (spec 4.1)', () => {
	it('creates on behalf of the user for staff and partner tokens', async () => {
		for (const [token, id] of [
			['staff', 'user-staff-1'],
			['partner', 'user-partner-1'],
		] as const) {
			const r = await create({ reservationTime: day(0) }, token);
			expect(r.createdOnBehalfOf).toEqual(expect.objectContaining({ type: 'user', id }));
			expect(r.vendorAppId).toBeNull();
			expect(r.viewed).toBe(true);
		}
	});

	it('creates on behalf of the application for the vendor token', async () => {
		const r = await create({ reservationTime: appDay(3) }, 'vendor');
		expect(r.createdOnBehalfOf).toEqual({
			type: 'application',
			id: 'app-sandbox-pos',
			name: 'Sandbox POS',
		});
		expect(r).toMatchObject({
			vendorAppId: 'app-sandbox-pos',
			source: 'Sandbox POS',
			viewed: false,
		});
	});

	it('stores the time as restaurant-local, converting a time that carries an offset', async () => {
		const local = await create({ reservationTime: day(1, '20:15:00') });
		expect(local.reservationTime).toBe(day(1, '20:15:00'));
		const utc = await create({ reservationTime: `${day(1, '18:15:00')}Z` }, 'staff', 102);
		// New York is 4 or 5 hours behind UTC, depending on the season.
		expect([day(1, '13:15:00'), day(1, '14:15:00')]).toContain(utc.reservationTime);
	});

	it('makes large parties pending when the restaurant requires approval, others confirmed', async () => {
		expect((await create({ reservationTime: day(2), groupSize: 8 })).state).toBe('pending');
		expect((await create({ reservationTime: day(2), groupSize: 7 })).state).toBe('confirmed');
	});

	it('refuses a missing time, a group of 0 and a state of cancelled, naming the field', async () => {
		const missing = await ctx.call('createReservation', { body: { groupSize: 2 } });
		expect(missing.status).toBe(400);
		expect(missing.body).toMatchObject({ code: 'validation_failed' });
		expect(missing.body.message).toContain('reservationTime');
		const zero = await ctx.call('createReservation', {
			body: { reservationTime: day(3), groupSize: 0, customerName: 'Test Guest' },
		});
		expect(zero.body.errors).toHaveProperty('groupSize');
		const cancelled = await ctx.call('createReservation', {
			body: {
				reservationTime: day(3),
				groupSize: 2,
				customerName: 'Test Guest',
				state: 'cancelled',
			},
		});
		expect(cancelled.body.code).toBe('invalid_state');
	});

	it('refuses an event of another restaurant', async () => {
		const res = await ctx.call('createReservation', {
			body: { reservationTime: day(3), groupSize: 2, customerName: 'Test Guest', eventId: 999999 },
		});
		expect(res.status).toBe(400);
		expect(res.body.code).toBe('unknown_event');
	});
});

describe('read, update and cancel', () => {
	it('reads one reservation and answers 404 for an unknown id', async () => {
		const r = await create({ reservationTime: day(5) });
		expect((await ctx.call('getReservation', { path: { reservationId: r.id } })).body).toEqual(r);
		const missing = await ctx.call('getReservation', { path: { reservationId: 'rsv-101-nope' } });
		expect(missing.status).toBe(404);
		expect(missing.body.message).toBe('Reservation rsv-101-nope was not found.');
	});

	it('records an update against the current user and changes only the fields sent', async () => {
		const r = await create({ reservationTime: appDay(6), specialRequests: 'Window' }, 'vendor');
		const res = await ctx.call('updateReservation', {
			token: 'partner',
			path: { reservationId: r.id },
			body: { groupSize: 4, tableNumber: '12' },
		});
		expect(res.status).toBe(200);
		expect(res.body).toMatchObject({
			groupSize: 4,
			tableNumber: '12',
			specialRequests: 'Window',
			reservationTime: r.reservationTime,
		});
		expect(res.body.lastUpdatedBy).toEqual(
			expect.objectContaining({ type: 'user', id: 'user-partner-1' }),
		);
		expect(res.body.createdOnBehalfOf.type).toBe('application');
		const audit = await ctx.call('getBookingAudit', { path: { bookingId: r.id } });
		expect(audit.body.entries.map((e: { action: string }) => e.action)).toEqual([
			'created',
			'updated',
		]);
		expect(audit.body.entries[1]).toMatchObject({
			actor: { id: 'user-partner-1' },
			changes: { groupSize: { from: 2, to: 4 }, tableNumber: { from: null, to: '12' } },
		});
	});

	it('cancels: state cancelled, details and doNotChargeFee kept', async () => {
		const r = await create({ reservationTime: day(7) });
		const res = await ctx.call('cancelReservation', {
			path: { reservationId: r.id },
			body: {
				cancelOptionName: 'Guest request',
				note: 'Flight delayed',
				origin: 'phone',
				updatedBy: 'Maria at the desk',
				doNotChargeFee: true,
			},
		});
		expect(res.status).toBe(200);
		expect(res.body).toMatchObject({
			state: 'cancelled',
			doNotChargeFee: true,
			details: {
				cancelOptionName: 'Guest request',
				cancelNote: 'Flight delayed',
				cancelSource: 'phone',
			},
			lastUpdatedBy: { name: 'Maria at the desk' },
		});
		expect(
			(await ctx.call('getReservation', { path: { reservationId: r.id } })).body.details.cancelNote,
		).toBe('Flight delayed');
	});

	it('refuses an unknown cancellation reason, listing the valid ones, and changes nothing', async () => {
		const r = await create({ reservationTime: day(8) });
		const res = await ctx.call('cancelReservation', {
			path: { reservationId: r.id },
			body: { cancelOptionName: 'Bored' },
		});
		expect(res.status).toBe(400);
		expect(res.body.code).toBe('unknown_cancel_option');
		expect(res.body.message).toContain('"Guest request"');
		expect((await ctx.call('getReservation', { path: { reservationId: r.id } })).body.state).toBe(
			'confirmed',
		);
	});

	it('answers 409 when cancelling twice or updating a cancelled reservation', async () => {
		const r = await create({ reservationTime: day(9) });
		await ctx.call('cancelReservation', { path: { reservationId: r.id }, body: {} });
		expect(
			(await ctx.call('cancelReservation', { path: { reservationId: r.id }, body: {} })).body.code,
		).toBe('already_cancelled');
		const update = await ctx.call('updateReservation', {
			path: { reservationId: r.id },
			body: { groupSize: 3 },
		});
		expect(update.status).toBe(409);
		expect(update.body.code).toBe('reservation_cancelled');
	});
});

describe('list filters (spec 4.1)', () => {
	const ids = (list: Array<{ id: string }>) => list.map((r) => r.id);
	let made: Record<string, { id: string }>;

	beforeAll(async () => {
		const event = (await ctx.call('listEvents')).body[0];
		made = {
			early: await create({ reservationTime: day(100, '12:00:00') }),
			late: await create({ reservationTime: day(100, '23:30:00') }),
			nextDayNight: await create({ reservationTime: day(101, '01:30:00') }),
			pending: await create({ reservationTime: day(102), groupSize: 9 }),
			event: await create({ reservationTime: day(103), eventId: event.id }),
			// Near, as the rules want: listed below over its own day, beside the seed's bookings.
			vendor: await create({ reservationTime: appDay(20) }, 'vendor'),
		};
		await ctx.call('cancelReservation', {
			path: { reservationId: (await create({ reservationTime: day(105) })).id },
			body: {},
		});
	});

	const list = async (
		query: Record<string, string | boolean>,
		token: keyof typeof TOKENS = 'staff',
	) => {
		const res = await ctx.call('listReservations', {
			token,
			query: { from: day(100, '00:00:00'), to: day(110, '00:00:00'), ...query },
		});
		expect(res.status).toBe(200);
		return res.body;
	};

	it('returns the half-open range [from, to) sorted by time, without event bookings by default', async () => {
		expect(ids(await list({ to: day(100, '23:30:00') }))).toEqual([made.early.id]);
		const all = await list({});
		expect(ids(all)).not.toContain(made.event.id);
		expect(all.map((r: { reservationTime: string }) => r.reservationTime)).toEqual(
			[...all.map((r: { reservationTime: string }) => r.reservationTime)].sort(),
		);
		// early, late, nextDayNight, pending and the cancelled one (the application's booking is near).
		expect(all).toHaveLength(5);
	});

	it('includes event bookings on request', async () => {
		expect(ids(await list({ includeEvents: true }))).toContain(made.event.id);
	});

	it('filters by business date, where a booking after midnight belongs to the day before', async () => {
		const d = day(100).slice(0, 10);
		expect(ids(await list({ businessDateFrom: d, businessDateTo: d }))).toEqual([
			made.early.id,
			made.late.id,
			made.nextDayNight.id,
		]);
	});

	it('filters pending, status, kind, unviewed and VendorAppId', async () => {
		expect(ids(await list({ pending: true }))).toEqual([made.pending.id]);
		expect(
			(await list({ status: 'cancelled' })).every(
				(r: { state: string }) => r.state === 'cancelled',
			),
		).toBe(true);
		expect(await list({ status: 'cancelled' })).toHaveLength(1);
		expect(await list({ kind: 'walkin' })).toEqual([]);
		expect(await list({ unviewed: true })).toEqual([]);
		const vendorDay = dayRange(appDay(20));
		const unviewed = await list({ unviewed: true, ...vendorDay });
		expect(ids(unviewed)).toContain(made.vendor.id);
		expect(unviewed.every((r: { viewed: boolean }) => !r.viewed)).toBe(true);
		const fromApp = await list({ VendorAppId: 'app-sandbox-pos', ...vendorDay });
		expect(ids(fromApp)).toContain(made.vendor.id);
		expect(fromApp.every((r: { vendorAppId: string }) => r.vendorAppId === 'app-sandbox-pos')).toBe(
			true,
		);
	});

	it('refuses a state that does not exist', async () => {
		const res = await ctx.call('listReservations', { query: { status: 'eaten' } });
		expect(res.status).toBe(400);
		expect(res.body.errors).toHaveProperty('status');
	});

	it('sets VendorAppId automatically for scope App, whatever the query says', async () => {
		const vendorDay = dayRange(appDay(20));
		const res = await list({ VendorAppId: 'someone-else', ...vendorDay }, 'vendor');
		expect(ids(res)).toContain(made.vendor.id);
		expect(res.every((r: { vendorAppId: string }) => r.vendorAppId === 'app-sandbox-pos')).toBe(
			true,
		);
		expect(await list({ VendorAppId: 'someone-else' }, 'vendor')).toEqual([]);
	});

	it('requires a range of at most 60 days for scope App, and accepts exactly 60', async () => {
		const none = await ctx.call('listReservations', { token: 'vendor' });
		expect(none.status).toBe(400);
		expect(none.body.code).toBe('range_required');
		const half = await ctx.call('listReservations', { token: 'vendor', query: { from: day(0) } });
		expect(half.body.code).toBe('range_required');
		const long = await ctx.call('listReservations', {
			token: 'vendor',
			query: { from: day(0, '00:00:00'), to: day(61, '00:00:00') },
		});
		expect(long.status).toBe(400);
		expect(long.body.code).toBe('range_too_long');
		const exact = await ctx.call('listReservations', {
			token: 'vendor',
			query: { from: day(0, '00:00:00'), to: day(60, '00:00:00') },
		});
		expect(exact.status).toBe(200);
		const dates = await ctx.call('listReservations', {
			token: 'vendor',
			query: { businessDateFrom: day(0).slice(0, 10), businessDateTo: day(60).slice(0, 10) },
		});
		expect(dates.body.code).toBe('range_too_long');
	});

	it('lets user tokens list without a range', async () => {
		const res = await ctx.call('listReservations', { path: { restaurantId: 103 } });
		expect(res.status).toBe(200);
		expect(res.body.length).toBeGreaterThan(100);
	});
});
