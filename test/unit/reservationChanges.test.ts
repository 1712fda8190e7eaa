/**
 * What a reservation's change is reported as (nodes/RestaurantReservationsTrigger/targets/
 * reservations/changes.ts), beyond test/trigger/changes.test.ts: a state in `status`, a state
 * respelt, a refusal that becomes a cancellation, states stored by their names, previous times with
 * an offset written as the API writes the current one, and the items as the user receives them.
 */
import type { IDataObject } from 'n8n-workflow';
import {
	createdItem,
	diff,
	updateItem,
} from '../../nodes/RestaurantReservationsTrigger/targets/reservations/changes';
import { fingerprint } from '../../nodes/RestaurantReservationsTrigger/targets/reservations/fingerprint';
import type { ReservationLayout } from '../../nodes/RestaurantReservationsTrigger/targets/reservations/layout';
import {
	RESERVATIONS_OF_010,
	reservationDescription,
	reservationLayout,
} from '../../nodes/RestaurantReservationsTrigger/targets/reservations/layout';
import { StateNames } from '../../nodes/RestaurantReservationsTrigger/state/valueTokens';
import { NO_PLACEMENTS } from '../../nodes/shared/reading/vocabulary';

/** This release's layout, and release 0.1.0's (reading 1), the guest details as hashes. */
const LAYOUT = reservationLayout(reservationDescription(false));
const LAYOUT_010 = reservationLayout(RESERVATIONS_OF_010.hash);

/** What changed between two fingerprints by one layout. */
const diffBy = (
	layout: ReservationLayout,
	previous: IDataObject,
	current: IDataObject,
	options: { timeZone?: string; states?: StateNames } = {},
) =>
	diff(
		fingerprint(previous, layout, options.states),
		fingerprint(current, layout, options.states),
		current,
		layout,
		NO_PLACEMENTS,
		{ reportPreviousGuestDetails: false, ...options },
	);

const base: IDataObject = {
	id: 'rsv-1',
	reservationTime: '2026-11-22T19:30:00',
	groupSize: 2,
	tableNumber: '4',
	customerName: 'Anna Schmidt',
	phone: '+49 170 1',
	internalNotes: null,
};

function compare(
	before: IDataObject,
	after: IDataObject,
	options: { timeZone?: string; states?: StateNames } = {},
) {
	return diffBy(LAYOUT, { ...base, ...before }, { ...base, ...after }, options);
}

describe('a state change', () => {
	it('is named by the field the API uses, `status` on a platform that says so', () => {
		const change = compare(
			{ status: 'Confirmed' },
			{ status: 'Seated' },
			{ states: new StateNames() },
		)!;
		expect(change.changedFields).toEqual(['status']);
		expect(change.changes).toEqual({ status: { previous: 'Confirmed', current: 'Seated' } });
		expect(change).toMatchObject({
			previousState: 'Confirmed',
			previousStateRole: 'booked',
			stateRole: 'arrived',
			stateChanged: true,
			cancelled: false,
		});
	});

	it('is no state change when only the spelling changed', () => {
		const change = compare({ state: 'Confirmed' }, { state: 'CONFIRMED' })!;
		expect(change.changedFields).toEqual(['state']);
		expect(change.stateChanged).toBe(false);
		expect(change.cancelled).toBe(false);
	});

	it('is no cancellation when a refused booking becomes cancelled', () => {
		const change = compare({ state: 'Refused' }, { state: 'Cancelled' })!;
		expect(change).toMatchObject({ stateChanged: true, cancelled: false, stateRole: 'cancelled' });
	});

	it('is a cancellation when a booked one is cancelled', () => {
		expect(compare({ state: 'confirmed' }, { state: 'cancelled' })).toMatchObject({
			stateChanged: true,
			cancelled: true,
			previousStateRole: 'booked',
		});
	});

	it('reads a previous state stored by its place among the state names', () => {
		const states = new StateNames();
		const change = compare(
			{ state: 'PENDING_MERCHANT' },
			{ state: 'CANCELED_BY_GUEST' },
			{ states },
		)!;
		expect(change.changes.state).toEqual({
			previous: 'PENDING_MERCHANT',
			current: 'CANCELED_BY_GUEST',
		});
		expect(change.cancelled).toBe(true);
	});

	it("is nothing for a state not the sandbox's that 0.1.0 stored as JSON, read by its layout", () => {
		const states = new StateNames();
		const reservation = { ...base, state: 'Confirmed' };
		// The state is the fourth exact field: 0.1.0 stored its JSON, this release its place.
		expect(fingerprint(reservation, LAYOUT_010, states).exact[3]).toBe('!"Confirmed"');
		expect(fingerprint(reservation, LAYOUT, states).exact[3]).toBe('^0');
		expect(diffBy(LAYOUT_010, reservation, reservation, { states })).toBeUndefined();
	});
});

