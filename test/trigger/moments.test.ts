/**
 * The trigger's moments (issue 24): Reminder Due, Not Arrived and Visit Ended through n8n-core's poll
 * path against the sandbox, static data carried from tick to tick. Bookings are placed seconds
 * from a moment, so that a moment falls between two ticks; n8n being down is the stored state of a
 * poll an hour ago.
 */
import type { INodeParameters } from 'n8n-workflow';
import { formatLocal, parseLocal } from '../../nodes/shared/dateWindows';
import { toLocalDateTime } from '../../nodes/shared/localTime';
import { SEEDED_TIME_ZONES, useSandbox } from '../support/sandbox';
import { oneRestaurant, Trigger, type ChangeJson } from './support';

const ctx = useSandbox();
/** The bookings a test made: the seeded ones near now have moments of their own at any hour. */
const booked = new Set<string>();
beforeEach(async () => {
	booked.clear();
	await ctx.sandbox.reset();
});

const ZONE = SEEDED_TIME_ZONES[101];
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Restaurant time `ms` from now, to the second. */
const fromNow = (ms: number) => toLocalDateTime(new Date(Date.now() + ms), ZONE).slice(0, 19);

type MomentItem = ChangeJson & {
	dueAt: string;
	timeZone: string;
	lateByMinutes: number;
	offset?: { minutes: number; label: string };
	rescheduled?: boolean;
	previousReservationTime?: string;
};

const REMINDERS: INodeParameters = oneRestaurant(101, {
	events: ['reminderDue'],
	reminderOffsets: { offset: [{ amount: 2, unit: 'hours' }] },
	lookBackDays: 1,
	lookAheadDays: 2,
});

async function book(reservationTime: string, extra: Record<string, unknown> = {}) {
	const created = await ctx.call('createReservation', {
		body: { reservationTime, groupSize: 2, customerName: 'Moment Guest', ...extra },
	});
	expect(created.status).toBe(201);
	const booking = created.body as { id: string; reservationTime: string };
	booked.add(booking.id);
	return booking;
}

async function started(parameters: INodeParameters): Promise<Trigger> {
	const trigger = new Trigger(ctx, parameters);
	const baseline = await trigger.tick();
	expect(baseline.error).toBeUndefined();
	expect(baseline.items).toBeNull();
	return trigger;
}

/** This poll's moments of the test's own bookings. */
async function moments(trigger: Trigger): Promise<MomentItem[]> {
	return (await everyMoment(trigger)).filter((m) => booked.has(m.reservationId));
}

async function everyMoment(trigger: Trigger): Promise<MomentItem[]> {
	const result = await trigger.tick();
	expect(result.error).toBeUndefined();
	return result.changes as MomentItem[];
}

/** The stored state as if the previous poll had run `ms` ago (n8n down since). */
function lastPolledAgo(trigger: Trigger, ms: number): void {
	const restaurants = trigger.state!.r as Record<string, { d: number }>;
	restaurants['101'].d = Date.now() - ms;
}

