/** The Guests watch's items: the guest, their counts as the trigger knows them, the booking. */
import type { IDataObject } from 'n8n-workflow';
import type { GuestIdentity } from '../../../shared/guests/identity';
import type { MonthDay, OccasionKind } from '../../../shared/guests/occasions';
import { profileOf } from '../../../shared/guests/occasions';
import type { StateRole } from '../../../shared/reading/states';
import type { TriggerItem } from '../../types';
import type { KnownGuest } from './ledger';

export interface GuestItem extends TriggerItem {
	reservationId: string;
	reservation: IDataObject;
}

/** A booking whose guest the item is about. */
export interface GuestBooking {
	restaurantId: number | string;
	reservation: IDataObject;
	stateRole: StateRole;
	identity: GuestIdentity;
}

/** The item of a guest's occasion (new, returning, no-show), reported as `event`. */
export function guestItem(event: string, booking: GuestBooking, known: KnownGuest): GuestItem {
	const { reservation, stateRole, restaurantId, identity } = booking;
	return {
		event,
		restaurantId,
		guest: guestOf(reservation, identity),
		visits: known.visits,
		noShows: known.noShows,
		lastVisit: known.lastVisit ?? null,
		reservationId: String(reservation.id),
		stateRole,
		reservation,
	};
}

/** The item of a birthday or anniversary coming on `date` (restaurant-local), `daysUntil` from today. */
export function occasionItem(
	event: string,
	booking: GuestBooking,
	known: KnownGuest,
	occasion: { kind: OccasionKind; on: MonthDay; date: string; daysUntil: number },
): GuestItem {
	return {
		...guestItem(event, booking, known),
		occasion: occasion.kind,
		date: occasion.date,
		daysUntil: occasion.daysUntil,
		profile: profileOf(booking.reservation) ?? null,
	};
}

function guestOf(reservation: IDataObject, identity: GuestIdentity): IDataObject {
	return {
		name: reservation.customerName ?? null,
		phone: reservation.phone ?? null,
		email: reservation.email ?? null,
		identifiedBy: identity.by,
		identity: identity.value,
	};
}
