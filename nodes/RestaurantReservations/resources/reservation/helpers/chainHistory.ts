/**
 * A guest's history across a chain's restaurants (Get Guest History, All Accessible Restaurants):
 * the bookings the search matches in every restaurant, joined by who their guest is as the
 * trigger's Same Guest in Every Restaurant joins them (../../../../shared/guests/identity, a phone
 * without prefix read in its restaurant's country), summed up for the chain and per restaurant
 * (../../../../shared/guests/history).
 *
 * The search may match bookings of more than one guest (a name two people share, the same digits
 * in two countries): the item is about the guest with the most of them (at a tie, the one of the
 * latest booking); the others are named under `otherGuests`, never counted.
 */
import type { IDataObject } from 'n8n-workflow';
import {
	guestHistory,
	type GuestHistory,
	type RoledBooking,
} from '../../../../shared/guests/history';
import { guestIdentity, type GuestIdentity } from '../../../../shared/guests/identity';
import { instantOf, stateRoleOf } from '../../../../shared/reading/record';
import type { StateVocabulary } from '../../../../shared/reading/vocabulary';
import type { RestaurantListing } from './chainListings';
import { guestsReservations, phonesAsked, type GuestQuery } from './guestMatch';

/** A matched booking with its restaurant and who its guest is. */
export interface ChainBooking extends RoledBooking {
	listing: RestaurantListing;
	identity: GuestIdentity | undefined;
	instant: number;
}

/** The search's matches in every restaurant, earliest first. */
export function matchedBookings(
	listed: readonly RestaurantListing[],
	query: GuestQuery,
	vocabulary: StateVocabulary,
): ChainBooking[] {
	const phones = phonesAsked(
		query,
		listed.map((listing) => listing.restaurant.country),
	);
	return listed
		.flatMap((listing) => {
			const { timeZone, country } = listing.restaurant;
			return guestsReservations(listing.reservations, query, { country, phones }).map(
				(booking) => ({
					booking,
					listing,
					timeZone,
					country,
					role: stateRoleOf(booking, vocabulary),
					identity: guestIdentity(booking, country),
					instant: instantOf(booking.reservationTime, timeZone) ?? -Infinity,
				}),
			);
		})
		.sort((a, b) => a.instant - b.instant);
}

/** The matches grouped by guest, the item's guest first (most bookings, then the latest booking). */
export function byGuest(matched: readonly ChainBooking[]): ChainBooking[][] {
	const groups = new Map<string, ChainBooking[]>();
	for (const one of matched) {
		const key = one.identity?.key ?? '';
		groups.set(key, [...(groups.get(key) ?? []), one]);
	}
	const latest = (group: ChainBooking[]) => group[group.length - 1].instant;
	return [...groups.values()].sort((a, b) => b.length - a.length || latest(b) - latest(a));
}

const BREAKDOWN_FIELDS = [
	'bookings',
	'visits',
	'noShows',
	'cancellations',
	'upcoming',
	'firstVisit',
	'lastVisit',
	'nextBooking',
	'averagePartySize',
	'totalAmount',
	'noShowRate',
] as const;

/** One restaurant's part of the guest's history: its counts and dates, in its own time. */
function restaurantEntry(listing: RestaurantListing, bookings: ChainBooking[], now: number) {
	const { id, name, timeZone, country } = listing.restaurant;
	const summary = guestHistory(bookings, { now, timeZone, country });
	return {
		restaurantId: id,
		name,
		timeZone,
		period: { ...listing.period },
		...Object.fromEntries(BREAKDOWN_FIELDS.map((field) => [field, summary[field]])),
	};
}

/** Per restaurant where the guest has bookings, in the order the restaurants were listed. */
export function restaurantBreakdown(
	listed: readonly RestaurantListing[],
	bookings: readonly ChainBooking[],
	now: number,
): IDataObject[] {
	return listed
		.map((listing) => ({ listing, own: bookings.filter((b) => b.listing === listing) }))
		.filter(({ own }) => own.length > 0)
		.map(({ listing, own }) => restaurantEntry(listing, own, now));
}

/** The chain's summary of the guest's bookings; `found: false` and zero counts without any. */
export function chainSummary(bookings: readonly ChainBooking[], now: number): GuestHistory {
	const latest = bookings[bookings.length - 1];
	// Every booking carries its own zone and country; the clock's are for a guest with none.
	return guestHistory(bookings, {
		now,
		timeZone: latest?.timeZone ?? 'UTC',
		country: latest?.country,
	});
}

/**
 * The other guests the search matched: who they are and where, for the user to narrow it. Without
 * `identity` (an AI agent's tool: it talks to a guest, who must not learn another's number).
 */
export function otherGuests(
	groups: readonly ChainBooking[][],
	{ identity }: { identity: boolean },
): IDataObject[] {
	return groups.map((group) => ({
		...(identity ? { identity: (group[0].identity ?? null) as unknown as IDataObject } : {}),
		bookings: group.length,
		restaurantIds: [...new Set(group.map((b) => b.listing.restaurant.id))],
	}));
}

/** The criteria of the query, as a sentence names them. */
function criteriaOf(query: GuestQuery): string {
	const given = [
		query.nameWords ? 'name' : undefined,
		query.phone !== undefined ? 'phone number' : undefined,
		query.email !== undefined ? 'e-mail address' : undefined,
	].filter((criterion) => criterion !== undefined);
	return given.join(' and ');
}

/**
 * What the item's reader (a person, or an AI agent talking to the guest) should know when the
 * search matched other guests too, without anything about them; null when it matched one guest.
 */
export function otherGuestsNote(query: GuestQuery, others: number): string | null {
	if (others === 0) return null;
	// A phone asked for without its country code is the only way one phone matches two guests.
	const ask =
		query.phone === undefined
			? 'their phone number'
			: 'the country code of their phone number (e.g. +49)';
	const who = others === 1 ? '1 other guest has' : `${others} other guests have`;
	return `${who} bookings under this ${criteriaOf(query)}, not counted here: this answer is about the guest with the most bookings, who may not be the person you are serving. Ask for ${ask} and look them up again with it before using these details.`;
}
