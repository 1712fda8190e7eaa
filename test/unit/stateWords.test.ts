/**
 * States read by their words (nodes/shared/reading/states) at the edges of the reading: accents
 * that carry the word, acronyms run into the next word, a phrase right before the word that
 * decides, a negation with nothing after it, words that only name the record, the furthest role
 * named first, and the role names a user writes in Booking States.
 */
import { recogniseState, roleNamed, stateKey } from '../../nodes/shared/reading/states';
import { parseVocabulary, roleOf } from '../../nodes/shared/reading/vocabulary';

describe('recogniseState at the edges of the words', () => {
	it.each([
		// The accent sits inside the stem: only the word without its accents reads.
		['Décliné', 'cancelled'],
		['Présent', 'arrived'],
	])('reads %s without its accents as %s', (value, role) => {
		expect(recogniseState(value)).toBe(role);
	});

	it.each([
		// An upper-case word run into the next capitalised word is two words.
		['NOTConfirmed', 'awaitingApproval'],
		['NOTArrived', 'booked'],
	])('splits the acronym of %s from the next word: %s', (value, role) => {
		expect(recogniseState(value)).toBe(role);
	});

	it.each([
		// The furthest role wins even when it is named first.
		['NO_SHOW_CONFIRMED', 'noShow'],
		['SEATED_CONFIRMED', 'arrived'],
		['Cancelled, was pending', 'cancelled'],
	])('%s is %s: the furthest role, named first', (value, role) => {
		expect(recogniseState(value)).toBe(role);
	});

	it('reads the word right after a two-word phrase', () => {
		expect(recogniseState('LEFT_MESSAGE_CANCELLED')).toBe('cancelled');
		expect(recogniseState('CHECKED_IN_NO_SHOW')).toBe('noShow');
	});

	it('reads a negation with no word after it as nothing', () => {
		expect(recogniseState('Confirmed (or not)')).toBe('booked');
		expect(recogniseState('not')).toBe('unknown');
	});

	it.each([
		['Request', 'awaitingApproval'],
		['New', 'awaitingApproval'],
		['Open', 'booked'],
		['Reservation', 'booked'],
		['Booking OK', 'booked'],
	])(
		'reads %s, a word that only names the record, as %s when nothing else is named',
		(value, role) => {
			expect(recogniseState(value)).toBe(role);
		},
	);
});

describe('stateKey', () => {
	it('is one for a state written as one word or as two', () => {
		expect(stateKey('NOSHOW')).toBe(stateKey('No Show'));
		expect(stateKey('CheckedIn')).toBe(stateKey('checkedin'));
	});

	it('is empty for no state', () => {
		expect(stateKey(null)).toBe('');
		expect(stateKey(undefined)).toBe('');
	});
});

describe('role names a user writes', () => {
	it.each([
		['seated', 'arrived'],
		['Arrived or Seated', 'arrived'],
		['Cancelled or Refused', 'cancelled'],
		['refused', 'cancelled'],
		['Canceled', 'cancelled'],
		['no-show', 'noShow'],
		['Awaiting Approval', 'awaitingApproval'],
	])('%s names %s', (text, role) => {
		expect(roleNamed(text)).toBe(role);
	});

	it('places a state by any of those names in Booking States', () => {
		const result = parseVocabulary('Walked = Arrived or Seated; Gone = Cancelled or Refused');
		if ('problem' in result) throw new Error(result.problem);
		expect(roleOf('walked', result.vocabulary)).toBe('arrived');
		expect(roleOf('GONE', result.vocabulary)).toBe('cancelled');
	});

	it('names no role for other text', () => {
		expect(roleNamed('here')).toBeUndefined();
		expect(roleNamed('')).toBeUndefined();
	});
});
