/**
 * What the bookings' changes mean for their guests, settled once per poll over the listed
 * restaurants (in ID order) against the known guests (./ledger): New Guest for a guest's first
 * booking that stands (a cancelled first booking makes no guest), Returning Guest for a known
 * guest's new or newly accepted booking, Guest No-Show, visit and no-show counts as bookings enter
 * and leave those roles, and a known guest's birthday or anniversary coming, once a year. A first
 * listing is a baseline: its guests become known, nothing is reported. By state roles, never state
 * names. The rules in full: docs/trigger.md, Watching guests.
 */
import type { IDataObject } from 'n8n-workflow';
import { addLocalYears, DAY_MS, parseLocal } from '../../../shared/dateWindows';
import { toLocalDate } from '../../../shared/localTime';
import { guestIdentity } from '../../../shared/guests/identity';
import type { MonthDay, OccasionKind } from '../../../shared/guests/occasions';
import { occasionOf } from '../../../shared/guests/occasions';
import { isVisit, stands } from '../../../shared/guests/roles';
import { localTimeOf, stateRoleOf } from '../../../shared/reading/record';
import type { StateRole } from '../../../shared/reading/states';
import { byId } from '../../poll/nextState';
import type {
	ComparedRestaurant,
	GuestSettings,
	Listing,
	PollScope,
	Restaurant,
	TriggerItem,
} from '../../types';
import type { GuestBooking, GuestItem } from './items';
import { guestItem, occasionItem } from './items';
import type { KnownGuest } from './ledger';
import { GuestLedger, guestKey } from './ledger';
import type { GuestOccasion } from './triggerEvents';
import { GUEST_EVENTS, GUEST_TRIGGER_EVENTS } from './triggerEvents';

/** A booking's change as the comparison found it (the Guests watch's raw item, never emitted). */
export interface BookingChange extends TriggerItem {
	event: 'booking';
	reservationId: string;
	reservation: IDataObject;
	stateRole: StateRole;
	/** Undefined when the booking is new to the trigger. */
	previousStateRole?: StateRole;
	/** Made since the previous poll (not only come into view as the period moved). */
	newBooking: boolean;
}

const OCCASIONS: readonly OccasionKind[] = ['birthday', 'anniversary'];
const GREETED = { birthday: 'birthdayGreeted', anniversary: 'anniversaryGreeted' } as const;

