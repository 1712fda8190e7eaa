/**
 * A guest's phone number in its international form (E.164, "+4930123456"), however it was typed:
 * with a "+" or the country's international call prefix it is international, without one it is a
 * number of the restaurant's country (its trunk prefix dropped). The table: ./callingCodes. Rules
 * and limits: docs/guests.md.
 */
import { CALLING_CODES } from './callingCodes';

/** Fewest digits a number must have to identify a guest. */
export const MIN_PHONE_DIGITS = 6;

interface CallingCode {
	code: string;
	internationalPrefix: RegExp;
	trunkPrefix: string;
	fewestDigits: number;
}

let countries: Map<string, CallingCode> | undefined;

/** The countries of the table (ISO 3166-1 alpha-2 codes), parsed at first use. */
export function countriesWithCallingCodes(): Map<string, CallingCode> {
	if (!countries) {
		countries = new Map();
		for (const entry of CALLING_CODES.split(';')) {
			const [code, prefix, trunkPrefix, fewest] = entry.slice(2).split(' ');
			countries.set(entry.slice(0, 2), {
				code,
				internationalPrefix: new RegExp(`^(?:${prefix})`),
				trunkPrefix,
				fewestDigits: Number(fewest),
			});
		}
	}
	return countries;
}

/** The calling-code facts of a country (ISO 3166-1 alpha-2, any case); undefined when unknown. */
export function callingCodeOf(country: string | undefined): CallingCode | undefined {
	return countriesWithCallingCodes().get((country ?? '').trim().toUpperCase());
}

/**
 * The number's international form ("+" and digits); for a number without a prefix when the country
 * is unknown, its digits without leading zeros; undefined when it has fewer than 6 digits.
 */
export function internationalPhone(text: unknown, country?: string): string | undefined {
	if (typeof text !== 'string') return undefined;
	const cleaned = text.replace(/\(0\)/g, '').trim();
	const digits = cleaned.replace(/\D/g, '');
	if (digits.replace(/^0+/, '').length < MIN_PHONE_DIGITS) return undefined;
	if (cleaned.startsWith('+')) return `+${digits}`;
	const facts = callingCodeOf(country);
	if (!facts) return digits.replace(/^0+/, '');
	const international = facts.internationalPrefix.exec(digits);
	if (international && digits.length - international[0].length >= MIN_PHONE_DIGITS)
		return `+${digits.slice(international[0].length)}`;
	return `+${facts.code}${nationalNumber(digits, facts)}`;
}

/** The national number without the trunk prefix, when the rest is still long enough to be one. */
function nationalNumber(digits: string, { trunkPrefix, fewestDigits }: CallingCode): string {
	if (
		trunkPrefix !== '' &&
		digits.startsWith(trunkPrefix) &&
		digits.length - trunkPrefix.length >= fewestDigits
	)
		return digits.slice(trunkPrefix.length);
	return digits;
}
