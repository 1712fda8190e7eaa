/**
 * Reading a booking (nodes/shared/reading/record.ts, vocabulary.ts): which field holds its state,
 * its times as the restaurant's wall clock and as instants, an instant written back as the API
 * writes times; the user's Booking States as written (every separator, blank entries, a state that
 * holds "="), and the states settings (In States, Status, Pending Only) as tests of one booking.
 */
import {
	instantLike,
	instantOf,
	localTimeOf,
	stateFieldOf,
	stateOf,
	stateRoleOf,
} from '../../nodes/shared/reading/record';
import {
	chosenValues,
	parseVocabulary,
	roleLabel,
	roleOf,
	stateFilter,
	stateMatcher,
	statusQueryOf,
	NO_PLACEMENTS,
	type StateVocabulary,
} from '../../nodes/shared/reading/vocabulary';

function vocabularyOf(text: unknown): StateVocabulary {
	const result = parseVocabulary(text);
	if ('problem' in result) throw new Error(result.problem);
	return result.vocabulary;
}

describe('the state of a booking', () => {
	it('is in `state`, else in `status`', () => {
		expect(stateFieldOf({ state: 'confirmed', status: 'Seated' })).toBe('state');
		expect(stateFieldOf({ status: 'Seated' })).toBe('status');
		expect(stateFieldOf({ state: null, status: 'Seated' })).toBe('state');
		expect(stateFieldOf({})).toBeUndefined();
	});

	it('is null when the booking has none', () => {
		expect(stateOf({ status: 'Seated' })).toBe('Seated');
		expect(stateOf({ state: null, status: 'Seated' })).toBeNull();
		expect(stateOf({ id: 1 })).toBeNull();
	});

	it('is read by its role, the user placements first', () => {
		expect(stateRoleOf({ status: 'Canceled' })).toBe('cancelled');
		expect(stateRoleOf({ status: 'Walked' }, vocabularyOf('Walked = arrived'))).toBe('arrived');
		expect(stateRoleOf({})).toBe('unknown');
	});
});

describe('times of a booking', () => {
	it('keeps a wall-clock time as it is, with seconds', () => {
		expect(localTimeOf('2026-11-28T19:00:00', 'Europe/Berlin')).toBe('2026-11-28T19:00:00');
		expect(localTimeOf('2026-11-28T19:00', 'Europe/Berlin')).toBe('2026-11-28T19:00:00');
		expect(localTimeOf('2026-11-28 19:00:30', 'Europe/Berlin')).toBe('2026-11-28T19:00:30');
		expect(localTimeOf('2026-11-28', 'Europe/Berlin')).toBe('2026-11-28T00:00:00');
	});

	it("reads a time with an offset in the restaurant's zone", () => {
		expect(localTimeOf('2026-11-28T18:00:00Z', 'Europe/Berlin')).toBe('2026-11-28T19:00:00');
		expect(localTimeOf('2026-11-28T18:00:00Z', 'Asia/Tokyo')).toBe('2026-11-29T03:00:00');
		expect(localTimeOf('2026-06-21T12:00:00-07:00', 'Europe/Berlin')).toBe('2026-06-21T21:00:00');
		// The same text again, in another zone: not the first zone's answer.
		expect(localTimeOf('2026-06-21T12:00:00-07:00', 'America/Los_Angeles')).toBe(
			'2026-06-21T12:00:00',
		);
	});

	it('is no time for what is not one', () => {
		expect(localTimeOf('soon', 'Europe/Berlin')).toBeUndefined();
		expect(localTimeOf('2026-13-45T99:00:00Z', 'Europe/Berlin')).toBeUndefined();
		expect(localTimeOf(1764356400000, 'Europe/Berlin')).toBeUndefined();
		expect(localTimeOf(null, 'Europe/Berlin')).toBeUndefined();
	});

	it('names the instant of a time: its own offset, else the wall clock of the restaurant', () => {
		expect(instantOf('2026-11-28T19:00:00', 'Europe/Berlin')).toBe(Date.UTC(2026, 10, 28, 18));
		expect(instantOf('2026-11-28T19:00:00+11:00', 'Europe/Berlin')).toBe(Date.UTC(2026, 10, 28, 8));
		expect(instantOf('2026-11-28T19:00:00Z', 'Asia/Tokyo')).toBe(Date.UTC(2026, 10, 28, 19));
		expect(instantOf('2026-13-45T99:00:00Z', 'Europe/Berlin')).toBeUndefined();
		expect(instantOf('soon', 'Europe/Berlin')).toBeUndefined();
		expect(instantOf(5, 'Europe/Berlin')).toBeUndefined();
	});

	it('writes an instant as the API writes times: with the offset of the zone then, or in UTC', () => {
		const at = Date.UTC(2026, 10, 28, 8);
		expect(instantLike(at, '2026-01-01T00:00:00+01:00', 'Australia/Sydney')).toBe(
			'2026-11-28T19:00:00+11:00',
		);
		expect(instantLike(at, '2026-01-01T00:00:00-05:00', 'America/New_York')).toBe(
			'2026-11-28T03:00:00-05:00',
		);
		expect(instantLike(at, '2026-01-01T00:00:00+05:30', 'Asia/Kolkata')).toBe(
			'2026-11-28T13:30:00+05:30',
		);
		expect(instantLike(at, '2026-01-01T00:00:00-03:30', 'America/St_Johns')).toBe(
			'2026-11-28T04:30:00-03:30',
		);
		expect(instantLike(at, '2026-01-01T00:00:00+00:00', 'Europe/London')).toBe(
			'2026-11-28T08:00:00+00:00',
		);
		expect(instantLike(at, '2026-01-01T00:00:00Z', 'Europe/Berlin')).toBe('2026-11-28T08:00:00Z');
		expect(instantLike(at + 500, '2026-01-01t00:00:00z', 'Europe/Berlin')).toBe(
			'2026-11-28T08:00:00Z',
		);
	});
});

