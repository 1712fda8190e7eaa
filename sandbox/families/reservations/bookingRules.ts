/**
 * The restaurant's published booking rules (spec 2.7 special periods, 2.8 reservationSettings),
 * enforced where the sandbox says they apply: on bookings made by external applications (vendor
 * tokens, scope App), the restaurant's online channel. Staff and partner tokens book as the
 * restaurant's own hosts, who may book outside the online rules (README, "not shown" choices).
 * A broken rule is a 400 with the rule's code and a sentence a guest can be read (docs/sandbox.md).
 *
 * The sandbox's own implementation, on Luxon's calendar (./rules/): the package's nodes judge the
 * same rules with their own code, and the tests compare the two verdicts.
 */
import type { Principal } from '../../auth';
import { localNow } from '../../clock';
import { badRequest } from '../../problems';
import type { Json, Reservation, ReservationState, RestaurantData } from '../../store/types';
import { judgeBooking, type PublishedRules } from './rules/judge';

/** States whose booking no longer takes its place in a slot: the guest cancelled or never came. */
const RELEASED: ReadonlySet<ReservationState> = new Set<ReservationState>(['cancelled', 'noShow']);

export function enforceBookingRules(
	data: RestaurantData,
	principal: Principal,
	booking: { time: string; partySize: number },
	changing?: Reservation,
): void {
	if (principal.scope !== 'App') return;
	const day = booking.time.slice(0, 10);
	const taken = [...data.reservations.values()].filter(
		(r) => r !== changing && !RELEASED.has(r.state) && r.reservationTime.startsWith(day),
	);
	const rules: PublishedRules = {
		...(data.config.reservationSettings as Json),
		specialPeriods: (data.settings as { specialPeriods?: unknown }).specialPeriods,
	};
	const refusal = judgeBooking(rules, booking, {
		now: localNow(data.profile.timeZone),
		taken: taken.map((r) => ({ time: r.reservationTime, partySize: r.groupSize })),
	});
	if (refusal) throw badRequest(refusal.code, refusal.sentence);
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
