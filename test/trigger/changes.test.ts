/** What one reservation's change is reported as. */
import type { IDataObject } from 'n8n-workflow';
import { diff } from '../../nodes/RestaurantReservationsTrigger/targets/reservations/changes';
import { fingerprint } from '../../nodes/RestaurantReservationsTrigger/targets/reservations/fingerprint';
import {
	RESERVATIONS_OF_010,
	reservationLayout,
} from '../../nodes/RestaurantReservationsTrigger/targets/reservations/layout';
import { currentLayout } from './snapshots';
import { NO_PLACEMENTS } from '../../nodes/shared/reading/vocabulary';
import { RESERVATION_TRIGGER_EVENTS } from '../../nodes/RestaurantReservationsTrigger/targets/reservations/triggerEvents';

const { eventFor } = RESERVATION_TRIGGER_EVENTS;
const EVENTS = {
	created: 'reservationCreated',
	updated: 'reservationUpdated',
	cancelled: 'reservationCancelled',
	stateChanged: 'reservationStateChanged',
};

const base = {
	id: 'rsv-1',
	reservationTime: '2026-11-22T19:30:00',
	groupSize: 2,
	tableNumber: '4',
	state: 'confirmed',
	eventId: null,
	customerName: 'Anna Schmidt',
	phone: '+49 170 1',
	email: 'anna@example.com',
	specialRequests: null,
	internalNotes: null,
	details: { cancelOptionName: null },
	updatedAt: '2026-11-01T10:00:00Z',
	viewed: true,
};

const compare = (after: object, reportPreviousGuestDetails = false) => {
	const layout = currentLayout(reportPreviousGuestDetails);
	return diff(
		fingerprint(base, layout),
		fingerprint({ ...base, ...after }, layout),
		{ ...base, ...after },
		layout,
		NO_PLACEMENTS,
		{ reportPreviousGuestDetails },
	);
};

describe('diff', () => {
	it('sees nothing when only bookkeeping changed', () => {
		expect(
			compare({
				updatedAt: '2026-11-02T10:00:00Z',
				viewed: false,
				lastUpdatedBy: { id: 'u' },
				businessDate: '2026-11-22',
			}),
		).toBeUndefined();
	});

	it('reports the exact fields with their previous values', () => {
		const change = compare({
			reservationTime: '2026-11-23T20:00:00',
			groupSize: 5,
			tableNumber: 'T1',
			eventId: 7,
		})!;
		expect(change.changedFields).toEqual([
			'reservationTime',
			'groupSize',
			'tableNumber',
			'eventId',
		]);
		expect(change.changes).toEqual({
			reservationTime: { previous: '2026-11-22T19:30:00', current: '2026-11-23T20:00:00' },
			groupSize: { previous: 2, current: 5 },
			tableNumber: { previous: '4', current: 'T1' },
			eventId: { previous: null, current: 7 },
		});
		expect(change.otherFieldsChanged).toBe(false);
		expect(change.stateChanged).toBe(false);
	});

	it('names changed guest details; their previous values only when kept', () => {
		const after = {
			customerName: 'Anna Schmidt-Rossi',
			phone: '+49 170 2',
			email: 'a@example.com',
			specialRequests: 'Window',
		};
		const compact = compare(after)!;
		expect(compact.changedFields).toEqual(['customerName', 'phone', 'email', 'specialRequests']);
		expect(compact.changes.phone).toEqual({ current: '+49 170 2' });
		expect(compact.otherFieldsChanged).toBe(false);
		const kept = compare(after, true)!;
		expect(kept.changes.phone).toEqual({ previous: '+49 170 1', current: '+49 170 2' });
		expect(kept.changes.specialRequests).toEqual({ previous: null, current: 'Window' });
	});

	it('names a state change by `state` in a record 0.1.0 stored, which read the state from `state` alone', () => {
		const layout = reservationLayout(RESERVATIONS_OF_010.hash);
		// The platform now names the state `status`: no `state` field.
		const withStatus: IDataObject = { ...base, status: 'cancelled' };
		delete withStatus.state;
		const change = diff(
			fingerprint(base, layout),
			fingerprint(withStatus, layout),
			withStatus,
			layout,
			NO_PLACEMENTS,
			{ reportPreviousGuestDetails: false },
		)!;
		expect(change.changes).toEqual({ state: { previous: 'confirmed', current: null } });
	});

	it('flags changes outside the named fields', () => {
		const change = compare({ internalNotes: 'VIP', customerName: 'Anna S.' })!;
		expect(change.changedFields).toEqual(['customerName']);
		expect(change.otherFieldsChanged).toBe(true);
	});

	it('tells a cancellation from another state change', () => {
		expect(compare({ state: 'seated' })).toMatchObject({
			stateChanged: true,
			cancelled: false,
			previousState: 'confirmed',
		});
		expect(compare({ state: 'cancelled', details: { cancelOptionName: 'Guest' } })).toMatchObject({
			stateChanged: true,
			cancelled: true,
			changedFields: ['state'],
		});
	});
});

describe('eventFor', () => {
	const chosen = (...events: string[]) => new Set(events);
	const cancellation = compare({ state: 'cancelled' })!;
	const stateChange = compare({ state: 'arrived', groupSize: 3 })!;
	const update = compare({ groupSize: 3 })!;

	it('picks the most specific chosen event', () => {
		const every = chosen(EVENTS.created, EVENTS.updated, EVENTS.cancelled, EVENTS.stateChanged);
		expect(eventFor(cancellation, every)).toBe(EVENTS.cancelled);
		expect(eventFor(stateChange, every)).toBe(EVENTS.stateChanged);
		expect(eventFor(update, every)).toBe(EVENTS.updated);
	});

	it('falls back to the broader chosen event', () => {
		expect(eventFor(cancellation, chosen(EVENTS.stateChanged))).toBe(EVENTS.stateChanged);
		expect(eventFor(cancellation, chosen(EVENTS.updated))).toBe(EVENTS.updated);
		expect(eventFor(stateChange, chosen(EVENTS.updated, EVENTS.cancelled))).toBe(EVENTS.updated);
	});

	it('reports nothing when no applicable event is chosen', () => {
		expect(
			eventFor(update, chosen(EVENTS.cancelled, EVENTS.stateChanged, EVENTS.created)),
		).toBeUndefined();
		expect(eventFor(stateChange, chosen(EVENTS.cancelled))).toBeUndefined();
	});
});