describe('Booking States as the user writes it', () => {
	it('takes entries separated by commas, semicolons or new lines, blank ones skipped', () => {
		const vocabulary = vocabularyOf(' Walked = arrived , Gone=cancelled;; \n ;Left = finished\n');
		expect([...vocabulary.placed]).toEqual([
			['walked', 'arrived'],
			['gone', 'cancelled'],
			['left', 'finished'],
		]);
	});

	it('reads the role after the last "=", so that a state may hold one', () => {
		const vocabulary = vocabularyOf('x=1 = noShow');
		expect(roleOf('X=1', vocabulary)).toBe('noShow');
	});

	it('refuses an entry that is a role alone, or has no state before its "="', () => {
		expect(parseVocabulary('arrived')).toEqual({
			problem:
				'Booking States: "arrived" is not "<state> = <role>" with a role among awaitingApproval, booked, arrived, finished, noShow, cancelled',
		});
		expect(parseVocabulary('= arrived')).toHaveProperty('problem');
		expect(parseVocabulary('Walked = arrived, here')).toHaveProperty('problem');
	});

	it('is empty when there is none', () => {
		expect(vocabularyOf(undefined).placed.size).toBe(0);
		expect(vocabularyOf(null).placed.size).toBe(0);
	});

	it('never gives a booking without a state a role, even a state of no letters is placed', () => {
		const vocabulary = vocabularyOf('-- = arrived');
		expect(roleOf(null, vocabulary)).toBe('unknown');
		expect(roleOf(undefined, vocabulary)).toBe('unknown');
		expect(roleOf('--', vocabulary)).toBe('arrived');
	});

	it('reads a state it does not place by its words', () => {
		expect(roleOf('Confirmed', vocabularyOf('Walked = arrived'))).toBe('booked');
		expect(roleOf('Walked', NO_PLACEMENTS)).toBe('unknown');
	});
});

describe('the states settings', () => {
	it('take a list, or one comma-separated text from an expression', () => {
		expect(chosenValues(['arrived', ' state:Seated ', ''])).toEqual(['arrived', 'state:Seated']);
		expect(chosenValues(' arrived, finished ,,')).toEqual(['arrived', 'finished']);
		expect(chosenValues(undefined)).toEqual([]);
		expect(chosenValues(null)).toEqual([]);
	});

	it('match a role and a state chosen together', () => {
		const matches = stateMatcher(['arrived', 'state:CANCELED_BY_GUEST']);
		expect(matches('Seated')).toBe(true);
		expect(matches('canceledByGuest')).toBe(true);
		expect(matches('CANCELED_BY_MERCHANT')).toBe(false);
		expect(matches('Confirmed')).toBe(false);
	});

	it('match a role through the placements', () => {
		const matches = stateMatcher(['arrived'], vocabularyOf('Walked = arrived'));
		expect(matches('WALKED')).toBe(true);
		expect(stateMatcher(['arrived'])('WALKED')).toBe(false);
	});

	it('match nothing when nothing is chosen', () => {
		expect(stateMatcher([])('Confirmed')).toBe(false);
		expect(stateMatcher([])(null)).toBe(false);
	});

	it('label each role for the editor', () => {
		expect(roleLabel('arrived')).toBe('Arrived or seated');
		expect(roleLabel('noShow')).toBe('No-show');
		expect(roleLabel('unknown')).toBe('Unknown');
	});

	it('send no status query when none is chosen', () => {
		expect(statusQueryOf(undefined)).toBeUndefined();
		expect(statusQueryOf('')).toBeUndefined();
	});

	it('test a booking by Status and Pending Only together', () => {
		expect(stateFilter({}, NO_PLACEMENTS)).toBeUndefined();
		expect(stateFilter({ status: '', pending: false }, NO_PLACEMENTS)).toBeUndefined();
		const status = stateFilter({ status: 'arrived' }, NO_PLACEMENTS)!;
		expect(status('Seated')).toBe(true);
		expect(status('Pending')).toBe(false);
		const pending = stateFilter({ pending: true }, vocabularyOf('Held = awaitingApproval'))!;
		expect(pending('Pending')).toBe(true);
		expect(pending('HELD')).toBe(true);
		expect(pending('Confirmed')).toBe(false);
		const both = stateFilter({ status: 'state:PENDING_MERCHANT', pending: true }, NO_PLACEMENTS)!;
		expect(both('PENDING_MERCHANT')).toBe(true);
		expect(both('PENDING_GUEST')).toBe(false);
		const neither = stateFilter({ status: 'state:Confirmed', pending: true }, NO_PLACEMENTS)!;
		expect(neither('Confirmed')).toBe(false);
	});
});
