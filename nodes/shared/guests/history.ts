/**
 * A guest's history at one restaurant, summarised from their bookings and state roles (Reservation
 * › Get Guest History): visits (./roles), no-shows, cancellations, upcoming bookings after now,
 * first and last visit and next booking (restaurant-local), average party size of the visits (one
 * decimal), their amount (to the cent), the no-show rate among past standing bookings (two
 * decimals), the latest contact, identity and profile. A booking whose time cannot be read counts
 * everywhere but in the times and upcoming. A chain's bookings each carry their restaurant's zone
 * and country: they are placed in time by instant, their times stay their restaurant's.
 */
import type { IDataObject } from 'n8n-workflow';
import { roundMoney } from '../money';
import { instantOf, localTimeOf } from '../reading/record';
import type { StateRole } from '../reading/states';
import { guestIdentity, type GuestIdentity } from './identity';
import { profileOf } from './occasions';
import { isVisit, stands } from './roles';

/** A booking and its state role, as the caller read it (stateRoleOf with the user's vocabulary). */
export interface RoledBooking {
	booking: IDataObject;
	role: StateRole;
	/** Its restaurant's zone and country when they are not the clock's: a chain's bookings. */
	timeZone?: string;
	country?: string;
}

/** Where and when the history is read. */
export interface HistoryClock {
	/** Now, epoch milliseconds. */
	now: number;
	/** The restaurant's IANA zone. */
	timeZone: string;
	/** The restaurant's country (ISO 3166-1 alpha-2), for phone numbers without a prefix. */
	country?: string;
}

export interface GuestContact {
	name: string | null;
	phone: string | null;
	email: string | null;
	identity: GuestIdentity | null;
}

export interface GuestHistory {
	found: boolean;
	guest: GuestContact;
	bookings: number;
	visits: number;
	noShows: number;
	cancellations: number;
	upcoming: number;
	firstVisit: string | null;
	lastVisit: string | null;
	nextBooking: string | null;
	averagePartySize: number | null;
	totalAmount: number;
	noShowRate: number | null;
	profile: IDataObject | null;
}

/** A booking placed in time: its instant (undefined when unreadable) and restaurant-local time. */
interface Placed extends RoledBooking {
	instant: number | undefined;
	local: string | null;
}

const isUpcomingRole = (role: StateRole) =>
	!isVisit(role) && role !== 'noShow' && role !== 'cancelled';

const textOrNull = (value: unknown) =>
	typeof value === 'string' && value.trim() !== '' ? value : null;

/** The finite numbers among the values. */
const numbers = (values: readonly unknown[]): number[] =>
	values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));

function placed(bookings: readonly RoledBooking[], timeZone: string): Placed[] {
	return bookings
		.map((one) => ({
			...one,
			instant: instantOf(one.booking.reservationTime, one.timeZone ?? timeZone),
			local: localTimeOf(one.booking.reservationTime, one.timeZone ?? timeZone) ?? null,
		}))
		.sort((a, b) => (a.instant ?? -Infinity) - (b.instant ?? -Infinity));
}

/** Earliest first; bookings without a readable time left out. */
const timed = (bookings: readonly Placed[]) => bookings.filter((b) => b.instant !== undefined);

function contactOf(latest: Placed | undefined, country: string | undefined): GuestContact {
	if (!latest) return { name: null, phone: null, email: null, identity: null };
	const { booking } = latest;
	return {
		name: textOrNull(booking.customerName),
		phone: textOrNull(booking.phone),
		email: textOrNull(booking.email),
		identity: guestIdentity(booking, latest.country ?? country) ?? null,
	};
}

/** The `customerProfile` of the latest booking that has one. */
function latestProfile(bookings: readonly Placed[]): IDataObject | null {
	for (let i = bookings.length - 1; i >= 0; i--) {
		const profile = profileOf(bookings[i].booking);
		if (profile) return profile;
	}
	return null;
}

/** The mean of the values, to one decimal; null without any. */
export function averageOf(values: readonly number[]): number | null {
	if (values.length === 0) return null;
	return Math.round((values.reduce((sum, v) => sum + v, 0) / values.length) * 10) / 10;
}

/** The sum of money amounts, to the cent. */
export function moneySum(values: readonly number[]): number {
	return roundMoney(values.reduce((sum, v) => sum + v, 0));
}

/** part / whole to two decimals; null when whole is 0. */
export function rateOf(part: number, whole: number): number | null {
	return whole === 0 ? null : Math.round((part / whole) * 100) / 100;
}

/** The summary of a guest's bookings; `found: false` and zero counts when there are none. */
export function guestHistory(bookings: readonly RoledBooking[], clock: HistoryClock): GuestHistory {
	const all = placed(bookings, clock.timeZone);
	const visits = all.filter((b) => isVisit(b.role));
	const timedVisits = timed(visits);
	const upcoming = timed(all).filter(
		(b) => isUpcomingRole(b.role) && (b.instant as number) > clock.now,
	);
	const pastStanding = timed(all).filter(
		(b) => stands(b.role) && (b.instant as number) <= clock.now,
	);
	return {
		found: all.length > 0,
		guest: contactOf(all[all.length - 1], clock.country),
		bookings: all.length,
		visits: visits.length,
		noShows: all.filter((b) => b.role === 'noShow').length,
		cancellations: all.filter((b) => b.role === 'cancelled').length,
		upcoming: upcoming.length,
		firstVisit: timedVisits[0]?.local ?? null,
		lastVisit: timedVisits[timedVisits.length - 1]?.local ?? null,
		nextBooking: upcoming[0]?.local ?? null,
		averagePartySize: averageOf(numbers(visits.map((b) => b.booking.groupSize))),
		totalAmount: moneySum(numbers(visits.map((b) => b.booking.amount))),
		noShowRate: rateOf(pastStanding.filter((b) => b.role === 'noShow').length, pastStanding.length),
		profile: latestProfile(all),
	};
}
