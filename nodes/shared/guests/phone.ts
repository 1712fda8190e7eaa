/**
 * A guest's phone number in its international form (E.164, "+4930123456"), whatever way it was
 * typed: spaces, dashes, dots, brackets and a "(0)" ignored; "+49 …" and "0049 …" (the country's
 * international call prefix) read as international; a number without a prefix read as a number of
 * the restaurant's country (its trunk prefix, "0" in Germany or "1" in the US, dropped; Italy keeps
 * its 0). The country table is generated from Google's libphonenumber metadata (./callingCodes).
 *
 * What it cannot tell: a number without a prefix when the restaurant's country is unknown (then its
 * digits alone, leading zeros dropped, stand for it: the same number written with a prefix is
 * another); numbers that are not phone numbers at all (fewer than 6 digits: no number).
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

const parsed = new Map<string, CallingCode | undefined>();

/** The calling-code facts of a country (ISO 3166-1 alpha-2, any case); undefined when unknown. */
export function callingCodeOf(country: string | undefined): CallingCode | undefined {
	const iso = (country ?? '').trim().toUpperCase();
	if (!parsed.has(iso)) {
		const row = Object.prototype.hasOwnProperty.call(CALLING_CODES, iso)
			? CALLING_CODES[iso]
			: undefined;
		const [code, prefix, trunkPrefix, fewest] = row?.split(' ') ?? [];
		parsed.set(
			iso,
			row
				? {
						code,
						internationalPrefix: new RegExp(`^(?:${prefix})`),
						trunkPrefix,
						fewestDigits: Number(fewest),
					}
				: undefined,
		);
	}
	return parsed.get(iso);
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
