/**
 * What a manual test run shows when no change is waiting: one item per chosen event, built from
 * real reservations of the horizon, in exactly the shape a poll emits. Their previous values are
 * illustrative, and each carries `sample: true`.
 */
import type { IDataObject } from 'n8n-workflow';
import type { ChangeItem, TriggerEvent } from './changes';
import { createdItem, EVENTS, updateItem } from './changes';

interface RestaurantReservations {
	restaurantId: number | string;
	reservations: IDataObject[];
}

interface Pick {
	restaurantId: number | string;
	reservation: IDataObject;
}

function all(sources: RestaurantReservations[]): Pick[] {
	return sources.flatMap((s) => s.reservations.map((reservation) => ({ restaurantId: s.restaurantId, reservation })));
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

function newest(picks: Pick[]): Pick | undefined {
	return picks.reduce<Pick | undefined>((best, p) => (!best || text(p.reservation.createdAt) > text(best.reservation.createdAt) ? p : best), undefined);
}

export function sampleItems(sources: RestaurantReservations[], chosen: ReadonlySet<TriggerEvent>): ChangeItem[] {
	const picks = all(sources);
	const open = picks.filter((p) => p.reservation.state !== 'cancelled');
	const items: ChangeItem[] = [];
	const created = newest(picks);
	if (chosen.has(EVENTS.created) && created) items.push({ ...createdItem(created.restaurantId, created.reservation), sample: true });
	const updated = newest(open);
	if (chosen.has(EVENTS.updated) && updated) {
		const { reservation } = updated;
		const size = typeof reservation.groupSize === 'number' ? reservation.groupSize : 2;
		const changes = {
			groupSize: { previous: size > 1 ? size - 1 : size + 1, current: reservation.groupSize ?? null },
			specialRequests: { current: reservation.specialRequests ?? null },
		};
		items.push({
			...updateItem(EVENTS.updated, updated.restaurantId, reservation, {
				changedFields: Object.keys(changes),
				changes,
				otherFieldsChanged: false,
				previousState: reservation.state,
				stateChanged: false,
				cancelled: false,
			}),
			sample: true,
		});
	}
	const stateChanged = open.find((p) => p.reservation.state === 'confirmed') ?? open[0];
	if (chosen.has(EVENTS.stateChanged) && stateChanged) {
		const { reservation } = stateChanged;
		const previousState = reservation.state === 'pending' ? 'confirmed' : 'pending';
		items.push({
			...updateItem(EVENTS.stateChanged, stateChanged.restaurantId, reservation, {
				changedFields: ['state'],
				changes: { state: { previous: previousState, current: reservation.state ?? null } },
				otherFieldsChanged: false,
				previousState,
				stateChanged: true,
				cancelled: false,
			}),
			sample: true,
		});
	}
	const cancelled = picks.find((p) => p.reservation.state === 'cancelled');
	if (chosen.has(EVENTS.cancelled) && cancelled) {
		items.push({
			...updateItem(EVENTS.cancelled, cancelled.restaurantId, cancelled.reservation, {
				changedFields: ['state'],
				changes: { state: { previous: 'confirmed', current: 'cancelled' } },
				otherFieldsChanged: true,
				previousState: 'confirmed',
				stateChanged: true,
				cancelled: true,
			}),
			sample: true,
		});
	}
	return items;
}
