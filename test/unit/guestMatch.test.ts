import {
	emailsMatch,
	guestQuery,
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
