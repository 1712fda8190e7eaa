import {
	emailsMatch,
	guestQuery,
	guestsReservations,
	isGuestsReservation,
	namesMatch,
	phoneDigits,
	phonesMatch,
	type GuestInput,
	type GuestQuery,
} from '../../nodes/RestaurantReservations/resources/reservation/helpers/guestMatch';
import { normalizeName } from '../../nodes/shared/guests/identity';

function queryOf(input: GuestInput): GuestQuery {
	const result = guestQuery(input);
	if (!('query' in result)) throw new Error(result.problem.message);
	return result.query;
}

const words = (name: string) => queryOf({ customerName: name }).nameWords!;

describe('guest names', () => {
	it('ignores case, accents and punctuation', () => {
		expect(normalizeName('Zoë Müller-Lüdenscheid')).toBe('zoe muller ludenscheid');
		expect(normalizeName('  ÅSA  Öberg ')).toBe('asa oberg');
		expect(normalizeName('Jürgen Strauß')).toBe('jurgen strauss');
		expect(normalizeName('Søren Łukasz')).toBe('soren lukasz');
		expect(normalizeName("O'Brien, Siobhán")).toBe('o brien siobhan');
	});

	it('matches when every word of the query appears in the name, in any order', () => {
		const name = 'Zoë Müller-Lüdenscheid';
		expect(namesMatch(words('zoe muller'), name)).toBe(true);
		expect(namesMatch(words('MÜLLER zoë'), name)).toBe(true);
		expect(namesMatch(words('lüdensch'), name)).toBe(true);
		expect(namesMatch(words('Müller-Lüdenscheid'), name)).toBe(true);
		expect(namesMatch(words('zoe schmidt'), name)).toBe(false);
		expect(namesMatch(words('zoe'), null)).toBe(false);
	});
});

describe('guest phones', () => {
	it('keeps the identifying digits, whatever the formatting', () => {
		expect(phoneDigits('+49 (30) 123-45 67')).toBe('49301234567');
		expect(phoneDigits('+49 (0) 30 1234567')).toBe('49301234567');
		expect(phoneDigits('0049 30 1234567')).toBe('49301234567');
		expect(phoneDigits('030 / 1234567')).toBe('301234567');
	});

	it('matches with or without country code and trunk zero', () => {
		const stored = '+49 30 1234567';
		for (const query of ['+49 30 1234567', '0049301234567', '030-123 45 67', '(030) 1234567'])
			expect([query, phonesMatch(phoneDigits(query), stored)]).toEqual([query, true]);
		expect(phonesMatch(phoneDigits('+49 30 1234568'), stored)).toBe(false);
		expect(phonesMatch(phoneDigits('+1 212 1234567'), stored)).toBe(false);
		expect(phonesMatch(phoneDigits('030 1234567'), undefined)).toBe(false);
	});

	it('needs at least 6 digits on the shorter side', () => {
		expect(phonesMatch('234567', '+49 30 1234567')).toBe(true);
		expect(phonesMatch('4567890', '+1 555')).toBe(false);
		expect(guestQuery({ phone: '12-345' })).toEqual({
			problem: {
				message: 'Phone "12-345" has too few digits to find a guest',
				fix: "Give the guest's number with at least 6 digits, in any format, e.g. +49 30 1234567. Nothing was sent.",
			},
		});
	});
});

describe('guest emails', () => {
	it('match exactly, in any case', () => {
		const query = queryOf({ email: ' Anna.Schmidt@Example.COM ' }).email!;
		expect(emailsMatch(query, 'anna.schmidt@example.com')).toBe(true);
		expect(emailsMatch(query, 'ANNA.SCHMIDT@EXAMPLE.COM')).toBe(true);
		expect(emailsMatch(query, 'anna.schmidt@example.co')).toBe(false);
		expect(emailsMatch(query, 'xanna.schmidt@example.com')).toBe(false);
		expect(emailsMatch(query, null)).toBe(false);
	});
});

describe('the query', () => {
	it('needs at least one criterion, and says which fields', () => {
		for (const input of [{}, { customerName: '  ', phone: '', email: ' ' }]) {
			const result = guestQuery(input);
			expect('problem' in result && result.problem.message).toBe(
				'Give at least one of Guest Name, Phone or Email to find reservations',
			);
		}
		const noLetters = guestQuery({ customerName: '--' });
		expect('problem' in noLetters && noLetters.problem.message).toBe(
			'Guest Name "--" has no letters or digits',
		);
		const noAddress = guestQuery({ email: 'anna' });
		expect('problem' in noAddress && noAddress.problem.message).toBe(
			'Email "anna" is not an email address',
		);
	});

	it('matches a reservation only when every given criterion matches', () => {
		const reservation = {
			customerName: 'Zoë Müller-Lüdenscheid',
			phone: '+49 30 1234567',
			email: 'zoe@example.com',
		};
		const matches = (input: GuestInput) => isGuestsReservation(reservation, queryOf(input));
		expect(matches({ customerName: 'zoe', phone: '030 1234567' })).toBe(true);
		expect(matches({ customerName: 'zoe', phone: '030 1234567', email: 'ZOE@example.com' })).toBe(
			true,
		);
		expect(matches({ customerName: 'zoe', phone: '030 7654321' })).toBe(false);
		expect(matches({ customerName: 'anna', email: 'zoe@example.com' })).toBe(false);
	});
});

