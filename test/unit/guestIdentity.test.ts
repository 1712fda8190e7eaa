/**
 * Guest identity (nodes/shared/guests): phone numbers in international form checked against
 * libphonenumber-js itself (the source of the generated table), e-mails and names, the restaurant's
 * country, and the profile's occasions.
 */
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import {
	guestIdentity,
	normalizeEmail,
	restaurantCountry,
} from '../../nodes/shared/guests/identity';
import { monthDayOf, occasionOf } from '../../nodes/shared/guests/occasions';
import { callingCodeOf, internationalPhone } from '../../nodes/shared/guests/phone';

/** Numbers as guests type them, each with the restaurant's country. */
const TYPED: Array<[string, CountryCode]> = [
	['030 1234567', 'DE'],
	['+49 (0)30 1234567', 'DE'],
	['0049 30 1234567', 'DE'],
	['0171-555 12 34', 'DE'],
	['(212) 555-0147', 'US'],
	['1 212 555 0147', 'US'],
	['011 44 20 7946 0958', 'US'],
	['020 7946 0958', 'GB'],
	['+44 20 7946 0958', 'GB'],
	['07700 900123', 'GB'],
	['06 12 34 56 78', 'FR'],
	['06 1234 5678', 'IT'],
	['02 1234 5678', 'IT'],
	['333 123 4567', 'IT'],
	['(02) 9374 4000', 'AU'],
	['0011 49 30 1234567', 'AU'],
	['0412 345 678', 'AU'],
	['912 345 678', 'PT'],
	['090-1234-5678', 'JP'],
	['(416) 555-0199', 'CA'],
	['044 668 18 00', 'CH'],
	['0612345678', 'NL'],
	['91 123 45 67', 'ES'],
];

describe('phone numbers in international form', () => {
	it.each(TYPED)('reads %s in %s as libphonenumber does', (typed, country) => {
		const expected = parsePhoneNumberFromString(typed, country)?.number;
		expect(expected).toBeDefined();
		expect(internationalPhone(typed, country)).toBe(expected);
	});

	it('gives the same number however it is written', () => {
		const forms = ['030 1234567', '+49 30 1234567', '0049-30-1234567', '+49 (0)30 1234567'];
		expect(new Set(forms.map((form) => internationalPhone(form, 'DE')))).toEqual(
			new Set(['+49301234567']),
		);
	});

	it('keeps the digits, leading zeros dropped, when the country is unknown', () => {
		expect(internationalPhone('030 1234567')).toBe('301234567');
		expect(internationalPhone('030 1234567', 'XX')).toBe('301234567');
		expect(internationalPhone('+49 30 1234567')).toBe('+49301234567');
	});

	it('is no number below six digits, or for what is not text', () => {
		expect(internationalPhone('112', 'DE')).toBeUndefined();
		expect(internationalPhone('000012345', 'DE')).toBeUndefined();
		expect(internationalPhone('', 'DE')).toBeUndefined();
		expect(internationalPhone(4930123456, 'DE')).toBeUndefined();
		expect(internationalPhone(null, 'DE')).toBeUndefined();
	});

	it('knows every country of the table, in any case', () => {
		expect(callingCodeOf('de')?.code).toBe('49');
		expect(callingCodeOf('US')?.trunkPrefix).toBe('1');
		expect(callingCodeOf('IT')?.trunkPrefix).toBe('');
		expect(callingCodeOf('XX')).toBeUndefined();
		expect(callingCodeOf(undefined)).toBeUndefined();
	});
});

describe('guest identity', () => {
	it('is the phone first, then the e-mail, then the name', () => {
		const anna = { customerName: 'Anna Schmidt', phone: '030 1234567', email: 'Anna@Example.com' };
		expect(guestIdentity(anna, 'DE')).toEqual({
			key: 'p+49301234567',
			by: 'phone',
			value: '+49301234567',
		});
		expect(guestIdentity({ ...anna, phone: '' }, 'DE')).toEqual({
			key: 'eanna@example.com',
			by: 'email',
			value: 'anna@example.com',
		});
		expect(guestIdentity({ customerName: ' Zoë  Müller ', phone: '12', email: 'none' })).toEqual({
			key: 'nzoe muller',
			by: 'name',
			value: 'zoe muller',
		});
		expect(guestIdentity({ customerName: ' -- ', phone: null, email: undefined })).toBeUndefined();
	});

	it('keeps a guest who changes e-mail but not phone', () => {
		const before = guestIdentity({ phone: '+49 30 1234567', email: 'old@example.com' }, 'DE');
		const after = guestIdentity({ phone: '030/1234567', email: 'new@example.com' }, 'DE');
		expect(after?.key).toBe(before?.key);
	});

	it('tells the kinds apart even when the values look alike', () => {
		const keys = [
			guestIdentity({ phone: '123456789' })!.key,
			guestIdentity({ customerName: '123456789' })!.key,
		];
		expect(new Set(keys).size).toBe(2);
	});

	it('reads e-mails in any case and refuses what is not one', () => {
		expect(normalizeEmail(' A.B@Example.COM ')).toBe('a.b@example.com');
		expect(normalizeEmail('no address')).toBeUndefined();
		expect(normalizeEmail(42)).toBeUndefined();
	});

	it("reads the restaurant's country from its code or its English name", () => {
		expect(restaurantCountry({ countryShort: 'de', country: 'Germany' })).toBe('DE');
		expect(restaurantCountry({ country: 'United States' })).toBe('US');
		expect(restaurantCountry({ country: 'united kingdom' })).toBe('GB');
		expect(restaurantCountry({ countryShort: '', country: 'Atlantis' })).toBeUndefined();
		expect(restaurantCountry({})).toBeUndefined();
	});
});

describe('occasions from the profile', () => {
	it('reads a month and a day in the forms profiles use', () => {
		expect(monthDayOf('1985-03-14')).toEqual({ month: 3, day: 14 });
		expect(monthDayOf('1985-03-14T00:00:00Z')).toEqual({ month: 3, day: 14 });
		expect(monthDayOf('--12-01')).toEqual({ month: 12, day: 1 });
		expect(monthDayOf('02-29')).toEqual({ month: 2, day: 29 });
		expect(monthDayOf('14.03.1985')).toEqual({ month: 3, day: 14 });
		expect(monthDayOf('02-30')).toBeUndefined();
		expect(monthDayOf('soon')).toBeUndefined();
		expect(monthDayOf(null)).toBeUndefined();
	});

	it('takes birthdays and anniversaries from customerProfile', () => {
		const booking = { customerProfile: { birthdate: '1990-07-02', anniversary: null } };
		expect(occasionOf(booking, 'birthday')).toEqual({ month: 7, day: 2 });
		expect(occasionOf(booking, 'anniversary')).toBeUndefined();
		expect(occasionOf({ customerProfile: 'none' }, 'birthday')).toBeUndefined();
	});
});
