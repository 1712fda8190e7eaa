/**
 * Rules of a reservation record that the handlers and the seed share, and its input fields as
 * openapi.yaml declares them.
 */
import { plusHours } from '../../clock';
import { componentProperties, type OpenApiDocument } from '../../openapiDocument';
import type { Json, Reservation, ReservationState } from '../../store/types';

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

/**
 * The input fields of a reservation, read from CreateReservationContract in openapi.yaml (spec
 * 2.1), so that a plain new field is one entry there: the body may set it (the schema validates
 * it), the record stores it, every answer carries it.
 */
export interface ReservationFields {
	/** The fields stored as the body sends them; `order` is priced first (pricing.ts). */
	storedAsSent: readonly string[];
	/**
	 * The value of each field a create leaves out: null for a nullable one. The others are the
	 * handlers' (`reservationTime` and `groupSize` required, `state` and `deliveryType` their rules).
	 */
	defaults: Readonly<Json>;
}

export function reservationFields(document: OpenApiDocument): ReservationFields {
	const properties = componentProperties(document, 'CreateReservationContract');
	const names = Object.keys(properties);
	return {
		storedAsSent: names.filter((name) => name !== 'order'),
		defaults: Object.fromEntries(
			names.filter((name) => properties[name].nullable === true).map((name) => [name, null]),
		),
	};
}

/**
 * Fields the seed does not name (one added to openapi.yaml since) take their create default in
 * every seeded reservation, as records stored before a field existed read it on the platform.
 */
export function withDefaults(reservation: Reservation, fields: ReservationFields): void {
	for (const [name, value] of Object.entries(fields.defaults))
		if (!(name in reservation)) reservation[name] = value;
}
