/**
 * A reading at the HTTP boundary of the API: route hooks on the operations whose bodies it
 * rewrites, and the sender of its error bodies. The handlers and the store never see a reading.
 *
 * - Reservations (create, list, read, update, cancel): every record written with the reading's
 *   state field and value and its `reservationTime` form (preSerialization); create and update
 *   bodies may carry the state as `state` or `status`, in the reading's vocabulary or the
 *   sandbox's, and the list's `status` filter is read the same way (preValidation, before the
 *   schema sees them: an unknown value is a 400 in the reading's error shape).
 * - Restaurants (list, search, read, create, update): `timeZone` written in the reading's form; a
 *   `timeZone` sent in it (or as read) is taken back to its IANA zone.
 *
 * For the `sandbox` reading none of this runs: the handlers are routed as they are and errors are
 * the sandbox's own ProblemDetails (sendProblemDetails).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyOpenapiGlueOptions } from 'fastify-openapi-glue';
import type { Handler, Handlers } from '../families/context';
import { badRequest, sendProblemDetails, type ProblemSender } from '../problems';
import type { Json, Reservation } from '../store/types';
import {
	isReadingSpelling,
	normalizeState,
	readingValues,
	stateFromReading,
	type Reading,
} from './index';

type Hook = (request: FastifyRequest, reply: FastifyReply, payload?: unknown) => Promise<unknown>;

interface RouteOptions {
	handler: Handler;
	preValidation?: Hook;
	preSerialization?: Hook;
}

/** The IANA zone of a restaurant by id; undefined when there is none. */
export type ZoneOf = (restaurantId: number) => string | undefined;

/** Renders every API error in the reading's shape (`WWW-Authenticate: Bearer` on a 401 kept). */
export function problemSender(reading: Reading): ProblemSender {
	if (reading.name === 'sandbox') return sendProblemDetails;
	return (problem, request, reply) => {
		if (problem.status === 401) reply.header('WWW-Authenticate', 'Bearer');
		const answer = reading.error(problem, request.url);
		return reply.code(problem.status).type(answer.contentType).send(answer.body);
	};
}

/** A stored reservation as the reading writes it; keys keep their order, the store is untouched. */
export function presentReservation(reading: Reading, record: Reservation, zoneOf: ZoneOf): Json {
	const timeZone = zoneOf(record.restaurantId);
	const out: Json = {};
	for (const [key, value] of Object.entries(record)) {
		if (key === 'state') out[reading.stateField] = reading.stateOf(record);
		else if (key === 'reservationTime' && typeof value === 'string' && timeZone)
			out[key] = reading.time(value, timeZone);
		else out[key] = value;
	}
	return out;
}

/** A restaurant (RestaurantContract) as the reading writes it. */
export function presentRestaurant(reading: Reading, restaurant: Json, now: Date): Json {
	return typeof restaurant.timeZone === 'string'
		? { ...restaurant, timeZone: reading.timeZone(restaurant.timeZone, now) }
		: restaurant;
}

function unknownState(reading: Reading, field: string, value: unknown) {
	const values = readingValues(reading).join('", "');
	return badRequest(
		'validation_failed',
		`${field}: ${JSON.stringify(value)} is not a reservation state; use one of "${values}".`,
		{ [field]: [`Must be one of: ${readingValues(reading).join(', ')}.`] },
	);
}

