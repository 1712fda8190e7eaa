/**
 * The restaurant's published booking rules (nodes/shared/bookingRules.ts), enforced where the
 * sandbox says they apply: on bookings made by external applications (vendor tokens, scope App),
 * the restaurant's online channel. Staff and partner tokens book as the restaurant's own hosts,
 * who may book outside the online rules (README, "not shown" choices). A broken rule is a 400
 * with the rule's code and the same sentence the node gives.
 */
import { bookingRulesOf, checkBooking, holdsATable } from '../../../nodes/shared/bookingRules';
import { recogniseState } from '../../../nodes/shared/reading/states';
import { toLocalDateTime } from '../../../nodes/shared/localTime';
import type { Principal } from '../../auth';
import { badRequest } from '../../problems';
import type { Json, Reservation, RestaurantData } from '../../store/types';

export function enforceBookingRules(
	data: RestaurantData,
	principal: Principal,
	booking: { time: string; partySize: number },
	changing?: Reservation,
): void {
	if (principal.scope !== 'App') return;
	const rules = bookingRulesOf(
		data.config.reservationSettings as Json,
		data.settings as { specialPeriods?: unknown },
	);
	const bookings = [...data.reservations.values()]
		.filter((r) => r !== changing && holdsATable(recogniseState(r.state)))
		.filter((r) => r.reservationTime.slice(0, 10) === booking.time.slice(0, 10))
		.map((r) => ({ time: r.reservationTime, partySize: r.groupSize }));
	const verdict = checkBooking(rules, booking, {
		now: toLocalDateTime(new Date(), data.profile.timeZone),
		bookings,
	});
	if (!verdict.bookable) throw badRequest(verdict.rule!, verdict.reason!);
}

/** The guest's name: required on create, and never blank. */
export function requireGuestName(name: unknown): void {
	if (typeof name !== 'string' || name.trim() === '')
		throw badRequest(
			'customer_name_required',
			"customerName is required: give the guest's name (it cannot be empty).",
			{ customerName: ['Required, not empty.'] },
		);
}
