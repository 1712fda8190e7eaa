/**
 * Who a booking's guest is, for every node: their phone in international form (./phone), else
 * their e-mail (any case), else their name (case, accents and punctuation ignored). Per restaurant
 * unless the caller says otherwise. What it cannot tell apart: docs/guests.md.
 */
import { countriesWithCallingCodes, internationalPhone } from './phone';

export type GuestIdentifiedBy = 'phone' | 'email' | 'name';

export interface GuestIdentity {
	/** Distinct for distinct guests: the kind's letter, then the normalised value. */
	key: string;
	by: GuestIdentifiedBy;
	/** The normalised phone, e-mail or name. */
	value: string;
}

export interface GuestFields {
	customerName?: unknown;
	phone?: unknown;
	email?: unknown;
}

/** Letters that NFD does not split into a base letter and a mark. */
const PLAIN_LETTERS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd' };

/** Lower case, without accents, words separated by single spaces. */
export function normalizeName(text: string): string {
	return text
		.normalize('NFD')
		.replace(/\p{M}/gu, '')
		.toLowerCase()
		.replace(/[ßæœøłđ]/g, (letter) => PLAIN_LETTERS[letter])
		.replace(/[^\p{L}\p{N}]+/gu, ' ')
		.trim();
}

/** An e-mail address as guests are told apart by it; undefined when it is not one. */
export function normalizeEmail(text: unknown): string | undefined {
	if (typeof text !== 'string') return undefined;
	const email = text.trim().toLowerCase();
	return /^[^\s@]+@[^\s@]+$/.test(email) ? email : undefined;
}

/** The booking's guest; undefined when it has no usable phone, e-mail or name. */
export function guestIdentity(booking: GuestFields, country?: string): GuestIdentity | undefined {
	const phone = internationalPhone(booking.phone, country);
	if (phone) return { key: `p${phone}`, by: 'phone', value: phone };
	const email = normalizeEmail(booking.email);
	if (email) return { key: `e${email}`, by: 'email', value: email };
	const name = typeof booking.customerName === 'string' ? normalizeName(booking.customerName) : '';
	if (name) return { key: `n${name}`, by: 'name', value: name };
	return undefined;
}

let countryNames: Map<string, string> | undefined;

/**
 * The restaurant's country as ISO 3166-1 alpha-2, from `countryShort` or `country` (a code, or the
 * English name Intl gives a country of ./callingCodes: "Germany", "United States"); undefined when neither reads.
 */
export function restaurantCountry(restaurant: {
	countryShort?: unknown;
	country?: unknown;
}): string | undefined {
	for (const value of [restaurant.countryShort, restaurant.country]) {
		if (typeof value !== 'string') continue;
		const text = value.trim();
		if (/^[A-Za-z]{2}$/.test(text)) return text.toUpperCase();
		const byName = namesOfCountries().get(normalizeName(text));
		if (byName) return byName;
	}
	return undefined;
}

function namesOfCountries(): Map<string, string> {
	if (!countryNames) {
		countryNames = new Map();
		const names = new Intl.DisplayNames(['en'], { type: 'region' });
		for (const code of countriesWithCallingCodes().keys()) {
			const name = names.of(code);
			if (name && name !== code) countryNames.set(normalizeName(name), code);
		}
	}
	return countryNames;
}
