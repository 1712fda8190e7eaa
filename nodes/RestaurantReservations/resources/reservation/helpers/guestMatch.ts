/**
 * Whether a reservation is a given guest's (Reservation › Find, Get Guest History). The API has no search: the node
 * lists a period and compares here.
 * - Name: case and accents ignored (Unicode NFD, marks dropped), punctuation read as spaces; every
 *   word of the query must appear in the guest's name ("zoe muller" finds "Zoë Müller-Lüdenscheid").
 * - Phone: digits only (+, spaces, dashes, brackets and a "(0)" ignored, leading zeros dropped);
 *   two numbers match when one ends with the other and the shorter has at least 6 digits, so a
 *   missing country code or trunk zero does not matter.
 * - Email: exact, any case.
 * With several criteria, a reservation matches when all of them do.
 */
import { normalizeName } from '../../../../shared/guests/identity';
import { MIN_PHONE_DIGITS } from '../../../../shared/guests/phone';

/** What Find and Get Guest History look for, normalised; only the criteria given are set. */
export interface GuestQuery {
	nameWords?: string[];
	phoneDigits?: string;
	email?: string;
}

/** The guest fields as the user gave them (empty: not given). */
export interface GuestInput {
	customerName?: string;
	phone?: string;
	email?: string;
}

/** A query that cannot work, with what to do about it. */
export interface GuestQueryProblem {
	message: string;
	fix: string;
}

/** The digits of a phone number that identify it, whatever its formatting. */
export function phoneDigits(text: string): string {
	return text.replace(/\(0\)/g, '').replace(/\D/g, '').replace(/^0+/, '');
}

export function namesMatch(queryWords: readonly string[], name: unknown): boolean {
	return typeof name === 'string' && wordsIn(queryWords, normalizeName(name));
}

/** Every word of the query appears in the normalised name. */
function wordsIn(queryWords: readonly string[], normalized: string): boolean {
	return queryWords.every((word) => normalized.includes(word));
}

export function phonesMatch(queryDigits: string, phone: unknown): boolean {
	return typeof phone === 'string' && digitsMatch(queryDigits, phoneDigits(phone));
}

/** Two numbers' digits match when one ends with the other, the shorter at least 6 digits long. */
function digitsMatch(queryDigits: string, digits: string): boolean {
	const [shorter, longer] =
		digits.length <= queryDigits.length ? [digits, queryDigits] : [queryDigits, digits];
	return shorter.length >= MIN_PHONE_DIGITS && longer.endsWith(shorter);
}

export function emailsMatch(queryEmail: string, email: unknown): boolean {
	return typeof email === 'string' && normalEmail(email) === queryEmail;
}

const normalEmail = (email: string) => email.trim().toLowerCase();

/** The query from the given fields, or the problem with them. */
export function guestQuery(
	input: GuestInput,
): { query: GuestQuery } | { problem: GuestQueryProblem } {
	const name = (input.customerName ?? '').trim();
	const phone = (input.phone ?? '').trim();
	const email = (input.email ?? '').trim();
	if (!name && !phone && !email) {
		return {
			problem: {
				message: 'Give at least one of Guest Name, Phone or Email to find reservations',
				fix: 'A guest is looked up by Guest Name, Phone or Email: set one of them (or several; a reservation must then match all of them). Nothing was sent.',
			},
		};
	}
	const query: GuestQuery = {};
	if (name) {
		query.nameWords = normalizeName(name).split(' ').filter(Boolean);
		if (query.nameWords.length === 0) {
			return {
				problem: {
					message: `Guest Name "${name}" has no letters or digits`,
					fix: 'Give the name or part of it, e.g. "Anna Schmidt" or "schmidt". Nothing was sent.',
				},
			};
		}
	}
	if (phone) {
		query.phoneDigits = phoneDigits(phone);
		if (query.phoneDigits.length < MIN_PHONE_DIGITS) {
			return {
				problem: {
					message: `Phone "${phone}" has too few digits to find a guest`,
					fix: `Give the guest's number with at least ${MIN_PHONE_DIGITS} digits, in any format, e.g. +49 30 1234567. Nothing was sent.`,
				},
			};
		}
	}
	if (email) {
		if (!email.includes('@')) {
			return {
				problem: {
					message: `Email "${email}" is not an email address`,
					fix: 'Give the full address, e.g. anna@example.com (any case). Nothing was sent.',
				},
			};
		}
		query.email = email.toLowerCase();
	}
	return { query };
}

