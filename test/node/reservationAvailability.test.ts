/**
 * Reservation › Check Availability and Create's "Check Booking Rules First", through n8n's engine
 * against the sandbox: every published rule broken once with its sentence, and the same verdict
 * from the server when an application (vendor token, the online channel) books anyway; the
 * restaurant's own clock and time zone in each of the three seeded restaurants.
 */
import { DateTime } from 'luxon';
import { json } from '../support/nodeResults';
import { nodeRunner, restaurant } from '../support/nodeRunner';
import { SEEDED_TIME_ZONES, freeSlotAt, openSlot, useSandbox } from '../support/sandbox';

const ctx = useSandbox();
const node = nodeRunner(ctx);
const ZONES = SEEDED_TIME_ZONES;
const minute = (time: string) => time.slice(0, 16);

async function checkTime(time: string, partySize = 2, restaurantId = 101) {
	const result = await node.run({
		resource: 'reservation',
		operation: 'checkAvailability',
		restaurantId: restaurant(restaurantId),
		partySize,
		checkMode: 'time',
		time,
	});
	expect(result.error).toBeUndefined();
	return json(result)[0];
}

/** What the server answers an application that books this anyway. */
async function appBooks(time: string, partySize = 2, restaurantId = 101) {
	return ctx.call('createReservation', {
		token: 'vendor',
		path: { restaurantId },
		body: { reservationTime: time, groupSize: partySize, customerName: 'App Guest' },
	});
}

const freeSlot = (daysAhead: number, time: string) => freeSlotAt(ctx, 101, daysAhead, time);

const localNow = (restaurantId: number) => DateTime.now().setZone(ZONES[restaurantId]);
const nextWeekday = (weekday: number, time: string) => {
	let day = localNow(101).plus({ days: 2 });
	while (day.weekday !== weekday) day = day.plus({ days: 1 });
	return `${day.toFormat('yyyy-LL-dd')}T${time}`;
};

