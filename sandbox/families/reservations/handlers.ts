/** Reservations family (spec 4.1): create, list for a period, read, update, cancel. */
import { daysBetween, toWallTime } from '../../clock';
import { ApiProblem, badRequest, notFound } from '../../problems';
import { diffFields, nowIso, type Store } from '../../store/store';
import type { DeliveryType, Json, Reservation, RestaurantData } from '../../store/types';
import { created, handler, restaurantOf } from '../context';
import { enforceBookingRules, requireGuestName } from './bookingRules';
import { businessDateOf, emptyDetails, initialState, type ReservationFields } from './model';
import { priceOrder, type OrderRequest } from './pricing';

/** A create or update body, its fields those of CreateReservationContract (./model.ts). */
type ReservationInput = Json & {
	reservationTime?: string;
	groupSize?: number;
	state?: Reservation['state'];
	deliveryType?: DeliveryType;
	eventId?: number | null;
	order?: OrderRequest | null;
};

interface ListQuery {
	from?: string;
	to?: string;
	businessDateFrom?: string;
	businessDateTo?: string;
	pending?: boolean;
	unviewed?: boolean;
	includeEvents?: boolean;
	kind?: string;
	status?: string;
	VendorAppId?: string;
}

interface CancelInput {
	note?: string | null;
	cancelOptionName?: string | null;
	updatedBy?: string | null;
	origin?: string | null;
	doNotChargeFee?: boolean | null;
}

type ById = { reservationId: string };

function findReservation(data: RestaurantData, id: string): Reservation {
	const reservation = data.reservations.get(id);
	if (!reservation) throw notFound('Reservation', id);
	return reservation;
}

function timeZoneOf(data: RestaurantData): string {
	return data.profile.timeZone;
}

/** A date-time with an offset names an instant: it is stored as the restaurant's wall time. */
function localTime(data: RestaurantData, field: string, value: string): string {
	const local = toWallTime(value, timeZoneOf(data));
	if (!local)
		throw badRequest('validation_failed', `${field} "${value}" is not a date-time.`, {
			[field]: ['Not a date-time.'],
		});
	return local;
}

/** Checks and normalises what create and update share; returns the fields to store. */
function acceptInput(
	data: RestaurantData,
	input: ReservationInput,
	deliveryType: DeliveryType,
	storedAsSent: ReservationFields['storedAsSent'],
): Partial<Reservation> {
	if (input.state === 'cancelled') {
		throw badRequest(
			'invalid_state',
			'A reservation cannot be set to "cancelled" this way: use PUT .../reservations/{reservationId}/cancel.',
		);
	}
	if (input.eventId !== undefined && input.eventId !== null && !data.events.has(input.eventId)) {
		throw badRequest(
			'unknown_event',
			`eventId ${input.eventId} is not an event of restaurant ${data.profile.id}.`,
		);
	}
	const fields: Json = {};
	for (const key of storedAsSent) if (input[key] !== undefined) fields[key] = input[key];
	if (input.reservationTime !== undefined) {
		fields.reservationTime = localTime(data, 'reservationTime', input.reservationTime);
		fields.businessDate = businessDateOf(fields.reservationTime as string);
	}
	if (input.order !== undefined)
		fields.order = input.order === null ? null : priceOrder(input.order, deliveryType, data);
	return fields as Partial<Reservation>;
}

function matchesFilters(
	r: Reservation,
	q: ListQuery,
	range: { from?: string; to?: string },
): boolean {
	if (range.from && r.reservationTime < range.from) return false;
	if (range.to && r.reservationTime >= range.to) return false;
	if (q.businessDateFrom && r.businessDate < q.businessDateFrom) return false;
	if (q.businessDateTo && r.businessDate > q.businessDateTo) return false;
	if (!q.includeEvents && r.eventId !== null) return false;
	if (q.pending && r.state !== 'pending') return false;
	if (q.unviewed && r.viewed) return false;
	if (q.kind && r.kind !== q.kind) return false;
	if (q.status && r.state !== q.status) return false;
	if (q.VendorAppId && r.vendorAppId !== q.VendorAppId) return false;
	return true;
}

/** Longest period an application (scope App) may list at once (spec 4.1, 8). */
const MAX_RANGE_DAYS = 60;

/** Scope App: a range of at most 60 days is mandatory (spec 4.1, 8). */
function requireAppRange(range: { from?: string; to?: string }, q: ListQuery): void {
	const byTime = range.from !== undefined && range.to !== undefined;
	const byDate = q.businessDateFrom !== undefined && q.businessDateTo !== undefined;
	if (!byTime && !byDate) {
		throw badRequest(
			'range_required',
			`Applications (scope App) must give a date range: from and to, or businessDateFrom and businessDateTo, of at most ${MAX_RANGE_DAYS} days.`,
		);
	}
	// from and to bound a half-open period; business dates are both included.
	const days = byTime
		? daysBetween(range.from!, range.to!)
		: daysBetween(q.businessDateFrom!, q.businessDateTo!) + 1;
	const tooLong = days > MAX_RANGE_DAYS;
	if (tooLong) {
		throw badRequest(
			'range_too_long',
			`The date range is longer than ${MAX_RANGE_DAYS} days: split it into periods of at most ${MAX_RANGE_DAYS} days.`,
		);
	}
}