describe('other fields', () => {
	it('a state the booking no longer gives is a change of `state`', () => {
		const change = compare({ state: 'confirmed' }, {})!;
		expect(change.changes).toEqual({ state: { previous: 'confirmed', current: null } });
	});

	it('a guest detail and another field changed at once: both are reported', () => {
		const change = compare({}, { phone: '+49 170 2', internalNotes: 'window seat' })!;
		expect(change.changedFields).toEqual(['phone']);
		expect(change.otherFieldsChanged).toBe(true);
	});

	it('a change outside the named fields whose short rest hash is unchanged is still reported', () => {
		// The rest hash has two digits: a note with the same one exists among a few thousand.
		const listed = fingerprint(base, LAYOUT);
		let collided: IDataObject | undefined;
		for (let i = 0; !collided; i++) {
			const candidate = { ...base, internalNotes: `note ${i}` };
			if (fingerprint(candidate, LAYOUT).rest === listed.rest) collided = candidate;
		}
		const change = diffBy(LAYOUT, base, collided)!;
		expect(change.changedFields).toEqual([]);
		expect(change.otherFieldsChanged).toBe(true);
	});
});

describe('a guest detail changed', () => {
	const withValues = reservationLayout(reservationDescription(true));
	const renamed = (layout: ReservationLayout, reportPreviousGuestDetails: boolean) =>
		diff(
			fingerprint(base, layout),
			fingerprint({ ...base, customerName: 'Anna Berg' }, layout),
			{ ...base, customerName: 'Anna Berg' },
			layout,
			NO_PLACEMENTS,
			{ reportPreviousGuestDetails },
		)!.changes;

	it('carries its previous value when the record holds it and the option asks for it', () => {
		expect(renamed(withValues, true)).toEqual({
			customerName: { previous: 'Anna Schmidt', current: 'Anna Berg' },
		});
	});

	it('carries the new value alone when the option was switched off (the record holds the old value)', () => {
		expect(renamed(withValues, false)).toEqual({ customerName: { current: 'Anna Berg' } });
	});

	it('carries the new value alone when the option was switched on (the record holds a hash)', () => {
		expect(renamed(LAYOUT, true)).toEqual({ customerName: { current: 'Anna Berg' } });
	});
});

describe('a previous time with an offset', () => {
	const before = { reservationTime: '2026-11-22T19:30:00+01:00' };

	it("is written with the restaurant's offset then, as the API writes the current one", () => {
		const change = compare(
			before,
			{ reservationTime: '2026-06-23T20:00:00+02:00' },
			{ timeZone: 'Europe/Berlin' },
		)!;
		expect(change.changes.reservationTime).toEqual({
			previous: '2026-11-22T19:30:00+01:00',
			current: '2026-06-23T20:00:00+02:00',
		});
	});

	it('is written in UTC when the API writes the current one so', () => {
		const change = compare(
			before,
			{ reservationTime: '2026-11-23T19:00:00Z' },
			{ timeZone: 'Europe/Berlin' },
		)!;
		expect(change.changes.reservationTime.previous).toBe('2026-11-22T18:30:00Z');
	});

	it('stays in UTC without the zone, or when the current time has no offset or none at all', () => {
		expect(
			compare(before, { reservationTime: '2026-11-23T20:00:00+01:00' })!.changes.reservationTime
				.previous,
		).toBe('2026-11-22T18:30:00Z');
		expect(
			compare(before, { reservationTime: '2026-11-23T20:00:00' }, { timeZone: 'Europe/Berlin' })!
				.changes.reservationTime.previous,
		).toBe('2026-11-22T18:30:00Z');
		expect(
			compare(before, { reservationTime: null }, { timeZone: 'Europe/Berlin' })!.changes
				.reservationTime,
		).toEqual({ previous: '2026-11-22T18:30:00Z', current: null });
	});

	it('is none when the booking had no time before', () => {
		expect(
			compare(
				{ reservationTime: null },
				{ reservationTime: '2026-11-23T20:00:00+01:00' },
				{ timeZone: 'Europe/Berlin' },
			)!.changes.reservationTime,
		).toEqual({ previous: null, current: '2026-11-23T20:00:00+01:00' });
	});

	it('is left as it was stored when it had no offset', () => {
		const change = compare(
			{ reservationTime: '2026-11-22T19:30:00' },
			{ reservationTime: '2026-11-23T20:00:00+01:00' },
			{ timeZone: 'Europe/Berlin' },
		)!;
		expect(change.changes.reservationTime.previous).toBe('2026-11-22T19:30:00');
	});
});

