/** Rules of a reservation record that the handlers and the seed share. */
import { plusHours } from '../../clock';
import type { Reservation, ReservationState } from '../../store/types';

/** A business day runs from 04:00 to 04:00: a booking at 01:30 belongs to the evening before. */
const BUSINESS_DAY_START_HOUR = 4;

export function businessDateOf(reservationTime: string): string {
	return plusHours(reservationTime, -BUSINESS_DAY_START_HOUR).slice(0, 10);
}

/** Parties from the restaurant's approval size up wait for approval when approval is required. */
export function initialState(
	groupSize: number,
	reservationSettings: { approvalRequired?: boolean; approvalSize?: number },
): ReservationState {
	const needsApproval =
		reservationSettings.approvalRequired &&
		groupSize >= (reservationSettings.approvalSize ?? Infinity);
	return needsApproval ? 'pending' : 'confirmed';
}

export function emptyDetails(): Reservation['details'] {
	return {
		cancelOptionName: null,
		cancelNote: null,
		cancelSource: null,
		paymentError: null,
		paymentLinkUrl: null,
		cancelledAt: null,
	};
}

/** Input fields of CreateReservationContract that are stored as given (spec 2.1). */
export const RESERVATION_INPUT_FIELDS = [
	'reservationTime',
	'groupSize',
	'customerName',
	'phone',
	'email',
	'tableNumber',
	'specialRequests',
	'internalNotes',
	'aboutGuestNotes',
	'amount',
	'estimatedTurnOverTime',
	'source',
	'state',
	'deliveryType',
	'paymentType',
	'depositToken',
	'eventId',
	'externalUserId',
	'createdBy',
	'customerProfile',
	'additionals',
	'referral',
] as const;