describe('Reservation: Check Availability of a time', () => {
	it('says a free slot is bookable, in the restaurant time zone, and when approval is needed', async () => {
		const time = await freeSlot(10, '12:30:00');
		const answer = await checkTime(time);
		expect(answer).toMatchObject({
			restaurantId: 101,
			timeZone: 'Europe/Berlin',
			partySize: 2,
			time: minute(time),
			bookable: true,
			rule: null,
			reason: null,
			approvalNeeded: false,
			nearestBookableTimes: [],
		});
		expect(answer.note).toContain("the restaurant's server decides");
		expect((await checkTime(time, 8)).approvalNeeded).toBe(true);
	});

	const cases: Array<[string, () => Promise<[string, number]>, string, RegExp]> = [
		[
			'party_too_large',
			async () => [await freeSlot(10, '12:30:00'), 40],
			'party_too_large',
			/^A party of 40 cannot be booked: the restaurant takes 1 to 12 guests per booking\.$/,
		],
		[
			'in_the_past',
			async () => [localNow(101).minus({ days: 1 }).toFormat("yyyy-LL-dd'T'19:30:00"), 2],
			'in_the_past',
			/^\d{4}-\d{2}-\d{2} 19:30 has already passed \(it is now .* at the restaurant\)\.$/,
		],
		[
			'too_short_notice',
			async () => {
				const soon = localNow(101).plus({ minutes: 20 });
				const slot = soon.set({ minute: Math.ceil(soon.minute / 15) * 15 - 15, second: 0 });
				return [slot.plus({ minutes: 15 }).toFormat("yyyy-LL-dd'T'HH:mm:ss"), 2];
			},
			'too_short_notice',
			/^Bookings need 60 minutes' notice: the earliest possible time is .*\.$/,
		],
		[
			'beyond_advance_limit',
			async () => [openSlot(ZONES[101], 100, '19:30:00'), 2],
			'beyond_advance_limit',
			/^Bookings open at most 90 days ahead: the last bookable day is \d+ \w+ \d{4}\.$/,
		],
		[
			'a Monday',
			async () => [nextWeekday(1, '19:30:00'), 2],
			'outside_reservation_hours',
			/^19:30 is outside the booking hours\. The restaurant takes no bookings on Mondays\.$/,
		],
		[
			'the afternoon',
			async () => [nextWeekday(3, '16:00:00'), 2],
			'outside_reservation_hours',
			/^16:00 is outside the booking hours\. On Wednesdays bookings are taken 12:00-15:00 and 18:00-23:00\.$/,
		],
		[
			'after_cut_off',
			async () => [nextWeekday(4, '21:15:00'), 2],
			'after_cut_off',
			/^The last booking for Dinner starts at 21:00\.$/,
		],
		[
			'not_on_slot',
			async () => [nextWeekday(5, '19:37:00'), 2],
			'not_on_slot',
			/^Bookings start every 15 minutes: 19:30 or 19:45, not 19:37\.$/,
		],
	];

	it.each(cases)(
		'%s: refused with its rule and sentence, the nearest bookable times offered, and the server agrees',
		async (_name, make, rule, sentence) => {
			const [time, party] = await make();
			const answer = await checkTime(time, party);
			expect(answer).toMatchObject({ bookable: false, rule });
			expect(answer.reason).toMatch(sentence);
			if (rule !== 'party_too_large') {
				expect((answer.nearestBookableTimes as string[]).length).toBeGreaterThan(0);
				for (const t of answer.nearestBookableTimes as string[])
					expect((await checkTime(t, party)).bookable).toBe(true);
			} else expect(answer.nearestBookableTimes).toEqual([]); // no other time helps
			const server = await appBooks(time, party);
			expect(server.status).toBe(400);
			expect(server.body.code).toBe(rule);
			// A sentence that names the clock may have moved on by a minute between the two checks.
			if (['in_the_past', 'too_short_notice'].includes(rule))
				expect(server.body.message).toMatch(sentence);
			else expect(server.body.message).toBe(answer.reason);
		},
	);

	it('a special closing period: Christmas (or, beyond the advance limit, that rule)', async () => {
		const now = localNow(101);
		let christmas = now.set({ month: 12, day: 25, hour: 19, minute: 30, second: 0 });
		if (christmas < now) christmas = christmas.plus({ years: 1 });
		const time = christmas.toFormat("yyyy-LL-dd'T'HH:mm:ss");
		const answer = await checkTime(time);
		const withinAdvance = christmas.startOf('day').diff(now.startOf('day'), 'days').days <= 90;
		expect(answer.rule).toBe(withinAdvance ? 'closed_special_period' : 'beyond_advance_limit');
		if (withinAdvance)
			expect(answer.reason).toBe(
				`The restaurant is closed on 25 December ${christmas.year} (Winter holidays).`,
			);
		expect((await appBooks(time)).body.code).toBe(answer.rule);
	});

	it('counts the current bookings of a slot: six bookings fill it, then covers run out', async () => {
		const full = await freeSlot(20, '13:00:00');
		for (let i = 0; i < 6; i++)
			await ctx.call('createReservation', {
				body: { reservationTime: full, groupSize: 2, customerName: `Guest ${i}` },
			});
		const answer = await checkTime(full);
		expect(answer).toMatchObject({
			rule: 'slot_fully_booked',
			reason: `${minute(full).replace('T', ' ')} is fully booked.`,
		});
		expect((await appBooks(full)).body).toMatchObject({
			code: 'slot_fully_booked',
			message: answer.reason,
		});

		const busy = await freeSlot(21, '12:15:00');
		for (const size of [12, 12])
			await ctx.call('createReservation', {
				body: { reservationTime: busy, groupSize: size, customerName: 'Big party' },
			});
		const covers = await checkTime(busy, 7);
		expect(covers).toMatchObject({
			rule: 'slot_covers_full',
			reason: `${minute(busy).replace('T', ' ')} has room for 6 more guests, not 7.`,
		});
		expect((await checkTime(busy, 6)).bookable).toBe(true);
		expect((await appBooks(busy, 7)).body.code).toBe('slot_covers_full');
	});

	it('counts a booking in its slot by its state: a no-show or a cancellation frees its place, every other state holds it', async () => {
		const time = await freeSlot(22, '12:30:00');
		const ids: string[] = [];
		for (let i = 0; i < 6; i++) {
			const made = await ctx.call('createReservation', {
				body: { reservationTime: time, groupSize: 2, customerName: `Slot guest ${i}` },
			});
			ids.push(made.body.id);
		}
		const setState = (id: string, state: string) =>
			ctx.call('updateReservation', { path: { reservationId: id }, body: { state } });
		for (const [i, state] of ['pending', 'arrived', 'seated', 'completed'].entries())
			expect((await setState(ids[i], state)).body.state).toBe(state);
		const full = { bookable: false, rule: 'slot_fully_booked' };
		expect(await checkTime(time)).toMatchObject(full);
		expect((await appBooks(time)).body.code).toBe('slot_fully_booked');

		expect((await setState(ids[4], 'noShow')).body.state).toBe('noShow');
		expect(await checkTime(time)).toMatchObject({ bookable: true, rule: null });
		expect((await appBooks(time)).status).toBe(201);
		expect(await checkTime(time)).toMatchObject(full);

		const cancelled = await ctx.call('cancelReservation', {
			path: { reservationId: ids[5] },
			body: { note: 'Plans changed' },
		});
		expect(cancelled.body.state).toBe('cancelled');
		expect(await checkTime(time)).toMatchObject({ bookable: true, rule: null });
		expect((await appBooks(time)).status).toBe(201);
	});

	it('refuses a time that is not a date, naming the field', async () => {
		const result = await node.run({
			resource: 'reservation',
			operation: 'checkAvailability',
			restaurantId: restaurant(101),
			partySize: 2,
			checkMode: 'time',
			time: 'tomorrow evening',
		});
		expect(result.error?.message).toBe('Time "tomorrow evening" is not a date and time');
	});
});

