/**
 * States read by their meaning (nodes/shared/reading): the public vocabularies of booking platforms
 * and standards land in their roles, unseen variants of a known word too, and a value none of the
 * words place is `unknown`, never guessed; the user's Booking States place it.
 */
import {
	parseVocabulary,
	roleOf,
	stateMatcher,
	statusQueryOf,
	type StateVocabulary,
} from '../../nodes/shared/reading/vocabulary';
import { recogniseState, stateKey } from '../../nodes/shared/reading/states';

describe('recogniseState', () => {
	it.each([
		// The sandbox's own vocabulary, the package's earlier state names.
		['pending', 'awaitingApproval'],
		['confirmed', 'booked'],
		['arrived', 'arrived'],
		['seated', 'arrived'],
		['completed', 'finished'],
		['noShow', 'noShow'],
		['cancelled', 'cancelled'],
		// The platform's client models: PascalCase, American spelling, "closeAsCanceled".
		['Pending', 'awaitingApproval'],
		['Confirmed', 'booked'],
		['Closed', 'finished'],
		['NoShow', 'noShow'],
		['Canceled', 'cancelled'],
		['ClosedAsCanceled', 'cancelled'],
		// A booking standard's upper case with compound values (channel, party, degree).
		['PENDING_MERCHANT_CONFIRMATION', 'awaitingApproval'],
		['CONFIRMED', 'booked'],
		['CANCELED', 'cancelled'],
		['NO_SHOW', 'noShow'],
		['NO_SHOW_PENALIZED', 'noShow'],
		['FAILED', 'cancelled'],
		['DECLINED_BY_MERCHANT', 'cancelled'],
		['CANCELED_BY_CUSTOMER', 'cancelled'],
		// schema.org ReservationStatusType, FHIR appointment states.
		['ReservationPending', 'awaitingApproval'],
		['ReservationConfirmed', 'booked'],
		['ReservationHold', 'awaitingApproval'],
		['ReservationCancelled', 'cancelled'],
		['proposed', 'awaitingApproval'],
		['booked', 'booked'],
		['checked-in', 'arrived'],
		['fulfilled', 'finished'],
		['noshow', 'noShow'],
		['entered-in-error', 'cancelled'],
		['waitlist', 'awaitingApproval'],
		// Restaurant systems: seating phases, the bill, confirmation calls, spaces and British spelling.
		['PartiallySeated', 'arrived'],
		['PARTIALLY_ARRIVED', 'arrived'],
		['Dining', 'arrived'],
		['Check Dropped', 'arrived'],
		['Paid', 'finished'],
		['Done', 'finished'],
		['Assumed Finished', 'finished'],
		['Left Message', 'booked'],
		['No Answer', 'booked'],
		['Awaiting Confirmation', 'awaitingApproval'],
		['Checked In', 'arrived'],
		['Checked Out', 'finished'],
		['No Show', 'noShow'],
		['Did not show', 'noShow'],
		['Rejected', 'cancelled'],
		['Refused', 'cancelled'],
		['scheduled', 'booked'],
		['Requested', 'awaitingApproval'],
		['REQUEST_ACCEPTED', 'booked'],
		['not_confirmed', 'awaitingApproval'],
		['Unconfirmed', 'awaitingApproval'],
		['NOT_ARRIVED', 'booked'],
	])('%s is %s', (value, role) => {
		expect(recogniseState(value)).toBe(role);
	});

	it.each([
		// Unseen variants of known words: prefixes, suffixes, run together, accents, another order.
		['autoCancelled', 'cancelled'],
		['AUTOCANCELLED', 'cancelled'],
		['cancellation-by-venue', 'cancelled'],
		['Cancelled (late)', 'cancelled'],
		['guest_noshow_charged', 'noShow'],
		['re-confirmed', 'booked'],
		['ReConfirmedBySms', 'booked'],
		['seating', 'arrived'],
		['Arrivée', 'arrived'],
		['FINISHED_EARLY', 'finished'],
		['approval_pending', 'awaitingApproval'],
		['TENTATIVE', 'awaitingApproval'],
	])('the unseen variant %s is %s', (value, role) => {
		expect(recogniseState(value)).toBe(role);
	});

	it.each(['Walked', 'BusTable', 'ONGOING', '7', '', 'xyz'])('%j is unknown', (value) => {
		expect(recogniseState(value)).toBe('unknown');
	});

	it('reads a value that is not text as unknown', () => {
		expect(recogniseState(3)).toBe('unknown');
		expect(recogniseState(null)).toBe('unknown');
	});
});

describe('stateKey', () => {
	it('is one for every spelling of a state', () => {
		expect(new Set(['NO_SHOW', 'noShow', 'No Show', 'no-show'].map(stateKey)).size).toBe(1);
		expect(stateKey('Canceled')).toBe(stateKey('cancelled'));
		expect(stateKey('Confirmed')).not.toBe(stateKey('Reconfirmed'));
	});
});

describe('Booking States (the user places a state)', () => {
	const vocabularyOf = (text: string): StateVocabulary => {
		const result = parseVocabulary(text);
		if ('problem' in result) throw new Error(result.problem);
		return result.vocabulary;
	};

	it('places unknown states and overrides recognised ones', () => {
		const vocabulary = vocabularyOf('Walked = arrived; 7 = cancelled\nLEFT_MESSAGE = awaiting');
		expect(roleOf('walked', vocabulary)).toBe('arrived');
		expect(roleOf(7, vocabulary)).toBe('cancelled');
		expect(roleOf('Left Message', vocabulary)).toBe('awaitingApproval');
		expect(roleOf('Confirmed', vocabulary)).toBe('booked');
	});

	it('names an entry it cannot read, with the roles', () => {
		expect(parseVocabulary('Walked = here')).toEqual({
			problem: expect.stringContaining('"Walked = here"'),
		});
		expect(parseVocabulary('Walked')).toEqual({ problem: expect.stringContaining('noShow') });
		expect(parseVocabulary('')).toEqual({ vocabulary: { placed: new Map() } });
	});
});

describe('stateMatcher (In States, Status)', () => {
	it('reads role values, the earlier state names as roles, and one state in any spelling', () => {
		const booked = stateMatcher(['pending', 'confirmed']);
		expect(['Confirmed', 'PENDING_MERCHANT_CONFIRMATION', 'Booked'].every(booked)).toBe(true);
		expect(['Canceled', 'Seated'].some(booked)).toBe(false);
		const came = stateMatcher(['arrived', 'finished']);
		expect(['Checked In', 'Seated', 'Closed'].every(came)).toBe(true);
		const one = stateMatcher(['state:Seated']);
		expect(one('SEATED')).toBe(true);
		expect(one('Checked In')).toBe(false);
		const byExpression = stateMatcher(['CANCELED_BY_GUEST']);
		expect(byExpression('canceledByGuest')).toBe(true);
		expect(byExpression('CANCELED_BY_MERCHANT')).toBe(false);
	});

	it('sends the API a state it spelt, never a role', () => {
		expect(statusQueryOf('state:CONFIRMED')).toBe('CONFIRMED');
		expect(statusQueryOf('booked')).toBeUndefined();
		expect(statusQueryOf('confirmed')).toBeUndefined();
		expect(statusQueryOf('CANCELED_BY_GUEST')).toBe('CANCELED_BY_GUEST');
	});
});
