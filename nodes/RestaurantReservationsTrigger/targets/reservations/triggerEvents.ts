/**
 * The reservation events, in one ordered table: the only place an event is defined. Its order is
 * the order of the Events option's default; `precedence` picks the event a change is reported as
 * (cancelled over state changed over updated); `sample` builds the item a manual test run shows
 * when no change is waiting, from real reservations of the horizon (previous values illustrative).
 */
import type { IDataObject } from 'n8n-workflow';
import type { ChangeItem, Diff } from './changes';
import { createdItem, updateItem } from './changes';
import { triggerEventTable } from '../triggerEvents';

/** A reservation of the horizon, for the samples. */
export interface ReservationPick {
	restaurantId: number | string;
	reservation: IDataObject;
}

export const RESERVATION_TRIGGER_EVENTS = triggerEventTable<Diff, ReservationPick[], ChangeItem>([
	{
		value: 'reservationCreated',
		displayName: 'Reservation Created',
		description: 'A new reservation appeared in the horizon',
		onByDefault: true,
		reports: 'new',
		sample(picks, event) {
			const pick = newest(picks);
			return pick && createdItem(event, pick.restaurantId, pick.reservation);
		},
	},
	{
		value: 'reservationUpdated',
		displayName: 'Reservation Updated',
		description:
			'Any change, reported with the changed fields (state changes too when the more specific events are not chosen)',
		onByDefault: true,
		reports: 'change',
		precedence: 0,
		matches: () => true,
		sample(picks, event) {
			const pick = newest(open(picks));
			return (
				pick &&
				updateItem(event, pick.restaurantId, pick.reservation, sampleUpdate(pick.reservation))
			);
		},
	},
	{
		value: 'reservationCancelled',
		displayName: 'Reservation Cancelled',
		description: 'A reservation was cancelled',
		onByDefault: true,
		reports: 'change',
		precedence: 2,
		matches: (change) => change.cancelled,
		sample(picks, event) {
			const pick = picks.find((p) => p.reservation.state === 'cancelled');
			return (
				pick &&
				updateItem(
					event,
					pick.restaurantId,
					pick.reservation,
					stateChange('confirmed', 'cancelled', true),
				)
			);
		},
	},
	{
		value: 'reservationStateChanged',
		displayName: 'Reservation State Changed',
		description:
			'The state changed, e.g. confirmed to seated (also cancellations when Reservation Cancelled is not chosen)',
		onByDefault: true,
		reports: 'change',
		precedence: 1,
		matches: (change) => change.stateChanged,
		sample(picks, event) {
			const candidates = open(picks);
			const pick = candidates.find((p) => p.reservation.state === 'confirmed') ?? candidates[0];
			if (!pick) return undefined;
			const state = pick.reservation.state;
			return updateItem(
				event,
				pick.restaurantId,
				pick.reservation,
				stateChange(state === 'pending' ? 'confirmed' : 'pending', state ?? null, false),
			);
		},
	},
]);

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** The reservation created last. */
function newest(picks: ReservationPick[]): ReservationPick | undefined {
	return picks.reduce<ReservationPick | undefined>(
		(best, p) =>
			!best || text(p.reservation.createdAt) > text(best.reservation.createdAt) ? p : best,
		undefined,
	);
}

function open(picks: ReservationPick[]): ReservationPick[] {
	return picks.filter((p) => p.reservation.state !== 'cancelled');
}

/** An illustrative update: the group size and the special requests changed. */
function sampleUpdate(reservation: IDataObject): Diff {
	const size = typeof reservation.groupSize === 'number' ? reservation.groupSize : 2;
	const changes = {
		groupSize: { previous: size > 1 ? size - 1 : size + 1, current: reservation.groupSize ?? null },
		specialRequests: { current: reservation.specialRequests ?? null },
	};
	return {
		changedFields: Object.keys(changes),
		changes,
		otherFieldsChanged: false,
		previousState: reservation.state,
		stateChanged: false,
		cancelled: false,
	};
}

/** An illustrative change of the state alone (a cancellation also changes the cancellation details). */
function stateChange(previous: string, current: unknown, cancelled: boolean): Diff {
	return {
		changedFields: ['state'],
		changes: { state: { previous, current } },
		otherFieldsChanged: cancelled,
		previousState: previous,
		stateChanged: true,
		cancelled,
	};
}
