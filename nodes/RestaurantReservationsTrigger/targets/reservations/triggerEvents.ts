/**
 * The reservation events, in one ordered table: the only place an event is defined. Its order is
 * the order of the Events option's default; `precedence` picks the event a change is reported as
 * (cancelled over state changed over updated); `sample` builds the item a manual test run shows
 * when no change is waiting, from real reservations of the horizon (previous values illustrative).
 */
import type { IDataObject } from 'n8n-workflow';
import type { ChangeItem, Diff } from './changes';
import { createdItem, updateItem } from './changes';
import { formatLocal, parseLocal } from '../../../shared/dateWindows';
import { triggerEventTable } from '../triggerEvents';
import { MOMENT_EVENTS } from './moments';
import { localTimeOf, stateFieldOf, stateOf } from '../../../shared/reading/record';
import type { KnownRole, StateRole } from '../../../shared/reading/states';

/** A reservation of the horizon, for the samples. */
export interface ReservationPick {
	restaurantId: number | string;
	timeZone: string;
	reservation: IDataObject;
	stateRole: StateRole;
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
			return pick && createdItem(event, pick.restaurantId, pick.reservation, pick.stateRole);
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
			return pick && updateItem(event, pick.restaurantId, pick.reservation, sampleUpdate(pick));
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
			const pick = picks.find((p) => p.stateRole === 'cancelled');
			return (
				pick &&
				updateItem(
					event,
					pick.restaurantId,
					pick.reservation,
					stateChange(pick, spellingOf(picks, 'booked', 'confirmed'), 'booked'),
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
			const pick = candidates.find((p) => p.stateRole === 'booked') ?? candidates[0];
			if (!pick) return undefined;
			const [previous, previousRole]: [string, KnownRole] =
				pick.stateRole === 'awaitingApproval'
					? [spellingOf(picks, 'booked', 'confirmed'), 'booked']
					: [spellingOf(picks, 'awaitingApproval', 'pending'), 'awaitingApproval'];
			return updateItem(
				event,
				pick.restaurantId,
				pick.reservation,
				stateChange(pick, previous, previousRole),
			);
		},
	},
	{
		value: MOMENT_EVENTS.reminderDue,
		displayName: 'Reminder Due',
		description:
			'Before each visit, at the times set under Remind Before the Visit: once per booking and reminder, never for a cancelled one',
		onByDefault: false,
		reports: 'moment',
		sample: (picks, event) =>
			momentSample(upcoming(picks), event, -120, {
				offset: { minutes: 120, label: '2 hours' },
				rescheduled: false,
			}),
	},
	{
		value: MOMENT_EVENTS.notArrived,
		displayName: 'Not Arrived',
		description:
			'A booking still expected (e.g. confirmed) some minutes after its time: once per booking',
		onByDefault: false,
		reports: 'moment',
		sample: (picks, event) => momentSample(upcoming(picks), event, 15, { graceMinutes: 15 }),
	},
	{
		value: MOMENT_EVENTS.visitEnded,
		displayName: 'Visit Ended',
		description:
			'After each visit of a guest who came (e.g. for a thank-you or a review request): once per booking',
		onByDefault: false,
		reports: 'moment',
		sample: (picks, event) =>
			momentSample(
				picks.find((p) => p.stateRole === 'finished' || p.stateRole === 'arrived') ??
					open(picks)[0],
				event,
				180,
				{ visitLengthMinutes: 120 },
			),
	},
]);

/**
 * A booking that is neither cancelled nor over, for the samples of reminders; else any open one,
 * so that a manual test run shows every chosen event whatever the hour (a sample is illustrative).
 */
function upcoming(picks: ReservationPick[]): ReservationPick | undefined {
	return (
		picks.find((p) => p.stateRole === 'booked' || p.stateRole === 'awaitingApproval') ??
		open(picks)[0]
	);
}

/** An illustrative moment item of a real booking: due `minutes` after its time (before, when negative). */
function momentSample(
	pick: ReservationPick | undefined,
	event: string,
	minutes: number,
	details: IDataObject,
): ChangeItem | undefined {
	const local = pick && localTimeOf(pick.reservation.reservationTime, pick.timeZone);
	const time = local === undefined ? undefined : parseLocal(local);
	if (!pick || time === undefined) return undefined;
	return {
		event,
		restaurantId: pick.restaurantId,
		reservationId: String(pick.reservation.id),
		stateRole: pick.stateRole,
		reservation: pick.reservation,
		dueAt: formatLocal(time + minutes * 60_000),
		timeZone: pick.timeZone,
		lateByMinutes: 0,
		...details,
	};
}

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
	return picks.filter((p) => p.stateRole !== 'cancelled');
}

/** How the restaurant's own bookings spell a state of `role`, for an illustrative previous state. */
function spellingOf(picks: ReservationPick[], role: KnownRole, fallback: string): string {
	const pick = picks.find((p) => p.stateRole === role);
	return pick ? String(stateOf(pick.reservation)) : fallback;
}

/** An illustrative update: the group size and the special requests changed. */
function sampleUpdate({ reservation, stateRole }: ReservationPick): Diff {
	const size = typeof reservation.groupSize === 'number' ? reservation.groupSize : 2;
	const changes = {
		groupSize: { previous: size > 1 ? size - 1 : size + 1, current: reservation.groupSize ?? null },
		specialRequests: { current: reservation.specialRequests ?? null },
	};
	return {
		changedFields: Object.keys(changes),
		changes,
		otherFieldsChanged: false,
		previousState: stateOf(reservation),
		previousStateRole: stateRole,
		stateRole,
		stateChanged: false,
		cancelled: false,
	};
}

/** An illustrative change of the state alone (a cancellation also changes the cancellation details). */
function stateChange(
	{ reservation, stateRole }: ReservationPick,
	previous: string,
	previousStateRole: KnownRole,
): Diff {
	const field = stateFieldOf(reservation) ?? 'state';
	const cancelled = stateRole === 'cancelled';
	return {
		changedFields: [field],
		changes: { [field]: { previous, current: stateOf(reservation) } },
		otherFieldsChanged: cancelled,
		previousState: previous,
		previousStateRole,
		stateRole,
		stateChanged: true,
		cancelled,
	};
}