export function guestBook({ settings, stored, now, vocabulary }: PollScope, guests: GuestSettings) {
	const chosen = settings.events;
	const watchesOccasions = chosen.has(GUEST_EVENTS.occasionComing);

	/** The booking's guest, with their key in the ledger; undefined when the booking names nobody. */
	function guestOf(reservation: IDataObject, restaurant: Restaurant) {
		const identity = guestIdentity(reservation, restaurant.country);
		if (!identity) return undefined;
		const scope = guests.sameGuestEverywhere ? undefined : restaurant.key;
		return { identity, key: guestKey(identity.key, scope) };
	}

	function settle(listed: ComparedRestaurant[]): { guests?: string } {
		const ledger = GuestLedger.read(stored?.guests);
		for (const outcome of [...listed].sort((a, b) => byId(a.restaurant, b.restaurant))) {
			const { listing, compared } = outcome;
			const { restaurant } = listing;
			const items: GuestItem[] = [];
			// Every booking read (the history too) only where it is needed: a baseline, the occasions.
			const bookings = compared.baseline || watchesOccasions ? bookingsOf(listing) : [];
			if (compared.baseline) learn(ledger, bookings, restaurant);
			else
				for (const change of compared.items as BookingChange[])
					items.push(...settleChange(ledger, change, restaurant));
			if (watchesOccasions)
				items.push(...occasions(ledger, bookings, restaurant, compared.baseline));
			compared.items = items;
			keepSweptOn(outcome);
		}
		const text = ledger.write();
		return text === '' ? {} : { guests: text };
	}

	/** A restaurant's first listing: its guests become known with their counts, nothing is reported. */
	function learn(ledger: GuestLedger, bookings: IDataObject[], restaurant: Restaurant): void {
		for (const reservation of bookings) {
			const role = stateRoleOf(reservation, vocabulary);
			if (!stands(role)) continue;
			const guest = guestOf(reservation, restaurant);
			if (!guest) continue;
			const known = ledger.get(guest.key) ?? { visits: 0, noShows: 0 };
			count(known, reservation, undefined, role, restaurant.timeZone);
			ledger.set(guest.key, known);
		}
	}

	function settleChange(
		ledger: GuestLedger,
		change: BookingChange,
		restaurant: Restaurant,
	): GuestItem[] {
		const { reservation, stateRole: role, previousStateRole: before } = change;
		const guest = guestOf(reservation, restaurant);
		if (!guest) return [];
		const knownBefore = ledger.get(guest.key);
		const occasions: GuestOccasion[] = [];
		if (stands(role) && !(before !== undefined && stands(before))) {
			if (!knownBefore) occasions.push('newGuest');
			else if (change.newBooking || before === 'awaitingApproval' || before === 'unknown')
				occasions.push('returningGuest');
		}
		if (role === 'noShow' && before !== 'noShow') occasions.push('noShow');
		if (!knownBefore && !stands(role)) return [];
		const known = { ...(knownBefore ?? { visits: 0, noShows: 0 }) };
		count(known, reservation, before, role, restaurant.timeZone);
		ledger.set(guest.key, known);
		const booking: GuestBooking = {
			restaurantId: restaurant.id,
			reservation,
			stateRole: role,
			identity: guest.identity,
		};
		return occasions.flatMap((occasion) => {
			const event = GUEST_TRIGGER_EVENTS.eventFor(occasion, chosen);
			return event ? [guestItem(event, booking, known)] : [];
		});
	}

	/** The occasions due at this poll of the known guests of these bookings (each guest's latest booking). */
	function occasions(
		ledger: GuestLedger,
		bookings: IDataObject[],
		restaurant: Restaurant,
		baseline: boolean,
	): GuestItem[] {
		const today = toLocalDate(new Date(now), restaurant.timeZone);
		// Most bookings have no date in their profile, or one far off: only the due ones are sorted.
		const due = bookings.flatMap((reservation) =>
			OCCASIONS.flatMap((kind) => {
				const on = occasionOf(reservation, kind);
				const coming = on && nextOccurrence(on, today);
				return coming && coming.daysUntil <= guests.occasionDaysBefore
					? [{ reservation, kind, on, coming }]
					: [];
			}),
		);
		due.sort((a, b) =>
			String(b.reservation.reservationTime ?? '').localeCompare(
				String(a.reservation.reservationTime ?? ''),
			),
		);
		const items: GuestItem[] = [];
		const seen = new Set<string>();
		for (const { reservation, kind, on, coming } of due) {
			const guest = guestOf(reservation, restaurant);
			if (!guest || seen.has(`${kind}${guest.key}`)) continue;
			seen.add(`${kind}${guest.key}`);
			const known = ledger.get(guest.key);
			if (!known || known[GREETED[kind]] === coming.year) continue;
			const greeted = { ...known, [GREETED[kind]]: coming.year };
			ledger.set(guest.key, greeted);
			if (baseline) continue;
			const booking: GuestBooking = {
				restaurantId: restaurant.id,
				reservation,
				stateRole: stateRoleOf(reservation, vocabulary),
				identity: guest.identity,
			};
			items.push(
				occasionItem(GUEST_EVENTS.occasionComing, booking, greeted, { kind, on, ...coming }),
			);
		}
		return items;
	}

	/** The history read at this poll marks the day; otherwise the previous mark is kept. */
	function keepSweptOn({ listing, compared, restaurant }: ComparedRestaurant): void {
		const previous = stored?.restaurants[restaurant.key]?.snapshot;
		if (listing.history !== undefined) {
			const today = toLocalDate(new Date(now), restaurant.timeZone);
			if (compared.next.sweptOn !== today) compared.next = { ...compared.next, sweptOn: today };
		} else if (compared.next !== previous && previous?.sweptOn !== undefined)
			compared.next.sweptOn = previous.sweptOn;
	}

	/** Bookings of the listing for the samples of a manual run. */
	function samplesOf(listings: Listing[]): GuestBooking[] {
		return listings.flatMap(({ restaurant, records }) =>
			[...records.values()].slice(0, 200).flatMap(({ value }) => {
				const guest = guestOf(value, restaurant);
				return guest
					? [
							{
								restaurantId: restaurant.id,
								reservation: value,
								stateRole: stateRoleOf(value, vocabulary),
								identity: guest.identity,
							},
						]
					: [];
			}),
		);
	}

	return { settle, samplesOf };
}

/** The listing's bookings with the history read before its period, if any. */
function bookingsOf(listing: Listing): IDataObject[] {
	const listed = [...listing.records.values()].map((one) => one.value);
	return listing.history ? [...listing.history, ...listed] : listed;
}

/** A booking entering or leaving the visit and no-show roles changes the guest's counts. */
function count(
	known: KnownGuest,
	reservation: IDataObject,
	before: StateRole | undefined,
	role: StateRole,
	timeZone: string,
): void {
	const wasVisit = before !== undefined && isVisit(before);
	if (isVisit(role) && !wasVisit) {
		known.visits++;
		const day = localTimeOf(reservation.reservationTime, timeZone)?.slice(0, 10);
		if (day && !(known.lastVisit && known.lastVisit >= day)) known.lastVisit = day;
	} else if (wasVisit && !isVisit(role)) known.visits = Math.max(0, known.visits - 1);
	if (role === 'noShow' && before !== 'noShow') known.noShows++;
	else if (before === 'noShow' && role !== 'noShow') known.noShows = Math.max(0, known.noShows - 1);
}

/** The next date of a yearly occasion on or after `today` (local dates); 29 February is the 28th in other years. */
function nextOccurrence(
	on: MonthDay,
	today: string,
): { date: string; daysUntil: number; year: number } {
	const thisYear = Number(today.slice(0, 4));
	const year = dateIn(thisYear, on) >= today ? thisYear : thisYear + 1;
	const date = dateIn(year, on);
	const daysUntil = Math.round((parseLocal(date)! - parseLocal(today)!) / DAY_MS);
	return { date, daysUntil, year };
}

/** The occasion's date in `year`: 2000 had a 29 February, which addLocalYears moves to the 28th in other years. */
function dateIn(year: number, { month, day }: MonthDay): string {
	const inLeapYear = `2000-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T00:00:00`;
	return addLocalYears(inLeapYear, year - 2000).slice(0, 10);
}
