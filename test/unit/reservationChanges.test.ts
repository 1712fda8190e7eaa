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
import { StateNames } from '../../nodes/RestaurantReservationsTrigger/state/valueTokens';
import { NO_PLACEMENTS } from '../../nodes/shared/reading/vocabulary';

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
	const previous = { ...base, ...before };
	const current = { ...base, ...after };
	return diff(
		fingerprint(previous, false, false, options.states),
		fingerprint(current, false, false, options.states),
		current,
		false,
		NO_PLACEMENTS,
		options.states,
		options.timeZone,
	);
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

	it('is nothing when the same state is stored another way and nothing else changed', () => {
		const states = new StateNames();
		const reservation = { ...base, state: 'Confirmed' };
		const storedAsJson = fingerprint(reservation, false);
		const now = fingerprint(reservation, false, false, states);
		expect(storedAsJson.state).not.toBe(now.state);
		expect(diff(storedAsJson, now, reservation, false, NO_PLACEMENTS, states)).toBeUndefined();
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
		const listed = fingerprint(base, false);
		let collided: IDataObject | undefined;
		for (let i = 0; !collided; i++) {
			const candidate = { ...base, internalNotes: `note ${i}` };
			if (fingerprint(candidate, false).rest === listed.rest) collided = candidate;
		}
		const change = diff(listed, fingerprint(collided, false), collided, false, NO_PLACEMENTS)!;
		expect(change.changedFields).toEqual([]);
		expect(change.otherFieldsChanged).toBe(true);
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
 * Records stored by release 0.1.0 (`fingerprint(…, earlier = true)`): its state from `state` alone,
 * `status` in the rest, a time with an offset as JSON. This release compares them as 0.1.0 read
 * them, so the upgrade reports only what changed.
 */
describe('a record stored by release 0.1.0', () => {
	const inStatus: IDataObject = { ...base, status: 'Confirmed' };
	const withOffset: IDataObject = {
		...base,
		state: 'confirmed',
		reservationTime: '2026-11-22T19:30:00+01:00',
	};
	const stored010 = (reservation: IDataObject) => fingerprint(reservation, false, true);
	const listed = (reservation: IDataObject) => fingerprint(reservation, false);
	const compareStored = (previous: ReturnType<typeof fingerprint>, reservation: IDataObject) =>
		diff(previous, listed(reservation), reservation, false, NO_PLACEMENTS);

	it('is unchanged when the booking is, its state in `status` or its time with an offset', () => {
		expect(compareStored(stored010(inStatus), inStatus)).toBeUndefined();
		expect(compareStored(stored010(withOffset), withOffset)).toBeUndefined();
	});

	it('reports only the field that changed since, not the state or time read anew', () => {
		const moved = { ...inStatus, groupSize: 4 };
		expect(compareStored(stored010(inStatus), moved)).toMatchObject({
			changedFields: ['groupSize'],
			changes: { groupSize: { previous: 2, current: 4 } },
			otherFieldsChanged: false,
			stateChanged: false,
		});
		const renamed = { ...withOffset, tableNumber: '9' };
		expect(compareStored(stored010(withOffset), renamed)).toMatchObject({
			changedFields: ['tableNumber'],
			otherFieldsChanged: false,
			stateChanged: false,
		});
	});

	it('a state changed in `status` since is a change of the rest, as 0.1.0 read it', () => {
		const seated = { ...inStatus, status: 'Seated' };
		expect(compareStored(stored010(inStatus), seated)).toEqual({
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

	it("a record this release stored is compared with this release's reading", () => {
		const moved = { ...inStatus, groupSize: 4 };
		expect(compareStored(listed(inStatus), moved)).toMatchObject({
			changedFields: ['groupSize'],
			otherFieldsChanged: false,
			stateChanged: false,
		});
		expect(compareStored(listed(withOffset), { ...withOffset, groupSize: 4 })).toMatchObject({
			changedFields: ['groupSize'],
		});
		const later = { ...withOffset, reservationTime: '2026-11-22T20:30:00+01:00' };
		expect(compareStored(listed(withOffset), later)).toMatchObject({
			changedFields: ['reservationTime'],
			otherFieldsChanged: false,
		});
	});
});
