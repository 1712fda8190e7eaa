import {
	emailsMatch,
	guestQuery,
	guestsReservations,
	isGuestsReservation,
	namesMatch,
	phonesAsked,
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

describe("guest phones: one number, in the restaurant's country", () => {
	it('is the same number whatever the formatting, with the country code or the trunk zero', () => {
		const stored = '+49 30 1234567';
		for (const asked of ['+49 30 1234567', '0049301234567', '030-123 45 67', '(030) 1234567'])
			expect([asked, phonesMatch(asked, stored, 'DE')]).toEqual([asked, true]);
		expect(phonesMatch('+49 (0) 30 1234567', '030 / 1234567', 'DE')).toBe(true);
		expect(phonesMatch('+49 30 1234568', stored, 'DE')).toBe(false);
		expect(phonesMatch('+1 212 1234567', stored, 'DE')).toBe(false);
		expect(phonesMatch('030 1234567', undefined, 'DE')).toBe(false);
		expect(phonesMatch('030 1234567', 301234567, 'DE')).toBe(false);
	});

	it('never merges two countries whose digits end the same way (issue 43)', () => {
		// Berlin's regular and an Austrian guest; a German mobile and a Liverpool number.
		expect(phonesMatch('030 7713-4401', '+43 30 7713 4401', 'DE')).toBe(false);
		expect(phonesMatch('+43 30 7713 4401', '030 7713-4401', 'DE')).toBe(false);
		expect(phonesMatch('0043 30 7713 4401', '+43 30 7713 4401', 'DE')).toBe(true);
		expect(phonesMatch('0151 23456789', '+44 151 2345 6789', 'DE')).toBe(false);
		expect(phonesMatch('0151 23456789', '+49 151 23456789', 'DE')).toBe(true);
		// A number without a prefix is read in the restaurant's country.
		expect(phonesMatch('0176 5555562', '+61 176 5555562', 'AU')).toBe(true);
		expect(phonesMatch('0176 5555562', '+61 176 5555562', 'DE')).toBe(false);
		// The US trunk prefix and international call prefix.
		expect(phonesMatch('1 (212) 555-0134', '+1 212 555 0134', 'US')).toBe(true);
		expect(phonesMatch('011 49 30 1234567', '+49 30 1234567', 'US')).toBe(true);
	});

	it('without a known country: a number without a prefix matches only the same digits without one', () => {
		expect(phonesMatch('030 1234567', '(030) 123-4567', undefined)).toBe(true);
		expect(phonesMatch('030 1234567', '30 1234567', undefined)).toBe(true);
		expect(phonesMatch('030 1234567', '+49 30 1234567', undefined)).toBe(false);
		expect(phonesMatch('+49 30 1234567', '+49 30 1234567', undefined)).toBe(true);
		expect(phonesMatch('+49 30 1234567', '+43 30 1234567', undefined)).toBe(false);
	});

	it('needs at least 6 digits', () => {
		expect(phonesMatch('234567', '234567', 'DE')).toBe(true);
		expect(phonesMatch('34567', '34567', 'DE')).toBe(false);
		expect(guestQuery({ phone: '12-345' })).toEqual({
			problem: {
				message: 'Phone "12-345" has too few digits to find a guest',
				fix: "Give the guest's number with at least 6 digits, in any format, e.g. +49 30 1234567. Nothing was sent.",
			},
		});
		expect(guestQuery({ phone: '00 012345' })).toMatchObject({
			problem: { message: 'Phone "00 012345" has too few digits to find a guest' },
		});
		expect(guestQuery({ phone: '+49 30 1234567' })).toEqual({ query: { phone: '+49 30 1234567' } });
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
		const matches = (input: GuestInput) => isGuestsReservation(reservation, queryOf(input), 'DE');
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
		{ id: 9, customerName: 'Otto', phone: '0043 30 1234567' },
	];
	const ids = (query: GuestQuery, country?: string) =>
		guestsReservations(listing, query, { country }).map((r) => r.id);

	it('finds what a scan of every reservation finds, in the listing order', () => {
		const queries: GuestInput[] = [
			{ phone: '030 1234567' },
			{ phone: '+49 30 1234567' },
			{ phone: '+43 30 1234567' },
			{ phone: '1234567' },
			{ phone: '234567' },
			{ phone: '+1 555 234567' },
			{ email: 'ANNA@example.com' },
			{ email: 'zoe@example.com', phone: '030 1234567' },
			{ email: 'zoe@example.com', phone: '1234567' },
			{ customerName: 'anna' },
			{ customerName: 'anna', email: 'anna@example.com' },
		];
		for (const country of ['DE', 'AT', undefined])
			for (const input of queries) {
				const query = queryOf(input);
				const scanned = listing
					.filter((r) => isGuestsReservation(r, query, country))
					.map((r) => r.id);
				expect([country, input, ids(query, country)]).toEqual([country, input, scanned]);
			}
		// Literal answers, so that the scan itself is checked too.
		expect(ids(queryOf({ phone: '030 1234567' }), 'DE')).toEqual([1, 2, 3]);
		expect(ids(queryOf({ phone: '+43 30 1234567' }), 'DE')).toEqual([4, 9]);
		expect(ids(queryOf({ phone: '030 1234567' }), 'AT')).toEqual([2, 3, 4, 9]);
		expect(ids(queryOf({ phone: '030 1234567' }), undefined)).toEqual([2, 3]);
		expect(ids(queryOf({ phone: '234567' }), 'DE')).toEqual([]);
		expect(ids(queryOf({ phone: '+1 555 234567' }), 'DE')).toEqual([8]);
		expect(ids(queryOf({ email: 'ANNA@example.com' }))).toEqual([1, 6]);
		expect(ids(queryOf({ customerName: 'anna' }))).toEqual([1, 2, 6]);
		expect(ids(queryOf({ email: 'zoe@example.com', phone: '1234567' }), 'DE')).toEqual([]);
	});

	it('a chain asks for every number the phone can be, found in listing order', () => {
		const query = queryOf({ phone: '030 1234567' });
		const phones = phonesAsked(query, ['DE', 'AT', 'DE', undefined]);
		expect([...phones]).toEqual(['+49301234567', '+43301234567', '301234567']);
		expect([...phonesAsked(queryOf({ phone: '+49 30 1234567' }), ['DE', 'AT'])]).toEqual([
			'+49301234567',
		]);
		expect([...phonesAsked(queryOf({ email: 'a@example.com' }), ['DE'])]).toEqual([]);
		const found = guestsReservations(listing, query, { country: 'DE', phones });
		expect(found.map((r) => r.id)).toEqual([1, 2, 3, 4, 9]);
		const scanned = listing.filter((r) => isGuestsReservation(r, query, 'DE')).map((r) => r.id);
		expect(scanned).toEqual([1, 2, 3]);
	});

	it("a chain's numbers interleaved in the listing come back in listing order", () => {
		// Austrian bookings before and between German ones, past the tenth place (compared as text,
		// place 10 would come before place 9).
		const chain = [
			{ id: 'a', phone: '+43 30 1234567' },
			...Array.from({ length: 8 }, (_, i) => ({ id: `x${i}`, phone: `+44 20 7946 00${10 + i}` })),
			{ id: 'b', phone: '+49 30 1234567' },
			{ id: 'c', phone: '+43 30 1234567' },
			{ id: 'd', phone: '+49 30 1234567' },
		];
		const query = queryOf({ phone: '030 1234567' });
		const phones = phonesAsked(query, ['DE', 'AT']);
		expect([...phones]).toEqual(['+49301234567', '+43301234567']);
		const found = guestsReservations(chain, query, { country: 'DE', phones });
		expect(found.map((r) => r.id)).toEqual(['a', 'b', 'c', 'd']);
	});

	it('one listing read in two countries keeps each reading apart', () => {
		const query = queryOf({ phone: '030 1234567' });
		expect(ids(query, 'DE')).toEqual([1, 2, 3]);
		expect(ids(query, 'AT')).toEqual([2, 3, 4, 9]);
		expect(ids(query, 'DE')).toEqual([1, 2, 3]);
	});
});

describe('guest matching at its edges', () => {
	it('a stored national number is found by its international form', () => {
		expect(
			guestsReservations(
				[{ id: 1, phone: '(0)30-1234567' }],
				queryOf({ phone: '+49 30 1234567' }),
				{ country: 'DE' },
			),
		).toEqual([{ id: 1, phone: '(0)30-1234567' }]);
	});

	it('a number that only ends with the one asked for is another guest', () => {
		const stored = [{ id: 1, phone: '234-567' }];
		expect(
			guestsReservations(stored, queryOf({ phone: '+1 555 234567' }), { country: 'US' }),
		).toEqual([]);
	});

	it('nobody with that phone or e-mail: nothing', () => {
		const listing = [
			{ id: 1, customerName: 'Anna', phone: '+49 30 1234567', email: 'anna@example.com' },
		];
		expect(
			guestsReservations(listing, queryOf({ phone: '+44 20 7946 0000' }), { country: 'DE' }),
		).toEqual([]);
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
