/**
 * Events family (spec 2.9, 3, 4.6): restaurant events with their schedule, booking settings and
 * tickets in the floor layout; publication through the isOffline flag.
 */
import { localNow, toWallTime } from '../clock';
import { describeFault, priceFault } from '../money';
import { badRequest, notFound } from '../problems';
import { nowIso, type Store } from '../store/store';
import type { EventTicket, Json, RestaurantData, RestaurantEvent } from '../store/types';
import { eventDefaults } from '../seed/events';
import { created, emptyOk, handler, restaurantOf } from './context';

type EventInput = Json & Partial<RestaurantEvent>;
type ById = { eventId: number };

/** The fields of EventDetailsContract, the list view of an event (spec 2.9). */
const DETAIL_FIELDS = [
	'id',
	'name',
	'description',
	'promoImage',
	'startDate',
	'endDate',
	'isOffline',
	'isPublic',
	'dates',
	'additionalInfo',
	'reservationHours',
	'openingHours',
	'specialPeriods',
	'reservationSettings',
	'depositRules',
] as const;

function details(event: RestaurantEvent): Json {
	return Object.fromEntries(DETAIL_FIELDS.map((key) => [key, event[key] ?? null]));
}

function findEvent(data: RestaurantData, id: number): RestaurantEvent {
	const event = data.events.get(id);
	if (!event) throw notFound('Event', id);
	return event;
}

/** Normalises dates to restaurant-local time and gives every ticket an id and the event's id. */
function acceptEvent(data: RestaurantData, event: RestaurantEvent): RestaurantEvent {
	for (const field of ['startDate', 'endDate'] as const) {
		const local = toWallTime(String(event[field]), data.profile.timeZone);
		if (!local)
			throw badRequest('validation_failed', `${field} "${event[field]}" is not a date-time.`, {
				[field]: ['Not a date-time.'],
			});
		event[field] = local;
	}
	if (event.endDate < event.startDate) {
		throw badRequest(
			'invalid_dates',
			`endDate ${event.endDate} is before startDate ${event.startDate}.`,
		);
	}
	event.floors = (event.floors ?? []).map((floor, f) => ({
		...floor,
		id: floor.id ?? `floor-${event.id}-${f + 1}`,
		event: floor.event
			? {
					...floor.event,
					tickets: (floor.event.tickets ?? []).map((ticket, t): EventTicket => {
						const violation = priceFault(`floors[${f}].event.tickets[${t}].amount`, ticket.amount);
						if (violation) throw badRequest(violation.code, `${describeFault(violation)}.`);
						return {
							...ticket,
							id: ticket.id ?? `tkt-${event.id}-${f + 1}-${t + 1}`,
							eventId: event.id,
						};
					}),
				}
			: null,
	}));
	return event;
}

function setStatus(store: Store, by: 'user' | 'system') {
	return handler<ById, { isOffline: boolean }, never>((req) => {
		const data = restaurantOf(store, req);
		const event = findEvent(data, req.params.eventId);
		event.isOffline = req.query.isOffline;
		event.lastStatusChange = { by, at: nowIso() };
		store.record(data, {
			action: event.isOffline ? 'unpublished' : 'published',
			entity: 'event',
			entityId: String(event.id),
			actor: req.principal.actor,
		});
		return event;
	});
}

export function eventHandlers(store: Store) {
	const list = (keep: (event: RestaurantEvent, now: string) => boolean) =>
		handler((req) => {
			const data = restaurantOf(store, req);
			const now = localNow(data.profile.timeZone);
			return [...data.events.values()]
				.filter((e) => keep(e, now))
				.sort((a, b) => (a.startDate < b.startDate ? -1 : 1))
				.map(details);
		});

	/** A new event `id` from `base` and the body, a draft unless the body publishes it, stored. */
	const storeNew = (
		data: ReturnType<typeof restaurantOf>,
		id: number,
		base: Partial<RestaurantEvent>,
		body: EventInput | undefined,
	) => {
		const event = acceptEvent(data, {
			...base,
			isOffline: true,
			...body,
			id,
			lastStatusChange: null,
		} as RestaurantEvent);
		data.events.set(id, event);
		return event;
	};

	return {
		listEvents: list(() => true),
		// Published and not yet over, ongoing ones included.
		listActiveEvents: list((e, now) => !e.isOffline && e.endDate >= now),
		listPastEvents: list((e, now) => e.endDate < now),
		listDraftEvents: list((e) => e.isOffline),

		getEvent: handler<ById, object, never>((req) =>
			findEvent(restaurantOf(store, req), req.params.eventId),
		),

		createEvent: handler<object, object, EventInput>((req, reply) => {
			const data = restaurantOf(store, req);
			const id = store.nextNumber('event');
			// New events start as drafts unless the body publishes them.
			const event = storeNew(data, id, eventDefaults(), req.body);
			store.record(data, {
				action: 'created',
				entity: 'event',
				entityId: String(id),
				actor: req.principal.actor,
			});
			return created(reply, event);
		}),

		updateEvent: handler<ById, object, EventInput>((req) => {
			const data = restaurantOf(store, req);
			const stored = findEvent(data, req.params.eventId);
			// A full replacement: what the body leaves out is reset, except the publication status,
			// which only the status endpoints change.
			const event = acceptEvent(data, {
				...eventDefaults(),
				isOffline: stored.isOffline,
				...req.body,
				id: stored.id,
				lastStatusChange: stored.lastStatusChange,
			} as RestaurantEvent);
			data.events.set(stored.id, event);
			store.record(data, {
				action: 'updated',
				entity: 'event',
				entityId: String(stored.id),
				actor: req.principal.actor,
			});
			return event;
		}),

		deleteEvent: handler<ById, object, never>((req, reply) => {
			const data = restaurantOf(store, req);
			if (!data.events.delete(req.params.eventId)) throw notFound('Event', req.params.eventId);
			store.record(data, {
				action: 'deleted',
				entity: 'event',
				entityId: String(req.params.eventId),
				actor: req.principal.actor,
			});
			return emptyOk(reply);
		}),

		copyEvent: handler<{ copyFromId: number }, object, EventInput>((req, reply) => {
			const data = restaurantOf(store, req);
			const source = findEvent(data, req.params.copyFromId);
			const id = store.nextNumber('event');
			const copy = structuredClone(source);
			// Tickets of the copy get new ids from acceptEvent.
			for (const floor of copy.floors)
				for (const ticket of floor.event?.tickets ?? []) delete (ticket as Partial<EventTicket>).id;
			const event = storeNew(data, id, copy, req.body);
			store.record(data, {
				action: 'copied',
				entity: 'event',
				entityId: String(id),
				actor: req.principal.actor,
				changes: { copiedFrom: { from: null, to: source.id } },
			});
			return created(reply, event);
		}),

		setEventStatus: setStatus(store, 'user'),
		setEventStatusSystem: setStatus(store, 'system'),
	};
}
