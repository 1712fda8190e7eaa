/**
 * Whether a reservation is a given guest's (Reservation › Find, Get Guest History). The API has no search: the node
 * lists a period and compares here.
 * - Name: case and accents ignored (Unicode NFD, marks dropped), punctuation read as spaces; every
 *   word of the query must appear in the guest's name ("zoe muller" finds "Zoë Müller-Lüdenscheid").
 * - Phone: compared as a number in the restaurant's country (../../../../shared/guests/phone): the
 *   number asked for and each booking's are read into their international form (a number without
 *   a prefix is a national number of the restaurant's country, its trunk prefix dropped) and match
 *   only when those are equal. So `030 7713-4401` in Berlin is `+49 30 7713 4401` and never the
 *   Austrian `+43 30 7713 4401`, whose digits merely end the same way. Where the restaurant's
 *   country is unknown, a number without a prefix stands as its digits alone and matches only the
 *   same digits without a prefix.
 * - Email: exact, any case.
 * With several criteria, a reservation matches when all of them do.
 */
import { normalizeName } from '../../../../shared/guests/identity';
import { internationalPhone, MIN_PHONE_DIGITS } from '../../../../shared/guests/phone';

/** What Find and Get Guest History look for, normalised; only the criteria given are set. */
export interface GuestQuery {
	nameWords?: string[];
	/** The phone as asked, trimmed: read in each restaurant's country ({@link queryPhoneIn}). */
	phone?: string;
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

export function namesMatch(queryWords: readonly string[], name: unknown): boolean {
	return typeof name === 'string' && wordsIn(queryWords, normalizeName(name));
}

/** Every word of the query appears in the normalised name. */
function wordsIn(queryWords: readonly string[], normalized: string): boolean {
	return queryWords.every((word) => normalized.includes(word));
}

/** The number asked for in a restaurant of `country`, in the form bookings' numbers are compared in. */
function queryPhoneIn(query: GuestQuery, country: string | undefined): string | undefined {
	return query.phone === undefined ? undefined : internationalPhone(query.phone, country);
}

/** Whether two numbers, both read in a restaurant of `country`, are one number. */
export function phonesMatch(asked: string, phone: unknown, country?: string): boolean {
	const number = internationalPhone(phone, country);
	return number !== undefined && number === internationalPhone(asked, country);
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
		// Read without a country: a number too short to be one in any country is refused here.
		if (internationalPhone(phone) === undefined) {
			return {
				problem: {
					message: `Phone "${phone}" has too few digits to find a guest`,
					fix: `Give the guest's number with at least ${MIN_PHONE_DIGITS} digits, in any format, e.g. +49 30 1234567. Nothing was sent.`,
				},
			};
		}
		query.phone = phone;
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

/** A reservation's guest fields normalised; its phone per country it was read in. */
interface NormalisedGuest {
	name?: string;
	email?: string;
	phoneIn: Map<string | undefined, string | undefined>;
}

/**
 * A reservation's guest fields normalised, once per reservation object: the items of one run share
 * one listing of the period (Get Guest History), so 500 guests looked up in 3,000 bookings
 * normalise each booking once, not 500 times.
 */
const normalised = new WeakMap<object, NormalisedGuest>();

function normalisedOf(reservation: GuestFieldsOf): NormalisedGuest {
	let fields = normalised.get(reservation);
	if (!fields) {
		const { customerName: name, email } = reservation;
		fields = {
			...(typeof name === 'string' ? { name: normalizeName(name) } : {}),
			...(typeof email === 'string' ? { email: normalEmail(email) } : {}),
			phoneIn: new Map(),
		};
		normalised.set(reservation, fields);
	}
	return fields;
}

/** The reservation's phone read in a restaurant of `country`: cached, a listing has one country. */
function phoneOf(reservation: GuestFieldsOf, country: string | undefined): string | undefined {
	const { phoneIn } = normalisedOf(reservation);
	if (!phoneIn.has(country)) phoneIn.set(country, internationalPhone(reservation.phone, country));
	return phoneIn.get(country);
}

/**
 * The numbers a phone asked for can be, in restaurants of these countries (ISO 3166-1 alpha-2;
 * undefined: unknown): with a country code it is one number everywhere; without one it is read in
 * each country ("0176 5555562" is +491765555562 in Germany and +611765555562 in Australia). A
 * chain's bookings match when their number is one of them; which guest the item is about is chosen
 * afterwards among the guests found (./chainHistory), so two countries' numbers are never merged.
 */
export function phonesAsked(
	query: GuestQuery,
	countries: ReadonlyArray<string | undefined>,
): ReadonlySet<string> {
	const numbers = new Set<string>();
	for (const country of countries) {
		const number = queryPhoneIn(query, country);
		if (number !== undefined) numbers.add(number);
	}
	return numbers;
}

/** Where a listing is and which numbers the phone asked for stands for (one restaurant: its own). */
export interface GuestSearchPlace {
	country?: string;
	phones?: ReadonlySet<string>;
}

/**
 * Whether the reservation, at a restaurant of `country` (ISO 3166-1 alpha-2; undefined when
 * unknown), matches every criterion of the query.
 */
export function isGuestsReservation(
	reservation: GuestFieldsOf,
	query: GuestQuery,
	country?: string,
): boolean {
	return matches(reservation, query, phonesAsked(query, [country]), country);
}

function matches(
	reservation: GuestFieldsOf,
	query: GuestQuery,
	askedPhones: ReadonlySet<string>,
	country: string | undefined,
): boolean {
	const { name, email } = normalisedOf(reservation);
	const phone = query.phone === undefined ? undefined : phoneOf(reservation, country);
	return (
		(query.nameWords === undefined || (name !== undefined && wordsIn(query.nameWords, name))) &&
		(query.phone === undefined || (phone !== undefined && askedPhones.has(phone))) &&
		(query.email === undefined || email === query.email)
	);
}

/** A listing's reservations (their positions in it) by their phone's international form and by e-mail. */
interface GuestIndex {
	byPhone: Map<string, number[]>;
	byEmail: Map<string, number[]>;
}

/** Built once per listing and country (the run cache shares one listing between the run's items). */
const indexes = new WeakMap<readonly GuestFieldsOf[], Map<string | undefined, GuestIndex>>();

function add(map: Map<string, number[]>, key: string, position: number): void {
	const list = map.get(key);
	if (list) list.push(position);
	else map.set(key, [position]);
}

function indexOf(reservations: readonly GuestFieldsOf[], country: string | undefined): GuestIndex {
	let byCountry = indexes.get(reservations);
	if (!byCountry) indexes.set(reservations, (byCountry = new Map()));
	let index = byCountry.get(country);
	if (!index) {
		index = { byPhone: new Map(), byEmail: new Map() };
		reservations.forEach((reservation, position) => {
			const phone = phoneOf(reservation, country);
			const { email } = normalisedOf(reservation);
			if (phone !== undefined) add(index!.byPhone, phone, position);
			if (email !== undefined) add(index!.byEmail, email, position);
		});
		byCountry.set(country, index);
	}
	return index;
}

/** The positions of the reservations that can match, ascending; undefined: every one can. */
function candidatePositions(
	index: () => GuestIndex,
	query: GuestQuery,
	askedPhones: ReadonlySet<string>,
): number[] | undefined {
	if (query.phone !== undefined) {
		const positions = [...askedPhones].flatMap((phone) => index().byPhone.get(phone) ?? []);
		// Several numbers asked (a chain's countries): their reservations back in listing order.
		return askedPhones.size > 1 ? positions.sort((a, b) => a - b) : positions;
	}
	if (query.email !== undefined) return index().byEmail.get(query.email) ?? [];
	return undefined;
}

/**
 * The reservations of `reservations` (a listing of a restaurant of `place.country`) that match the
 * query, in their order: isGuestsReservation over the few that can match. A phone matches when its
 * international form is one of the numbers asked for (`place.phones`; by default the phone asked
 * for read in the restaurant's country), two e-mails only when equal: 500 guests looked up in
 * 15,000 bookings compare each with a handful, not with all of them.
 */
export function guestsReservations<T extends GuestFieldsOf>(
	reservations: readonly T[],
	query: GuestQuery,
	place: GuestSearchPlace = {},
): T[] {
	const { country } = place;
	const askedPhones = place.phones ?? phonesAsked(query, [country]);
	const positions = candidatePositions(() => indexOf(reservations, country), query, askedPhones);
	const candidates = positions ? positions.map((at) => reservations[at]) : reservations;
	return candidates.filter((reservation) => matches(reservation, query, askedPhones, country));
}
