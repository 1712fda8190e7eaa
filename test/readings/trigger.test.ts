/**
 * The trigger's changes in every reading of the spec (sandbox/readings/): a created booking, a
 * changed group size, a guest seated, a cancellation and a moved booking are each reported once,
 * as the right event, with the API's own state field and values and the node's role beside them;
 * a booking's time with an offset or Z never shows as a change.
 */
import type { INodeParameters } from 'n8n-workflow';
import { CANCELED_BY_CUSTOMER } from '../../sandbox/readings/upper';
import { SEEDED_TIME_ZONES } from '../support/sandbox';
import {
	baselined,
	expectIdleTickKeepsState,
	localDay,
	oneRestaurant,
	withoutPolledAt,
	type ChangeJson,
} from '../trigger/support';
import { bookings, EVERY_READING, readingSandbox } from './support';

const ALL_CHANGES: INodeParameters = { lookBackDays: 1, lookAheadDays: 14 };

const summary = (changes: ChangeJson[]) =>
	changes.map(({ reservation: _r, ...rest }) => withoutPolledAt(rest));

describe.each(EVERY_READING)('the trigger against the %s reading', (reading) => {
	const ctx = readingSandbox(reading);
	const api = bookings(ctx, reading);
	const field = api.stateField;
	beforeEach(async () => ctx.sandbox.reset());

	it('created, updated, seated, cancelled: each reported once, as its event, in the API words', async () => {
		const zone = SEEDED_TIME_ZONES[101];
		const trigger = await baselined(ctx, oneRestaurant(101, ALL_CHANGES));

		const guest = await api.create(101, { reservationTime: localDay(zone, 3) });
		const party = await api.create(101, { reservationTime: localDay(zone, 4), groupSize: 8 });
		const created = await trigger.tick();
		expect(created.error).toBeUndefined();
		expect(summary(created.changes)).toEqual([
			{
				event: 'reservationCreated',
				restaurantId: 101,
				reservationId: guest.id,
				stateRole: 'booked',
			},
			{
				event: 'reservationCreated',
				restaurantId: 101,
				reservationId: party.id,
				stateRole: 'awaitingApproval',
			},
		]);
		// The API's record as it came: its own field and value.
		expect(created.changes[0].reservation[field]).toBe(api.spelling('confirmed'));
		expect(created.changes[1].reservation[field]).toBe(api.spelling('pending'));
		expect((await trigger.tick()).items).toBeNull();

		await api.update(101, guest.id, { groupSize: 4 });
		expect(summary((await trigger.tick()).changes)).toEqual([
			{
				event: 'reservationUpdated',
				restaurantId: 101,
				reservationId: guest.id,
				stateRole: 'booked',
				changedFields: ['groupSize'],
				changes: { groupSize: { previous: 2, current: 4 } },
				otherFieldsChanged: false,
			},
		]);

		await api.seat(101, guest.id);
		const seated = await trigger.tick();
		expect(summary(seated.changes)).toEqual([
			{
				event: 'reservationStateChanged',
				restaurantId: 101,
				reservationId: guest.id,
				previousState: api.spelling('confirmed'),
				newState: api.spelling('seated'),
				previousStateRole: 'booked',
				stateRole: 'arrived',
				changedFields: [field],
				changes: {
					[field]: { previous: api.spelling('confirmed'), current: api.spelling('seated') },
				},
				otherFieldsChanged: false,
			},
		]);
		expect((await trigger.tick()).items).toBeNull();

		// A guest's own cancellation: upper spells it CANCELED_BY_CUSTOMER, a cancellation all the same.
		await api.cancel(101, party.id, { origin: 'guest' });
		await api.cancel(101, guest.id);
		const byGuest = reading === 'upper' ? CANCELED_BY_CUSTOMER : api.spelling('cancelled');
		const cancelled = await trigger.tick();
		expect(cancelled.error).toBeUndefined();
		expect(
			cancelled.changes.map((c) => [
				c.reservationId,
				c.event,
				c.previousState,
				c.newState,
				(c as ChangeJson & { stateRole: string }).stateRole,
			]),
		).toEqual([
			[
				guest.id,
				'reservationCancelled',
				api.spelling('seated'),
				api.spelling('cancelled'),
				'cancelled',
			],
			[party.id, 'reservationCancelled', api.spelling('pending'), byGuest, 'cancelled'],
		]);
		for (const change of cancelled.changes) {
			expect(change.changedFields).toContain(field);
			expect(change.reservation[field]).toBe(change.newState);
		}
		expect((await trigger.tick()).items).toBeNull();
	});

	/** A booking at restaurant 103 (Sydney, its offset +11:00 now), moved after the baseline. */
	async function moved() {
		const zone = SEEDED_TIME_ZONES[103];
		const booking = await api.create(103, { reservationTime: localDay(zone, 2) });
		const trigger = await baselined(ctx, oneRestaurant(103, ALL_CHANGES));
		const after = await api.update(103, booking.id, {
			reservationTime: localDay(zone, 5, '20:30:00'),
		});
		expect(after.reservationTime).not.toBe(booking.reservationTime);
		const { changes, error } = await trigger.tick();
		expect(error).toBeUndefined();
		return { trigger, booking, after, changes };
	}

	it('a moved booking: one reservationUpdated with the time as the API writes it, then nothing', async () => {
		const { trigger, booking, after, changes } = await moved();
		expect(changes.map((c) => [c.event, c.reservationId, c.changedFields])).toEqual([
			['reservationUpdated', booking.id, ['reservationTime']],
		]);
		expect(changes[0]).toMatchObject({ stateRole: 'booked', otherFieldsChanged: false });
		expect(changes[0].changes!.reservationTime.current).toBe(after.reservationTime);
		expect(changes[0].reservation.reservationTime).toBe(after.reservationTime);
		expect((await trigger.tick()).items).toBeNull();
		// Nor later: an idle poll leaves the stored state as it was (offset times read the same).
		await expectIdleTickKeepsState(trigger);
	});

	it("a moved booking's previous time reads as the API wrote it: the same wall clock and offset", async () => {
		const { booking, changes } = await moved();
		const previous = String(changes[0].changes!.reservationTime.previous);
		// A guest told "moved from <previous>" must read the time they booked (milliseconds aside).
		const form = (time: string) => ({
			wallClock: time.slice(0, 19),
			offset: /(Z|[+-]\d\d:\d\d)$/.exec(time)?.[1] ?? 'none',
		});
		expect(form(previous)).toEqual(form(booking.reservationTime));
	});
});