function isObject(value: unknown): value is Json {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isSuccess = (reply: FastifyReply) => reply.statusCode < 400;

function reservationRoutes(reading: Reading, zoneOf: ZoneOf) {
	/** The list's `status` in the reading's own spelling: records are kept by their written value. */
	const writtenFilter = new WeakMap<FastifyRequest, string>();

	const present = (payload: unknown) =>
		isObject(payload) ? presentReservation(reading, payload as Reservation, zoneOf) : payload;

	/** Create and update: `state` or `status`, in either vocabulary, becomes the sandbox's `state`. */
	const inboundState: Hook = async (request) => {
		const body = request.body;
		if (!isObject(body)) return;
		if (body.status === null) delete body.status;
		const fields = (['state', 'status'] as const).filter(
			(f) => body[f] !== undefined && body[f] !== null,
		);
		if (fields.length === 0) return;
		const states = fields.map((field) => {
			const state = stateFromReading(reading, body[field]);
			if (!state) throw unknownState(reading, field, body[field]);
			return state;
		});
		if (states.length === 2 && states[0] !== states[1]) {
			throw badRequest(
				'validation_failed',
				`state ${JSON.stringify(body.state)} and status ${JSON.stringify(body.status)} name different states: send one of them.`,
				{ status: ['Differs from state.'] },
			);
		}
		delete body.status;
		body.state = states[0];
	};

	const inboundFilter: Hook = async (request) => {
		const query = request.query as Json;
		if (!isObject(query) || typeof query.status !== 'string') return;
		const value = query.status;
		const state = stateFromReading(reading, value);
		if (!state) throw unknownState(reading, 'status', value);
		query.status = state;
		if (isReadingSpelling(reading, value)) writtenFilter.set(request, normalizeState(value));
	};

	const outbound: Hook = async (request, reply, payload) => {
		if (!isSuccess(reply)) return payload;
		if (!Array.isArray(payload)) return present(payload);
		const records = payload.map(present);
		const wanted = writtenFilter.get(request);
		return wanted === undefined
			? records
			: records.filter(
					(r) => isObject(r) && normalizeState(String(r[reading.stateField])) === wanted,
				);
	};

	return {
		createReservation: { preValidation: inboundState, preSerialization: outbound },
		updateReservation: { preValidation: inboundState, preSerialization: outbound },
		listReservations: { preValidation: inboundFilter, preSerialization: outbound },
		getReservation: { preSerialization: outbound },
		cancelReservation: { preSerialization: outbound },
	};
}

function restaurantRoutes(reading: Reading, zoneOf: ZoneOf) {
	const present = (payload: unknown, now: Date) =>
		isObject(payload) ? presentRestaurant(reading, payload, now) : payload;

	const outbound: Hook = async (_request, reply, payload) => {
		if (!isSuccess(reply)) return payload;
		const now = new Date();
		return Array.isArray(payload) ? payload.map((r) => present(r, now)) : present(payload, now);
	};

	/**
	 * A `timeZone` sent as the reading writes the restaurant's current one keeps that zone (a read
	 * record sent back unchanged); another in the reading's form becomes its IANA zone; anything
	 * else is left for the handler's check.
	 */
	const inboundZone: Hook = async (request) => {
		const body = request.body;
		if (!isObject(body) || typeof body.timeZone !== 'string') return;
		const id = Number((request.params as { restaurantId?: string }).restaurantId);
		const current = Number.isInteger(id) ? zoneOf(id) : undefined;
		if (current && body.timeZone === reading.timeZone(current, new Date())) body.timeZone = current;
		else body.timeZone = reading.ianaOf(body.timeZone) ?? body.timeZone;
	};

	return {
		listRestaurants: { preSerialization: outbound },
		searchRestaurants: { preSerialization: outbound },
		getRestaurant: { preSerialization: outbound },
		createRestaurant: { preValidation: inboundZone, preSerialization: outbound },
		updateRestaurant: { preValidation: inboundZone, preSerialization: outbound },
	};
}

/**
 * fastify-openapi-glue's operation resolver: each operation's handler, with the reading's hooks on
 * the operations it rewrites. For the `sandbox` reading, the handlers alone. (The plugin's type
 * asks for Fastify's full RouteOptions; it takes the handler and hooks alone, and an unknown
 * operation becomes its "not implemented" route.)
 */
export function readingResolver(
	reading: Reading,
	handlers: Handlers,
	zoneOf: ZoneOf,
): NonNullable<FastifyOpenapiGlueOptions['operationResolver']> {
	const hooks: Record<string, Omit<RouteOptions, 'handler'>> = reading.name === 'sandbox'
		? {}
		: { ...reservationRoutes(reading, zoneOf), ...restaurantRoutes(reading, zoneOf) };
	const resolve = (operationId: string): Handler | RouteOptions | undefined => {
		const handler = handlers[operationId] as Handler | undefined;
		return handler && hooks[operationId] ? { handler, ...hooks[operationId] } : handler;
	};
	return resolve as unknown as NonNullable<FastifyOpenapiGlueOptions['operationResolver']>;
}
