/**
 * A manual test run shows a sample of every chosen moment event at any hour: when the horizon holds
 * no guest who came (or no upcoming booking), the sample is taken from any booking not cancelled.
 */
import { RESERVATION_TRIGGER_EVENTS } from '../../nodes/RestaurantReservationsTrigger/targets/reservations/triggerEvents';
import type { ReservationPick } from '../../nodes/RestaurantReservationsTrigger/targets/reservations/triggerEvents';
import { roleOf } from '../../nodes/shared/reading/vocabulary';

const MOMENTS = new Set(['reminderDue', 'notArrived', 'visitEnded']);

const pick = (id: string, state: string, reservationTime: string): ReservationPick => ({
	restaurantId: 101,
	timeZone: 'Europe/Berlin',
	reservation: { id, state, reservationTime },
	stateRole: roleOf(state),
});

const samples = (picks: ReservationPick[]) =>
	RESERVATION_TRIGGER_EVENTS.samples(picks, MOMENTS) as Array<Record<string, unknown>>;

describe('moment samples of a manual test run', () => {
	it('prefer an upcoming booking for reminders and a guest who came for Visit Ended', () => {
		const items = samples([
			pick('gone', 'cancelled', '2026-11-25T19:00:00'),
			pick('came', 'completed', '2026-11-24T20:00:00'),
			pick('next', 'confirmed', '2026-11-25T20:00:00'),
		]);
		expect(items.map((i) => [i.event, i.reservationId, i.dueAt])).toEqual([
			['reminderDue', 'next', '2026-11-25T18:00:00'],
			['notArrived', 'next', '2026-11-25T20:15:00'],
			['visitEnded', 'came', '2026-11-24T23:00:00'],
		]);
	});

	it('with no guest who came in the horizon, Visit Ended still shows one, never from a cancelled booking', () => {
		const items = samples([
			pick('gone', 'cancelled', '2026-11-25T19:00:00'),
			pick('next', 'confirmed', '2026-11-25T20:00:00'),
		]);
		expect(items.map((i) => [i.event, i.reservationId])).toEqual([
			['reminderDue', 'next'],
			['notArrived', 'next'],
			['visitEnded', 'next'],
		]);
		expect(items.every((i) => i.sample === true)).toBe(true);
	});

	it('only cancelled bookings: no moment sample at all', () => {
		expect(samples([pick('gone', 'cancelled', '2026-11-25T19:00:00')])).toEqual([]);
	});
});
