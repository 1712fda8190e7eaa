/**
 * The trigger's moments in every reading of the spec: Reminder Due, Not Arrived and Visit Ended
 * fire once per booking, with the default In States (roles), at restaurants in three zones none of
 * which is the machine's (101 Berlin, 102 New York, 103 Sydney), though the reading writes times
 * with an offset (platform) or in UTC (upper) and zones as Windows names or offsets. A cancelled
 * booking, or a guest who did not come, gets none.
 *
 * Time as test/trigger/moments.test.ts controls it: bookings placed so that each moment fell due a
 * minute ago, and the stored state as if the previous poll ran 10 minutes ago.
 */
import type { INodeParameters } from 'n8n-workflow';
import { DateTime } from 'luxon';
import { formatLocal, parseLocal } from '../../nodes/shared/dateWindows';
import { SEEDED_TIME_ZONES } from '../support/sandbox';
import { baselined, type ChangeJson, type Trigger } from '../trigger/support';
import { bookings, EVERY_READING, localFromNow, readingSandbox } from './support';

const MINUTE = 60_000;
const RESTAURANTS = [101, 102, 103];

const MOMENTS: INodeParameters = {
	restaurants: 'all',
	lookBackDays: 1,
	lookAheadDays: 1,
	events: ['reminderDue', 'notArrived', 'visitEnded'],
	reminderOffsets: { offset: [{ amount: 90, unit: 'minutes' }] },
	notArrivedMinutes: 15,
	visitEndedAt: 'delay',
	visitEndedDelayMinutes: 60,
	visitLengthMinutes: 120,
};

type MomentItem = ChangeJson & { dueAt: string; timeZone: string; lateByMinutes: number };

/** The stored state as if every restaurant's previous poll had run `ms` ago. */
function lastPolledAgo(trigger: Trigger, ms: number): void {
	for (const restaurant of Object.values(trigger.state!.r as Record<string, { d: number }>))
		restaurant.d = Date.now() - ms;
}

/** A local time `minutes` before or after another, to the second. */
const shifted = (local: string, minutes: number) =>
	formatLocal(parseLocal(local)! + minutes * MINUTE).slice(0, 19);

describe.each(EVERY_READING)('moments against the %s reading', (reading) => {
	const ctx = readingSandbox(reading);
	const api = bookings(ctx, reading);
	beforeEach(async () => ctx.sandbox.reset());

	/** The zone as the node reads the reading's: the IANA zone, or upper's offset in force now. */
	const zoneRead = (iana: string) =>
		reading === 'upper' ? DateTime.now().setZone(iana).toFormat('ZZ') : iana;

	it('Reminder Due, Not Arrived and Visit Ended: once per booking, in each restaurant zone', async () => {
		const trigger = await baselined(ctx, MOMENTS);
		const expected: Array<[string, string, string, string]> = [];
		const quiet = new Set<string>();
		for (const restaurantId of RESTAURANTS) {
			const zone = SEEDED_TIME_ZONES[restaurantId];
			// Each moment fell due a minute ago.
			const reminderTime = localFromNow(zone, 89 * MINUTE);
			const reminded = await api.create(restaurantId, { reservationTime: reminderTime });
			const lateTime = localFromNow(zone, -16 * MINUTE);
			const late = await api.create(restaurantId, { reservationTime: lateTime });
			const visitTime = localFromNow(zone, -181 * MINUTE);
			const came = await api.create(restaurantId, {
				reservationTime: visitTime,
				state: 'completed',
			});
			expected.push(
				[reminded.id, 'reminderDue', shifted(reminderTime, -90), zoneRead(zone)],
				[late.id, 'notArrived', shifted(lateTime, 15), zoneRead(zone)],
				[came.id, 'visitEnded', shifted(visitTime, 180), zoneRead(zone)],
			);
			// None for these: cancelled before its reminder, a guest who never came, one seated.
			const cancelled = await api.create(restaurantId, { reservationTime: reminderTime });
			await api.cancel(restaurantId, cancelled.id);
			const noShow = await api.create(restaurantId, {
				reservationTime: visitTime,
				state: 'noShow',
			});
			const seated = await api.create(restaurantId, { reservationTime: lateTime });
			await api.seat(restaurantId, seated.id);
			for (const booking of [cancelled, noShow, seated]) quiet.add(booking.id);
		}
		lastPolledAgo(trigger, 10 * MINUTE);

		const result = await trigger.tick();
		expect(result.error).toBeUndefined();
		const moments = result.changes as MomentItem[];
		expect(moments.map((m) => [m.reservationId, m.event, m.dueAt, m.timeZone]).sort()).toEqual(
			expected.sort(),
		);
		for (const moment of moments) {
			expect(moment.lateByMinutes).toBeLessThanOrEqual(2);
			expect(quiet.has(moment.reservationId)).toBe(false);
		}
		const again = await trigger.tick();
		expect(again.error).toBeUndefined();
		expect(again.items).toBeNull();
	});

	it("In States given by expression in the API's own words: only bookings in that state are reminded", async () => {
		const zone = SEEDED_TIME_ZONES[102];
		const trigger = await baselined(ctx, {
			...MOMENTS,
			events: ['reminderDue'],
			reminderStates: `={{ "${api.spelling('confirmed')}" }}`,
		});
		const time = localFromNow(zone, 89 * MINUTE);
		const confirmed = await api.create(102, { reservationTime: time });
		const pending = await api.create(102, { reservationTime: time, groupSize: 8 });
		expect(api.stateOf(pending)).toBe(api.spelling('pending'));
		lastPolledAgo(trigger, 10 * MINUTE);
		const result = await trigger.tick();
		expect(result.error).toBeUndefined();
		expect(result.changes.map((m) => [m.event, m.reservationId])).toEqual([
			['reminderDue', confirmed.id],
		]);
	});

	it('a moment item carries the API record as it came and its role beside it, as every trigger item', async () => {
		const zone = SEEDED_TIME_ZONES[103];
		const trigger = await baselined(ctx, { ...MOMENTS, events: ['reminderDue'] });
		const booking = await api.create(103, { reservationTime: localFromNow(zone, 89 * MINUTE) });
		lastPolledAgo(trigger, 10 * MINUTE);
		const [reminder] = (await trigger.tick()).changes;
		expect(reminder.reservationId).toBe(booking.id);
		expect(reminder.reservation[api.stateField]).toBe(api.spelling('confirmed'));
		expect(reminder).toHaveProperty('stateRole', 'booked');
	});
});
