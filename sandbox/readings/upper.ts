/**
 * The `upper` reading: a booking standard's vocabulary. Reservations carry `status` in upper case
 * with compound values (a cancellation says who cancelled), times are UTC instants with Z
 * ("2026-06-21T19:00:00Z"), restaurants give their zone as the fixed offset in force when asked
 * ("UTC+01:00"), and errors are OAuth-style `{ error, error_description }`.
 */
import { isZoneName } from '../clock';
import type { Reservation, ReservationState } from '../store/types';
import type { Reading } from './index';
import { localAsUtc, offsetMinutes, offsetText } from './time';

const STATES: Readonly<Record<ReservationState, string>> = {
	pending: 'PENDING_MERCHANT_CONFIRMATION',
	confirmed: 'CONFIRMED',
	arrived: 'CHECKED_IN',
	seated: 'SEATED',
	completed: 'COMPLETED',
	noShow: 'NO_SHOW',
	cancelled: 'CANCELED_BY_MERCHANT',
};

export const CANCELED_BY_CUSTOMER = 'CANCELED_BY_CUSTOMER';

/**
 * Cancellation sources on the customer's side: an application's (the sandbox's `cancelSource` when
 * a vendor token cancels), or an `origin` that names the guest. Staff, partner and anything else
 * are the merchant's.
 */
const CUSTOMER_SOURCES = new Set(['application', 'customer', 'guest']);

function cancelledBy(record: Reservation): string {
	const source = String(record.details?.cancelSource ?? '').toLowerCase();
	return CUSTOMER_SOURCES.has(source) ? CANCELED_BY_CUSTOMER : STATES.cancelled;
}

const FIXED_OFFSET = /^UTC([+-])(\d{2}):00$/;

export const upperReading: Reading = {
	name: 'upper',
	stateField: 'status',
	states: STATES,
	moreStates: { [CANCELED_BY_CUSTOMER]: 'cancelled' },
	stateOf: (record) =>
		record.state === 'cancelled' ? cancelledBy(record) : (STATES[record.state] ?? record.state),
	time: localAsUtc,
	timeZone: (iana, now) => `UTC${offsetText(offsetMinutes(now, iana))}`,
	// A whole-hour offset is a fixed zone (Etc/GMT-1 is UTC+01:00: the IANA sign is inverted).
	ianaOf: (value) => {
		const m = FIXED_OFFSET.exec(value);
		if (!m) return undefined;
		const hours = Number(m[2]);
		const zone = hours === 0 ? 'Etc/UTC' : `Etc/GMT${m[1] === '+' ? '-' : '+'}${hours}`;
		return isZoneName(zone) ? zone : undefined;
	},
	error: (problem) => ({
		contentType: 'application/json',
		body: { error: problem.code, error_description: problem.message },
	}),
};
