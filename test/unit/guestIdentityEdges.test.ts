/**
 * Guest identity (nodes/shared/guests/identity.ts, phone.ts) at its edges: the fewest digits a
 * number may have, an international prefix followed by too few digits, a number typed without its
 * trunk prefix, spaces around a number, e-mails that are almost addresses, names that are not
 * text, and the restaurant's country from a code that is not one.
 */
import {
	guestIdentity,
	normalizeEmail,
	normalizeName,
	restaurantCountry,
} from '../../nodes/shared/guests/identity';
import { callingCodeOf, internationalPhone } from '../../nodes/shared/guests/phone';

describe('phone numbers at their edges', () => {
	it('is a number from six digits on, leading zeros not counted', () => {
		expect(internationalPhone('123456')).toBe('123456');
		expect(internationalPhone('12345')).toBeUndefined();
		expect(internationalPhone('0123456')).toBe('123456');
		expect(internationalPhone('0012345')).toBeUndefined();
		// The country code counts: +49 1234 has six digits.
		expect(internationalPhone('+49 1234')).toBe('+491234');
		expect(internationalPhone('+49 123')).toBeUndefined();
		expect(internationalPhone('+1 23456')).toBe('+123456');
	});

	it('reads a number with any count of leading zeros as one guest when the country is unknown', () => {
		expect(internationalPhone('00 30 1234567')).toBe('301234567');
		expect(internationalPhone('030 1234567')).toBe('301234567');
	});

	it('keeps the zeros inside a number', () => {
		expect(internationalPhone('200 0001')).toBe('2000001');
		expect(internationalPhone('030 100 00 00', 'DE')).toBe('+49301000000');
	});

	it('reads a "+" after spaces as international', () => {
		expect(internationalPhone('  +49 30 1234567 ', 'DE')).toBe('+49301234567');
		expect(internationalPhone('  +49 30 1234567 ')).toBe('+49301234567');
	});

	it('drops the "(0)" of a number written with both its country code and trunk prefix', () => {
		expect(internationalPhone('+44 (0)20 7946 0958', 'GB')).toBe('+442079460958');
		expect(internationalPhone('+44 (0) 20 7946 0958')).toBe('+442079460958');
		// Only "(0)": other digits in parentheses are the number's own.
		expect(internationalPhone('(030) 1234567', 'DE')).toBe('+49301234567');
	});

	it('reads an international prefix followed by six digits as international, by fewer as national', () => {
		// Austria's numbers can be short: 0043 then 1234 is +43 1234.
		expect(internationalPhone('0043 1234', 'DE')).toBe('+431234');
		// 011 then 5 digits is no international number in the US: a national one, as typed.
		expect(internationalPhone('011 12345', 'US')).toBe('+101112345');
	});

	it('adds the country code to a national number typed without its trunk prefix', () => {
		expect(internationalPhone('30 1234567', 'DE')).toBe('+49301234567');
		expect(internationalPhone('171 5551234', 'DE')).toBe('+491715551234');
	});

	it('drops the trunk prefix only when a whole national number remains', () => {
		// France: 9 digits after the 0.
		expect(internationalPhone('06 12 34 56 78', 'FR')).toBe('+33612345678');
		expect(internationalPhone('0 12 34 56 78', 'FR')).toBe('+33012345678');
		// The US: 10 digits after the 1; a 1 before 7 digits is kept.
		expect(internationalPhone('1 212 555 0147', 'US')).toBe('+12125550147');
		expect(internationalPhone('1 555 0147', 'US')).toBe('+115550147');
		// Italy has no trunk prefix: its leading 0 is part of the number.
		expect(internationalPhone('06 1234 5678', 'IT')).toBe('+390612345678');
	});

	it('knows a country written with spaces around it', () => {
		expect(callingCodeOf(' de ')?.code).toBe('49');
		expect(internationalPhone('030 1234567', ' de ')).toBe('+49301234567');
	});

	it('reads the table entry of a country whole', () => {
		expect(callingCodeOf('AU')).toMatchObject({ code: '61', trunkPrefix: '0', fewestDigits: 5 });
		expect(callingCodeOf('LU')).toMatchObject({ code: '352', trunkPrefix: '', fewestDigits: 4 });
		expect(callingCodeOf('AU')?.internationalPrefix.test('0011')).toBe(true);
		expect(callingCodeOf('AU')?.internationalPrefix.test('90011')).toBe(false);
	});
});

describe('e-mails at their edges', () => {
	it.each([
		['anna@example.com', 'anna@example.com'],
		['x@y', 'x@y'],
		['  Anna@Example.COM\n', 'anna@example.com'],
	])('reads %j as %j', (text, email) => {
		expect(normalizeEmail(text)).toBe(email);
	});

	it.each([
		'john doe@example.com',
		'anna@example .com',
		'a@@b',
		'a@b@c',
		'@example.com',
		'anna@',
		'',
	])('refuses %j', (text) => {
		expect(normalizeEmail(text)).toBeUndefined();
	});

	it('tells guests apart by e-mail only when it is one', () => {
		expect(guestIdentity({ email: 'john doe@example.com', customerName: 'John Doe' })).toEqual({
			key: 'njohn doe',
			by: 'name',
			value: 'john doe',
		});
	});
});

describe('names at their edges', () => {
	it('writes the letters NFD does not split as their plain letters', () => {
		expect(normalizeName('Æsa Cœur Đuro')).toBe('aesa coeur duro');
	});

	it('keeps digits and letters of every script, and one space between words', () => {
		expect(normalizeName('Table 12 / Ана')).toBe('table 12 ана');
		expect(normalizeName('--Anna--')).toBe('anna');
	});

	it('has no guest for a name that is not text', () => {
		expect(guestIdentity({ customerName: 42 })).toBeUndefined();
		expect(guestIdentity({ customerName: ['Anna'] })).toBeUndefined();
	});
});

describe("the restaurant's country at its edges", () => {
	it('reads a two-letter code in any case', () => {
		expect(restaurantCountry({ countryShort: 'de' })).toBe('DE');
		expect(restaurantCountry({ country: ' gb ' })).toBe('GB');
	});

	it('goes on to the country name when the code does not read', () => {
		expect(restaurantCountry({ countryShort: 'DEU', country: 'Germany' })).toBe('DE');
		expect(restaurantCountry({ countryShort: 'Atlantis', country: 'Germany' })).toBe('DE');
		expect(restaurantCountry({ countryShort: 49, country: 'Germany' })).toBe('DE');
	});

	it('reads an English country name in any case and spacing', () => {
		expect(restaurantCountry({ country: 'SWITZERLAND' })).toBe('CH');
		expect(restaurantCountry({ country: '  new   zealand ' })).toBe('NZ');
		expect(restaurantCountry({ country: 'Deutschland' })).toBeUndefined();
	});
});