describe('guestsReservations', () => {
	const listing = [
		{ id: 1, customerName: 'Anna Schmidt', phone: '+49 30 1234567', email: 'Anna@Example.com' },
		{ id: 2, customerName: 'Anna Schmidt', phone: '030 1234567' },
		{ id: 3, customerName: 'Zoë Müller', phone: '(0)30-1234567', email: 'zoe@example.com' },
		{ id: 4, customerName: 'Otto', phone: '+43 30 1234567' },
		{ id: 5, customerName: 'Short', phone: '34567' },
		{ id: 6, customerName: 'Anna Other', email: ' anna@example.com ' },
		{ id: 7, customerName: 'Nobody', phone: 42 },
		{ id: 8, customerName: 'Tail Only', phone: '+1 555 234567' },
	];
	const ids = (query: GuestQuery) => guestsReservations(listing, query).map((r) => r.id);

	it('finds what a scan of every reservation finds, in the listing order', () => {
		const queries: GuestInput[] = [
			{ phone: '030 1234567' },
			{ phone: '+49 30 1234567' },
			{ phone: '1234567' },
			{ phone: '234567' },
			{ phone: '99 234567' },
			{ email: 'ANNA@example.com' },
			{ email: 'zoe@example.com', phone: '1234567' },
			{ customerName: 'anna' },
			{ customerName: 'anna', email: 'anna@example.com' },
		];
		for (const input of queries) {
			const query = queryOf(input);
			const scanned = listing.filter((r) => isGuestsReservation(r, query)).map((r) => r.id);
			expect([input, ids(query)]).toEqual([input, scanned]);
		}
		// Literal answers for a few, so that the scan itself is checked too.
		expect(ids(queryOf({ phone: '030 1234567' }))).toEqual([1, 2, 3, 4]);
		expect(ids(queryOf({ phone: '234567' }))).toEqual([1, 2, 3, 4, 8]);
		expect(ids(queryOf({ email: 'ANNA@example.com' }))).toEqual([1, 6]);
		expect(ids(queryOf({ customerName: 'anna' }))).toEqual([1, 2, 6]);
	});
});

describe('guest matching at its edges', () => {
	it('a stored number shorter than the query: still the same guest', () => {
		expect(phonesMatch(phoneDigits('+49 30 1234567'), '030 1234567')).toBe(true);
		expect(
			guestsReservations([{ id: 1, phone: '(0)30-1234567' }], queryOf({ phone: '+49 30 1234567' })),
		).toEqual([{ id: 1, phone: '(0)30-1234567' }]);
	});

	it('a stored number of exactly 6 digits is found by a longer query', () => {
		const stored = [{ id: 1, phone: '234-567' }];
		expect(guestsReservations(stored, queryOf({ phone: '+1 555 234567' }))).toEqual(stored);
	});

	it('nobody with that phone or e-mail: nothing', () => {
		const listing = [
			{ id: 1, customerName: 'Anna', phone: '+49 30 1234567', email: 'anna@example.com' },
		];
		expect(guestsReservations(listing, queryOf({ phone: '+44 20 7946 0000' }))).toEqual([]);
		expect(guestsReservations(listing, queryOf({ email: 'otto@example.com' }))).toEqual([]);
	});

	it('a name asked for, a reservation without a name: no match', () => {
		expect(
			isGuestsReservation({ phone: '+49 30 1234567' }, queryOf({ customerName: 'anna' })),
		).toBe(false);
	});

	it('the fields are read trimmed, and each problem says what to do', () => {
		expect(guestQuery({ phone: '   ' })).toEqual({
			problem: {
				message: 'Give at least one of Guest Name, Phone or Email to find reservations',
				fix: 'A guest is looked up by Guest Name, Phone or Email: set one of them (or several; a reservation must then match all of them). Nothing was sent.',
			},
		});
		expect(guestQuery({ phone: ' 12-345 ' })).toMatchObject({
			problem: { message: 'Phone "12-345" has too few digits to find a guest' },
		});
		expect(guestQuery({ customerName: ' -- ' })).toEqual({
			problem: {
				message: 'Guest Name "--" has no letters or digits',
				fix: 'Give the name or part of it, e.g. "Anna Schmidt" or "schmidt". Nothing was sent.',
			},
		});
		expect(guestQuery({ email: ' anna ' })).toEqual({
			problem: {
				message: 'Email "anna" is not an email address',
				fix: 'Give the full address, e.g. anna@example.com (any case). Nothing was sent.',
			},
		});
	});
});