describe('Reservation: Check Availability of days, in each restaurant time zone', () => {
	it.each([101, 102, 103])(
		'restaurant %i: today at the restaurant, slots after its notice',
		async (id) => {
			const result = await node.run({
				resource: 'reservation',
				operation: 'checkAvailability',
				restaurantId: restaurant(id),
				partySize: 2,
				checkMode: 'days',
				days: 3,
			});
			expect(result.error).toBeUndefined();
			const [answer] = json(result);
			const today = localNow(id);
			expect(answer).toMatchObject({
				timeZone: ZONES[id],
				from: today.toFormat('yyyy-LL-dd'),
				to: today.plus({ days: 2 }).toFormat('yyyy-LL-dd'),
			});
			const days = answer.days as Array<{ date: string; bookableTimes: string[] }>;
			expect(days.map((d) => d.date)).toEqual(
				[0, 1, 2].map((i) => today.plus({ days: i }).toFormat('yyyy-LL-dd')),
			);
			const earliest = today.plus({ minutes: 60 }).toFormat('HH:mm');
			for (const time of days[0].bookableTimes) expect(time >= earliest).toBe(true);
			for (const day of days)
				if (DateTime.fromISO(day.date).weekday === 1) expect(day.bookableTimes).toEqual([]);
		},
	);

	it('a day of the week the restaurant is open lists its slots up to the last seating', async () => {
		const tuesday = nextWeekday(2, '00:00:00').slice(0, 10);
		const result = await node.run({
			resource: 'reservation',
			operation: 'checkAvailability',
			restaurantId: restaurant(103),
			partySize: 4,
			checkMode: 'days',
			date: tuesday,
			days: 1,
		});
		const times = (json(result)[0].days as Array<{ bookableTimes: string[] }>)[0].bookableTimes;
		expect(times[0]).toBe('12:00');
		expect(times).toContain('21:00');
		expect(times).not.toContain('21:15');
	});
});

