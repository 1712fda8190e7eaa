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
	if (typeof name !== 'string') return false;
	const normalized = normalizeName(name);
	return queryWords.every((word) => normalized.includes(word));
}

export function phonesMatch(queryDigits: string, phone: unknown): boolean {
	if (typeof phone !== 'string') return false;
	const digits = phoneDigits(phone);
	const [shorter, longer] =
		digits.length <= queryDigits.length ? [digits, queryDigits] : [queryDigits, digits];
	return shorter.length >= MIN_PHONE_DIGITS && longer.endsWith(shorter);
}

export function emailsMatch(queryEmail: string, email: unknown): boolean {
	return typeof email === 'string' && email.trim().toLowerCase() === queryEmail;
}

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

/** Whether the reservation matches every criterion of the query. */
export function isGuestsReservation(
	reservation: { customerName?: unknown; phone?: unknown; email?: unknown },
	query: GuestQuery,
): boolean {
	return (
		(query.nameWords === undefined || namesMatch(query.nameWords, reservation.customerName)) &&
		(query.phoneDigits === undefined || phonesMatch(query.phoneDigits, reservation.phone)) &&
		(query.email === undefined || emailsMatch(query.email, reservation.email))
	);
}