describe('Reminder Due', () => {
	it('fires once, at the first poll at or after the moment, never before', async () => {
		const trigger = await started(REMINDERS);
		const booking = await book(fromNow(2 * HOUR + 3_000));
		expect(await moments(trigger)).toEqual([]); // due in 3 s: not yet
		await sleep(4_500);
		const [reminder, ...more] = await moments(trigger);
		expect(more).toEqual([]);
		expect(reminder).toMatchObject({
			event: 'reminderDue',
			restaurantId: 101,
			reservationId: booking.id,
			timeZone: ZONE,
			offset: { minutes: 120, label: '2 hours' },
			rescheduled: false,
			lateByMinutes: 0,
		});
		expect(reminder.reservation.reservationTime).toBe(booking.reservationTime);
		expect(reminder.dueAt).toBe(
			formatLocal(parseLocal(booking.reservationTime)! - 2 * HOUR).slice(0, 19),
		);
		await sleep(1_100);
		expect(await moments(trigger)).toEqual([]);
	}, 20_000);

	it('a booking made inside the offset is reminded at the next poll, once', async () => {
		const trigger = await started(REMINDERS);
		const booking = await book(fromNow(90 * MINUTE));
		const [reminder] = await moments(trigger);
		expect(reminder).toMatchObject({ event: 'reminderDue', reservationId: booking.id });
		expect(reminder.lateByMinutes).toBeGreaterThanOrEqual(29);
		expect(await moments(trigger)).toEqual([]);
	});

	it('a booking cancelled before its moment is never reminded', async () => {
		const trigger = await started(REMINDERS);
		const booking = await book(fromNow(2 * HOUR + 3_000));
		expect(await moments(trigger)).toEqual([]);
		await ctx.call('cancelReservation', { path: { reservationId: booking.id }, body: {} });
		await sleep(4_500);
		expect(await moments(trigger)).toEqual([]);
	}, 20_000);

	it('moved after its reminder: reminded again when the new one falls due, rescheduled', async () => {
		const trigger = await started(REMINDERS);
		const booking = await book(fromNow(90 * MINUTE));
		expect((await moments(trigger)).map((m) => m.event)).toEqual(['reminderDue']);
		const moved = fromNow(2 * HOUR + 3_000);
		await ctx.call('updateReservation', {
			path: { reservationId: booking.id },
			body: { reservationTime: moved },
		});
		expect(await moments(trigger)).toEqual([]);
		await sleep(4_500);
		const [again] = await moments(trigger);
		expect(again).toMatchObject({
			reservationId: booking.id,
			rescheduled: true,
			previousReservationTime: booking.reservationTime,
		});
		expect(again.reservation.reservationTime).toBe(moved);
	}, 20_000);

	it('moved before its reminder: one reminder, for the new time', async () => {
		const trigger = await started(REMINDERS);
		const booking = await book(fromNow(5 * HOUR));
		expect(await moments(trigger)).toEqual([]);
		await ctx.call('updateReservation', {
			path: { reservationId: booking.id },
			body: { reservationTime: fromNow(90 * MINUTE) },
		});
		const [reminder, ...more] = await moments(trigger);
		expect(more).toEqual([]);
		expect(reminder).toMatchObject({ reservationId: booking.id, rescheduled: false });
		expect(await moments(trigger)).toEqual([]);
	});

	it('missed while n8n was down: fires late with lateByMinutes, unless the visit has begun', async () => {
		const soon = await book(fromNow(90 * MINUTE));
		const begun = await book(fromNow(-10 * MINUTE));
		const trigger = await started(REMINDERS);
		lastPolledAgo(trigger, 3 * HOUR);
		const late = await moments(trigger);
		expect(late.map((m) => m.reservationId)).toEqual([soon.id]);
		expect(late[0].lateByMinutes).toBeGreaterThanOrEqual(29);
		expect(late[0].lateByMinutes).toBeLessThanOrEqual(31);

		const keeping = await started({ ...REMINDERS, keepLateReminders: true });
		lastPolledAgo(keeping, 3 * HOUR);
		expect((await moments(keeping)).map((m) => m.reservationId).sort()).toEqual(
			[soon.id, begun.id].sort(),
		);
	});

	it('the first poll is a silent baseline: moments before it are not fired', async () => {
		await book(fromNow(90 * MINUTE));
		const trigger = await started(REMINDERS);
		expect(await moments(trigger)).toEqual([]);
	});

	describe('Send Missed Reminders at First Activation', () => {
		const MISSED = { ...REMINDERS, remindMissedAtFirstActivation: true };

		/** Bookings made before the trigger's first poll: reminder past, visit begun, cancelled, reminder ahead. */
		async function bookBeforeActivation() {
			const missed = await book(fromNow(90 * MINUTE));
			const begun = await book(fromNow(-10 * MINUTE));
			const cancelled = await book(fromNow(60 * MINUTE));
			await ctx.call('cancelReservation', { path: { reservationId: cancelled.id }, body: {} });
			const ahead = await book(fromNow(3 * HOUR));
			return { missed, ours: new Set([missed.id, begun.id, cancelled.id, ahead.id]) };
		}

		/** This poll's reminders of the given bookings (the seeded ones near now get theirs too). */
		async function remindersOf(trigger: Trigger, ours: Set<string>) {
			const items = await everyMoment(trigger);
			for (const item of items) {
				// Any booking's missed reminder: its visit has not begun, and it is not cancelled.
				expect(parseLocal(item.reservation.reservationTime as string)!).toBeGreaterThan(
					parseLocal(fromNow(0))!,
				);
				expect(['pending', 'confirmed']).toContain(item.reservation.state);
			}
			return items.filter((item) => ours.has(item.reservationId));
		}

		it('the first poll stays silent; the next sends each past reminder whose visit has not begun, once', async () => {
			const { missed, ours } = await bookBeforeActivation();
			const trigger = await started(MISSED);
			const [reminder, ...more] = await remindersOf(trigger, ours);
			expect(more).toEqual([]);
			expect(reminder).toMatchObject({
				event: 'reminderDue',
				reservationId: missed.id,
				offset: { minutes: 120, label: '2 hours' },
				rescheduled: false,
			});
			expect(reminder.lateByMinutes).toBeGreaterThanOrEqual(29);
			expect(await moments(trigger)).toEqual([]);
		});

		it("a first poll whose state n8n drops (durable cursors' activation poll) is taken again: still once", async () => {
			const { missed, ours } = await bookBeforeActivation();
			const trigger = await started(MISSED);
			for (const key of Object.keys(trigger.staticData)) delete trigger.staticData[key];
			expect((await trigger.tick()).items).toBeNull(); // the baseline again
			expect((await remindersOf(trigger, ours)).map((r) => r.reservationId)).toEqual([missed.id]);
			expect(await moments(trigger)).toEqual([]);
		});

		it('turned on later, or after a change of filters: nothing for reminders already past', async () => {
			const { ours } = await bookBeforeActivation();
			const trigger = await started(REMINDERS);
			trigger.parameters = MISSED;
			expect(await remindersOf(trigger, ours)).toEqual([]);
			trigger.parameters = { ...MISSED, options: { kind: 'reservation' } };
			expect((await trigger.tick()).items).toBeNull(); // other filters: a new baseline
			expect(await remindersOf(trigger, ours)).toEqual([]);
		});
	});

	it('Look Ahead too short for the largest reminder: one sentence saying what to set', async () => {
		const trigger = new Trigger(ctx, {
			...REMINDERS,
			reminderOffsets: { offset: [{ amount: 2, unit: 'days' }] },
			lookAheadDays: 2,
		});
		const result = await trigger.tick();
		expect(result.error?.message).toBe(
			'Look Ahead (Days) is 2, too short for a reminder 48 hours before the visit: set it to at least 3',
		);
	});
});