describe('Reservation: Create with Check Booking Rules First', () => {
	const create = (reservationTime: string, groupSize: number, checkBookingRules: boolean) =>
		node.run({
			resource: 'reservation',
			operation: 'create',
			restaurantId: restaurant(101),
			reservationTime,
			groupSize,
			customerName: 'Rule Guest',
			checkBookingRules,
		});

	it('refuses a booking the rules refuse with the same sentence, sending nothing', async () => {
		const time = await freeSlot(12, '19:30:00');
		await node.sandboxRequests();
		const result = await create(time, 40, true);
		expect(result.error?.message).toBe(
			'A party of 40 cannot be booked: the restaurant takes 1 to 12 guests per booking.',
		);
		expect(result.error?.description).toContain('(rule party_too_large), so nothing was sent');
		expect((await node.sandboxRequests()).filter((r) => r.method !== 'GET')).toEqual([]);
	});

	it('names the nearest bookable times when the time is refused', async () => {
		const result = await create(nextWeekday(2, '19:37:00'), 2, true);
		expect(result.error?.message).toBe(
			'Bookings start every 15 minutes: 19:30 or 19:45, not 19:37.',
		);
		expect(result.error?.description).toMatch(
			/Nearest bookable times \(restaurant time, Europe\/Berlin\): \d{4}-\d{2}-\d{2} 19:\d{2}/,
		);
	});

	it('books a time the rules accept; off, it sends what staff ask for', async () => {
		const time = await freeSlot(14, '19:45:00');
		const booked = await create(time, 2, true);
		expect(booked.error).toBeUndefined();
		expect(json(booked)[0]).toMatchObject({ reservationTime: time, customerName: 'Rule Guest' });
		const staff = await create(nextWeekday(1, '16:10:00'), 2, false);
		expect(staff.error).toBeUndefined();
	});

	it('an empty guest name is refused by the node and by the server', async () => {
		const result = await node.run({
			resource: 'reservation',
			operation: 'create',
			restaurantId: restaurant(101),
			reservationTime: await freeSlot(15, '19:30:00'),
			groupSize: 2,
			customerName: '   ',
		});
		expect(result.error?.message).toBe("Guest Name is empty: give the guest's name");
		expect(result.requests).toEqual([]);
		const server = await ctx.call('createReservation', {
			body: { reservationTime: openSlot(ZONES[101], 15), groupSize: 2, customerName: '' },
		});
		expect(server.status).toBe(400);
		expect(server.body.code).toBe('customer_name_required');
	});
});

describe('Reservation: Update with Check Booking Rules First', () => {
	const update = (reservationId: string, updateFields: Record<string, unknown>) =>
		node.run({
			resource: 'reservation',
			operation: 'update',
			restaurantId: restaurant(101),
			reservationId,
			updateFields,
			checkBookingRules: true,
		});

	it('judges the booking as it would be after the change, sending nothing when refused', async () => {
		const time = await freeSlot(16, '19:30:00');
		const created = await ctx.call('createReservation', {
			body: { reservationTime: time, groupSize: 2, customerName: 'Moving Guest' },
		});
		await node.sandboxRequests();
		const monday = await update(created.body.id, { reservationTime: nextWeekday(1, '19:30:00') });
		expect(monday.error?.message).toBe(
			'19:30 is outside the booking hours. The restaurant takes no bookings on Mondays.',
		);
		expect(monday.error?.description).toContain('Nearest bookable times');
		const large = await update(created.body.id, { groupSize: 40 });
		expect(large.error?.message).toBe(
			'A party of 40 cannot be booked: the restaurant takes 1 to 12 guests per booking.',
		);
		// No other time helps a party outside the limits: none is offered.
		expect(large.error?.description).toBe(
			"The restaurant's published booking rules refuse it (rule party_too_large), so nothing was sent.",
		);
		expect((await node.sandboxRequests()).filter((r) => r.method === 'PUT')).toEqual([]);
		// Its own place in the slot does not count against it: a party of 4 at the same time is fine.
		const bigger = await update(created.body.id, { groupSize: 4 });
		expect(bigger.error).toBeUndefined();
		expect(json(bigger)[0]).toMatchObject({ groupSize: 4, reservationTime: time });
		// Other changes are not the rules' business.
		const table = await update(created.body.id, { tableNumber: '7' });
		expect(table.error).toBeUndefined();
	});
});