describe('the items', () => {
	it('name the previous and new state up front for a state change', () => {
		const reservation = { ...base, state: 'Seated' };
		const change = compare({ state: 'Confirmed' }, { state: 'Seated' })!;
		expect(updateItem('reservationStateChanged', 101, reservation, change)).toEqual({
			event: 'reservationStateChanged',
			restaurantId: 101,
			reservationId: 'rsv-1',
			previousState: 'Confirmed',
			newState: 'Seated',
			previousStateRole: 'booked',
			stateRole: 'arrived',
			changedFields: ['state'],
			changes: { state: { previous: 'Confirmed', current: 'Seated' } },
			otherFieldsChanged: false,
			reservation,
		});
	});

	it('carry no state fields for another change', () => {
		const reservation = { ...base, id: 7, state: 'Confirmed', groupSize: 3 };
		const change = compare({ state: 'Confirmed' }, { state: 'Confirmed', groupSize: 3 })!;
		expect(updateItem('reservationUpdated', '101', reservation, change)).toEqual({
			event: 'reservationUpdated',
			restaurantId: '101',
			reservationId: '7',
			stateRole: 'booked',
			changedFields: ['groupSize'],
			changes: { groupSize: { previous: 2, current: 3 } },
			otherFieldsChanged: false,
			reservation,
		});
	});

	it('of a new reservation carry its role', () => {
		const reservation = { ...base, id: 8 };
		expect(createdItem('reservationCreated', 101, reservation, 'booked')).toEqual({
			event: 'reservationCreated',
			restaurantId: 101,
			reservationId: '8',
			stateRole: 'booked',
			reservation,
		});
	});
});

/**
 * Records stored by release 0.1.0 (its layout, reading 1): its state from `state` alone, `status`
 * in the rest, a time with an offset as JSON. This release compares them by that layout, so the
 * upgrade reports only what changed.
 */
describe('a record stored by release 0.1.0', () => {
	const inStatus: IDataObject = { ...base, status: 'Confirmed' };
	const withOffset: IDataObject = {
		...base,
		state: 'confirmed',
		reservationTime: '2026-11-22T19:30:00+01:00',
	};
	const since010 = (before: IDataObject, now: IDataObject) => diffBy(LAYOUT_010, before, now);

	it('holds the state and the time as 0.1.0 read them', () => {
		expect(fingerprint(inStatus, LAYOUT_010).exact).toEqual(['htcoi', '2', '4', '~', '~']);
		expect(fingerprint(inStatus, LAYOUT).exact).toEqual(['htcoi', '2', '4', '!"Confirmed"', '~']);
		expect(fingerprint(withOffset, LAYOUT_010).exact[0]).toBe('!"2026-11-22T19:30:00+01:00"');
		expect(fingerprint(withOffset, LAYOUT).exact[0]).toBe('*htcmu');
	});

	it('is unchanged when the booking is, its state in `status` or its time with an offset', () => {
		expect(since010(inStatus, inStatus)).toBeUndefined();
		expect(since010(withOffset, withOffset)).toBeUndefined();
	});

	it('reports only the field that changed since, not the state or time read anew', () => {
		expect(since010(inStatus, { ...inStatus, groupSize: 4 })).toMatchObject({
			changedFields: ['groupSize'],
			changes: { groupSize: { previous: 2, current: 4 } },
			otherFieldsChanged: false,
			stateChanged: false,
		});
		expect(since010(withOffset, { ...withOffset, tableNumber: '9' })).toMatchObject({
			changedFields: ['tableNumber'],
			otherFieldsChanged: false,
			stateChanged: false,
		});
	});

	it('a time with an offset changed since is reported with the previous one as 0.1.0 stored it', () => {
		const later = { ...withOffset, reservationTime: '2026-11-22T20:30:00+01:00' };
		expect(since010(withOffset, later)).toMatchObject({
			changedFields: ['reservationTime'],
			changes: {
				reservationTime: {
					previous: '2026-11-22T19:30:00+01:00',
					current: '2026-11-22T20:30:00+01:00',
				},
			},
			otherFieldsChanged: false,
		});
	});

	it('a state changed in `status` since is a change of the rest, as 0.1.0 read it', () => {
		const seated = { ...inStatus, status: 'Seated' };
		expect(since010(inStatus, seated)).toEqual({
			changedFields: [],
			changes: {},
			otherFieldsChanged: true,
			previousState: null,
			previousStateRole: 'unknown',
			stateRole: 'arrived',
			stateChanged: false,
			cancelled: false,
		});
	});

	it('a state changed in `state` since is named `state`, whatever the API names it now', () => {
		const both = { ...withOffset, status: 'Confirmed' };
		expect(since010(both, { ...both, state: 'seated' })).toMatchObject({
			changedFields: ['state'],
			changes: { state: { previous: 'confirmed', current: 'seated' } },
			stateChanged: true,
		});
	});

	it("a record this release stored is compared with this release's reading", () => {
		expect(diffBy(LAYOUT, inStatus, { ...inStatus, groupSize: 4 })).toMatchObject({
			changedFields: ['groupSize'],
			otherFieldsChanged: false,
			stateChanged: false,
		});
		expect(diffBy(LAYOUT, inStatus, { ...inStatus, status: 'Seated' })).toMatchObject({
			changedFields: ['status'],
			changes: { status: { previous: 'Confirmed', current: 'Seated' } },
			otherFieldsChanged: false,
			stateChanged: true,
		});
		const later = { ...withOffset, reservationTime: '2026-11-22T20:30:00+01:00' };
		expect(diffBy(LAYOUT, withOffset, later)).toMatchObject({
			changedFields: ['reservationTime'],
			otherFieldsChanged: false,
		});
	});
});