type GuestFieldsOf = { customerName?: unknown; phone?: unknown; email?: unknown };

/**
 * A reservation's guest fields normalised, once per reservation object: the items of one run share
 * one listing of the period (Get Guest History), so 500 guests looked up in 3,000 bookings
 * normalise each booking once, not 500 times.
 */
const normalised = new WeakMap<object, { name?: string; phone?: string; email?: string }>();

function normalisedOf(reservation: GuestFieldsOf) {
	let fields = normalised.get(reservation);
	if (!fields) {
		const { customerName: name, phone, email } = reservation;
		fields = {
			...(typeof name === 'string' ? { name: normalizeName(name) } : {}),
			...(typeof phone === 'string' ? { phone: phoneDigits(phone) } : {}),
			...(typeof email === 'string' ? { email: normalEmail(email) } : {}),
		};
		normalised.set(reservation, fields);
	}
	return fields;
}

/** Whether the reservation matches every criterion of the query. */
export function isGuestsReservation(reservation: GuestFieldsOf, query: GuestQuery): boolean {
	const { name, phone, email } = normalisedOf(reservation);
	return (
		(query.nameWords === undefined || (name !== undefined && wordsIn(query.nameWords, name))) &&
		(query.phoneDigits === undefined ||
			(phone !== undefined && digitsMatch(query.phoneDigits, phone))) &&
		(query.email === undefined || email === query.email)
	);
}

/** A listing's reservations by the last MIN_PHONE_DIGITS digits of their phone and by e-mail. */
interface GuestIndex {
	byPhoneTail: Map<string, GuestFieldsOf[]>;
	byEmail: Map<string, GuestFieldsOf[]>;
}

/** Built once per listing (the run cache shares one listing between the run's items). */
const indexes = new WeakMap<readonly GuestFieldsOf[], GuestIndex>();

function add(map: Map<string, GuestFieldsOf[]>, key: string, reservation: GuestFieldsOf): void {
	const list = map.get(key);
	if (list) list.push(reservation);
	else map.set(key, [reservation]);
}

function indexOf(reservations: readonly GuestFieldsOf[]): GuestIndex {
	let index = indexes.get(reservations);
	if (!index) {
		index = { byPhoneTail: new Map(), byEmail: new Map() };
		for (const reservation of reservations) {
			const { phone, email } = normalisedOf(reservation);
			if (phone !== undefined && phone.length >= MIN_PHONE_DIGITS)
				add(index.byPhoneTail, phone.slice(-MIN_PHONE_DIGITS), reservation);
			if (email !== undefined) add(index.byEmail, email, reservation);
		}
		indexes.set(reservations, index);
	}
	return index;
}

/**
 * The reservations of `reservations` that match the query, in their order: isGuestsReservation
 * over the few that can match. Two phones match only when they end in the same
 * MIN_PHONE_DIGITS digits, two e-mails only when equal: 500 guests looked up in 15,000 bookings
 * compare each with a handful, not with all of them.
 */
export function guestsReservations<T extends GuestFieldsOf>(
	reservations: readonly T[],
	query: GuestQuery,
): T[] {
	let candidates: readonly GuestFieldsOf[] = reservations;
	if (query.phoneDigits !== undefined)
		candidates =
			indexOf(reservations).byPhoneTail.get(query.phoneDigits.slice(-MIN_PHONE_DIGITS)) ?? [];
	else if (query.email !== undefined)
		candidates = indexOf(reservations).byEmail.get(query.email) ?? [];
	return candidates.filter((reservation) => isGuestsReservation(reservation, query)) as T[];
}