export function reservationHandlers(store: Store, { storedAsSent, defaults }: ReservationFields) {
	return {
		createReservation: handler<object, object, ReservationInput>((req, reply) => {
			const data = restaurantOf(store, req);
			const input = req.body;
			requireGuestName(input.customerName);
			const deliveryType = input.deliveryType ?? 'dineIn';
			const fields = acceptInput(data, input, deliveryType, storedAsSent);
			enforceBookingRules(data, req.principal, {
				time: fields.reservationTime as string,
				partySize: input.groupSize!,
			});
			const { actor, vendorAppId } = req.principal;
			const now = nowIso();
			const n = store.nextNumber(`reservation:${data.profile.id}`);
			const reservation = {
				id: `rsv-${data.profile.id}-${String(n).padStart(6, '0')}`,
				restaurantId: data.profile.id,
				...defaults,
				source: actor.type === 'application' ? actor.name : 'partner-api',
				createdBy: actor.name,
				...fields,
				state:
					input.state ?? initialState(input.groupSize!, data.config.reservationSettings as Json),
				deliveryType,
				kind: 'reservation',
				// Bookings from applications are new to the restaurant's staff until they look at them.
				viewed: actor.type === 'user',
				vendorAppId,
				doNotChargeFee: false,
				details: emptyDetails(),
				waiters: [],
				check: null,
				payment: null,
				createdAt: now,
				updatedAt: now,
				// Spec 4.1: on behalf of the user for staff and partner tokens, of the application for vendor tokens.
				createdOnBehalfOf: actor,
				lastUpdatedBy: null,
			} as Reservation;
			data.reservations.set(reservation.id, reservation);
			store.record(data, {
				action: 'created',
				entity: 'reservation',
				entityId: reservation.id,
				actor,
			});
			return created(reply, reservation);
		}),

		listReservations: handler<object, ListQuery, never>((req) => {
			const data = restaurantOf(store, req);
			const q = { ...req.query };
			const range = {
				from: q.from === undefined ? undefined : localTime(data, 'from', q.from),
				to: q.to === undefined ? undefined : localTime(data, 'to', q.to),
			};
			if (req.principal.scope === 'App') {
				requireAppRange(range, q);
				q.VendorAppId = req.principal.vendorAppId ?? undefined;
			}
			return [...data.reservations.values()]
				.filter((r) => matchesFilters(r, q, range))
				.sort((a, b) =>
					a.reservationTime < b.reservationTime
						? -1
						: a.reservationTime > b.reservationTime
							? 1
							: a.id < b.id
								? -1
								: 1,
				);
		}),

		getReservation: handler<ById, object, never>((req) => {
			const data = restaurantOf(store, req);
			return findReservation(data, req.params.reservationId);
		}),

		updateReservation: handler<ById, object, ReservationInput>((req) => {
			const data = restaurantOf(store, req);
			const reservation = findReservation(data, req.params.reservationId);
			if (reservation.state === 'cancelled') {
				throw new ApiProblem(
					409,
					'reservation_cancelled',
					`Reservation ${reservation.id} is cancelled and can no longer be changed.`,
				);
			}
			const deliveryType =
				req.body.deliveryType ?? (reservation.deliveryType as DeliveryType) ?? 'dineIn';
			if (req.body.customerName !== undefined) requireGuestName(req.body.customerName);
			const fields = acceptInput(data, req.body, deliveryType, storedAsSent);
			// The rules judge a booking's time and size: only a change of either is checked.
			if (fields.reservationTime !== undefined || fields.groupSize !== undefined)
				enforceBookingRules(
					data,
					req.principal,
					{
						time: fields.reservationTime ?? reservation.reservationTime,
						partySize: fields.groupSize ?? reservation.groupSize,
					},
					reservation,
				);
			const before = { ...reservation };
			Object.assign(reservation, fields, {
				updatedAt: nowIso(),
				lastUpdatedBy: req.principal.actor,
			});
			// Spec 4.1: the update is recorded against the current user.
			store.record(data, {
				action: 'updated',
				entity: 'reservation',
				entityId: reservation.id,
				actor: req.principal.actor,
				changes: diffFields(before, fields),
			});
			return reservation;
		}),

		cancelReservation: handler<ById, object, CancelInput>((req) => {
			const data = restaurantOf(store, req);
			const reservation = findReservation(data, req.params.reservationId);
			const input = req.body ?? {};
			if (reservation.state === 'cancelled') {
				throw new ApiProblem(
					409,
					'already_cancelled',
					`Reservation ${reservation.id} is already cancelled.`,
				);
			}
			const options = (
				data.config.reservationSettings as { cancellationOptions: Array<{ name: string }> }
			).cancellationOptions;
			if (input.cancelOptionName && !options.some((o) => o.name === input.cancelOptionName)) {
				const names = options.map((o) => `"${o.name}"`).join(', ');
				throw badRequest(
					'unknown_cancel_option',
					`cancelOptionName "${input.cancelOptionName}" is not a cancellation reason of this restaurant; use one of ${names}.`,
				);
			}
			const { actor } = req.principal;
			const now = nowIso();
			const before = { state: reservation.state };
			Object.assign(reservation, {
				state: 'cancelled',
				doNotChargeFee: input.doNotChargeFee ?? false,
				details: {
					...reservation.details,
					cancelOptionName: input.cancelOptionName ?? null,
					cancelNote: input.note ?? null,
					cancelSource: input.origin ?? (actor.type === 'application' ? 'application' : 'staff'),
					cancelledAt: now,
				},
				updatedAt: now,
				lastUpdatedBy: input.updatedBy ? { ...actor, name: input.updatedBy } : actor,
			});
			store.record(data, {
				action: 'cancelled',
				entity: 'reservation',
				entityId: reservation.id,
				actor,
				changes: diffFields(before, { state: 'cancelled' }),
			});
			return reservation;
		}),
	};
}