describe('Not Arrived and Visit Ended', () => {
	const FOLLOW_UPS = oneRestaurant(101, {
		events: ['notArrived', 'visitEnded'],
		notArrivedMinutes: 15,
		visitEndedAt: 'delay',
		visitEndedDelayMinutes: 60,
		visitLengthMinutes: 120,
		lookBackDays: 1,
		lookAheadDays: 1,
	});

	it('Not Arrived: a booking still expected 15 minutes after its time; not one that arrived', async () => {
		const trigger = await started(FOLLOW_UPS);
		const expected = await book(fromNow(-15 * MINUTE + 3_000), { state: 'confirmed' });
		await book(fromNow(-15 * MINUTE + 3_000), { state: 'arrived' });
		expect(await moments(trigger)).toEqual([]);
		await sleep(4_500);
		const [alert, ...more] = await moments(trigger);
		expect(more).toEqual([]);
		expect(alert).toMatchObject({
			event: 'notArrived',
			reservationId: expected.id,
			graceMinutes: 15,
			lateByMinutes: 0,
		});
		expect(await moments(trigger)).toEqual([]);
	}, 20_000);

	it('In States given by an expression as one comma-separated text: each state counts', async () => {
		const trigger = await started({
			...FOLLOW_UPS,
			events: ['notArrived'],
			expectedStates: '={{ "confirmed, reconfirmed" }}',
		});
		const expected = await book(fromNow(-20 * MINUTE), { state: 'confirmed' });
		lastPolledAgo(trigger, 10 * MINUTE);
		expect((await moments(trigger)).map((m) => m.reservationId)).toContain(expected.id);
	});

	it('Visit Ended: length and delay after the visit, for a guest who came', async () => {
		const trigger = await started(FOLLOW_UPS);
		const came = await book(fromNow(-3 * HOUR + 3_000), { state: 'completed' });
		await book(fromNow(-3 * HOUR + 3_000), { state: 'noShow' });
		await sleep(4_500);
		const [followUp, ...more] = await moments(trigger);
		expect(more).toEqual([]);
		expect(followUp).toMatchObject({
			event: 'visitEnded',
			reservationId: came.id,
			visitLengthMinutes: 120,
		});
	}, 20_000);

	it('Look Ahead 0 would leave out the bookings of the current hour: one sentence saying what to set', async () => {
		for (const events of [['notArrived'], ['visitEnded']]) {
			const trigger = new Trigger(ctx, { ...FOLLOW_UPS, events, lookAheadDays: 0 });
			const result = await trigger.tick();
			expect(result.error?.message).toBe(
				'Look Ahead (Days) is 0, which leaves out the bookings of the current hour, so Not Arrived and Visit Ended would miss them: set it to at least 1',
			);
		}
	});

	it("a manual test run shows a sample of each chosen moment from the restaurant's bookings", async () => {
		const trigger = new Trigger(ctx, {
			...FOLLOW_UPS,
			events: ['reminderDue', 'notArrived', 'visitEnded'],
			reminderOffsets: { offset: [{ amount: 2, unit: 'hours' }] },
			lookAheadDays: 2,
		});
		await book(fromNow(-30 * MINUTE), { state: 'arrived' });
		const samples = (await trigger.test()).changes as MomentItem[];
		expect(samples.map((s) => s.event)).toEqual(['reminderDue', 'notArrived', 'visitEnded']);
		// A guest who came is preferred for Visit Ended (CI once ran at an hour with none in the window).
		expect(['arrived', 'seated', 'completed']).toContain(samples[2].reservation.state);
		for (const sample of samples) {
			expect(sample.sample).toBe(true);
			expect(sample.timeZone).toBe(ZONE);
			expect(sample.dueAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
		}
	});
});
