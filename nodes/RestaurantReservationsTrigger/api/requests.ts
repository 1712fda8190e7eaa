/**
 * The trigger's requests: every one either answers or throws a NodeApiError that says what failed
 * and that nothing was lost. All of a poll's requests share its pace (./pacing: a limit on requests
 * in flight, and a 429's Retry-After pausing them all); a 429 is retried when the wait fits in what
 * is left of the poll's time budget. An error that only says the time ran out (the budget, or a
 * Retry-After beyond it) is told apart (`ranOutOfTime`): the poll leaves what it interrupted to the
 * next poll instead of counting it as a failure.
 */
import { statusQueryOf } from '../../shared/reading/vocabulary';
import type { IDataObject, IN8nHttpFullResponse, IPollFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { LocalWindow } from '../../shared/dateWindows';
import {
	apiError,
	declared,
	declaredFailure,
	failureOfThrown,
	retryAfterMsOf,
	withFailure,
	type FailureCause,
} from '../../shared/errors';
import type { ApiRequest } from '../../shared/transport';
import { apiPath } from '../../shared/paths';
import { DEFAULT_REQUESTS_AT_ONCE } from '../../shared/requestsAtOnce';
import { apiRequestFull } from '../../shared/transport';
import type { ListFilters, PollClock } from '../types';
import { RequestPacing } from './pacing';

/** Longest wait for one response. */
export const REQUEST_TIMEOUT_MS = 60_000;
/** How often one request is retried after a 429. */
export const MAX_RATE_LIMIT_RETRIES = 5;
/** Wait after a 429 without a usable Retry-After. */
const DEFAULT_RETRY_AFTER_MS = 1_000;
/** Time kept free at the end of the budget for the work after the last response. */
const BUDGET_MARGIN_MS = 2_000;
/** n8n's budget for a poll without durable cursors (n8n-core PollContext), and ours for an n8n that gives none. */
export const DEFAULT_BUDGET_MS = 5 * 60_000;
/** Requests of one poll in flight at once, unless the Requests at Once option says otherwise. */
export const DEFAULT_REQUEST_LIMIT = DEFAULT_REQUESTS_AT_ONCE;

export const NOTHING_LOST =
	'Nothing was emitted and the stored snapshot was kept: the next successful poll reports every change since the last successful one, once.';

/** The poll's clock and the pace its requests share; `requestLimit`: requests in flight at once. */
export function startClock(
	context: IPollFunctions,
	requestLimit = DEFAULT_REQUEST_LIMIT,
): PollClock {
	const budget =
		typeof context.getPollBudgetMs === 'function' ? context.getPollBudgetMs() : DEFAULT_BUDGET_MS;
	return {
		startedAt: Date.now(),
		budgetMs: budget > 0 ? budget : DEFAULT_BUDGET_MS,
		pacing: new RequestPacing(requestLimit),
	};
}

/** When the poll's last response must have arrived, epoch ms. */
export function deadlineOf(clock: PollClock): number {
	return clock.startedAt + clock.budgetMs - BUDGET_MARGIN_MS;
}

export function remainingMs(clock: PollClock): number {
	return deadlineOf(clock) - Date.now();
}

/** Errors that only say the poll's time ran out. */
const timeUp = new WeakSet<Error>();

/** Whether an error only says that the poll's time ran out (its budget, or a Retry-After beyond it). */
export function ranOutOfTime(error: unknown): boolean {
	return error instanceof Error && timeUp.has(error);
}

function markedTimeUp<E extends Error>(error: E): E {
	timeUp.add(error);
	return error;
}

function withContext(error: NodeApiError, what: string): NodeApiError {
	error.description = [error.description, `While fetching ${what}.`, NOTHING_LOST]
		.filter(Boolean)
		.join(' ');
	return error;
}

function unreachable(
	context: IPollFunctions,
	cause: unknown,
	what: string,
	timeoutMs: number,
): NodeApiError {
	const original = cause as {
		message?: string;
		code?: string;
		cause?: { code?: string; message?: string };
	};
	const code = original?.cause?.code ?? original?.code;
	const timedOut =
		code === 'ECONNABORTED' ||
		code === 'ETIMEDOUT' ||
		/timeout|timed out/i.test(`${original?.message} ${original?.cause?.message}`);
	const message = timedOut
		? `The restaurant platform did not answer within ${Math.round(timeoutMs / 1000)} seconds`
		: 'The restaurant platform could not be reached';
	const reason = original?.cause?.message ?? original?.message;
	// The platform did not answer, whatever the code (see failureOfThrown): it comes back on its own.
	const failure: FailureCause = { cause: 'temporarily-unavailable' };
	const error = new NodeApiError(
		context.getNode(),
		{ message: reason ?? message, ...(code ? { code } : {}) } as JsonObject,
		{
			message,
			description: [reason ? `Cause: ${reason}.` : '', `While fetching ${what}.`, NOTHING_LOST]
				.filter(Boolean)
				.join(' '),
			failure,
		},
	);
	// NodeApiError replaces the message of a known network code with a generic one: keep ours.
	error.message = message;
	return declared(error, failure);
}

/**
 * The poll's time ran out before the first restaurant was listed: the API answers slowly, or asked
 * to wait longer than the poll may, `temporarily-unavailable` (a later poll gets through).
 */
export function outOfTime(context: IPollFunctions, what: string, clock: PollClock): NodeApiError {
	const failure: FailureCause = { cause: 'temporarily-unavailable' };
	const error = new NodeApiError(
		context.getNode(),
		{ message: 'poll budget exhausted' } as JsonObject,
		{
			message: `The poll ran out of time (${Math.round(clock.budgetMs / 1000)} seconds) before every list was fetched`,
			description: `While fetching ${what}. The API is slow or asks to wait: poll less often or watch less (a shorter horizon, one restaurant). ${NOTHING_LOST}`,
			failure,
		},
	);
	return markedTimeUp(declared(error, failure));
}

/**
 * One request: its response (any status below 400, and 403/404 when `allowMissing`), or a thrown
 * NodeApiError. It waits for its turn in the poll's pace; a 429 pauses every request of the poll
 * and is retried (first in line) when the pause ends within the budget.
 */
export async function send(
	context: IPollFunctions,
	request: ApiRequest,
	what: string,
	clock: PollClock,
	allowMissing = false,
): Promise<IN8nHttpFullResponse> {
	const deadline = deadlineOf(clock);
	for (let attempt = 0; ; attempt++) {
		const startedAt = await clock.pacing.start(deadline, attempt > 0);
		if (startedAt === undefined) throw outOfTime(context, what, clock);
		const timeout = Math.min(REQUEST_TIMEOUT_MS, deadline - startedAt);
		let response: IN8nHttpFullResponse;
		try {
			response = await apiRequestFull(context, { ...request, timeout });
		} catch (error) {
			clock.pacing.finish();
			// Cut off by the end of the budget rather than by the server.
			if (Date.now() >= deadline) throw outOfTime(context, what, clock);
			// The transport's own verdict (no OAuth2 token could be had) says what to check.
			if (error instanceof NodeOperationError) {
				const failure = declaredFailure(error);
				throw declared(
					new NodeOperationError(context.getNode(), error.message, {
						description: error.description ?? undefined,
						failure,
					}),
					failure,
				);
			}
			// A mistake of the nodes' own code is not the platform's silence.
			if (failureOfThrown(error)?.cause === 'node-defect')
				throw withFailure(context.getNode(), error);
			throw unreachable(context, error, what, timeout);
		}
		const status = response.statusCode;
		if (status !== 429) {
			clock.pacing.finish();
			if (status < 400 || (allowMissing && (status === 403 || status === 404))) return response;
			throw failure(context, response, what);
		}
		clock.pacing.refusedKeepingPlace(
			startedAt,
			retryAfterMsOf(response.headers) ?? DEFAULT_RETRY_AFTER_MS,
		);
		const giveUp =
			attempt >= MAX_RATE_LIMIT_RETRIES
				? failure(context, response, what)
				: clock.pacing.resumesAt >= deadline
					? markedTimeUp(failure(context, response, what))
					: undefined;
		if (giveUp) {
			clock.pacing.release();
			throw giveUp;
		}
	}
}

/** The error that fails the poll for a response of status 400 or above. */
export function failure(
	context: IPollFunctions,
	response: IN8nHttpFullResponse,
	what: string,
): NodeApiError {
	return withContext(
		apiError(context.getNode(), response.statusCode, response.body, response.headers),
		what,
	);
}

export interface WindowList {
	reservations: IDataObject[];
	/** The server's clock when it answered (Date header), in epoch milliseconds. */
	serverTime?: number;
}

export function serverTimeOf(response: IN8nHttpFullResponse): number | undefined {
	const date = response.headers?.date;
	const parsed = typeof date === 'string' ? Date.parse(date) : NaN;
	return Number.isNaN(parsed) ? undefined : parsed;
}

/** The filters as the API's query: a Status that names a role is the trigger's to apply. */
function listQuery(filters: ListFilters): IDataObject {
	const { status, ...others } = filters;
	const query = statusQueryOf(status);
	return query === undefined ? others : { ...others, status: query };
}

export async function listWindow(
	context: IPollFunctions,
	restaurantId: number | string,
	window: LocalWindow,
	filters: ListFilters,
	clock: PollClock,
): Promise<WindowList> {
	const what = `the reservations of restaurant ${restaurantId} from ${window.from} to ${window.to}`;
	const response = await send(
		context,
		{
			method: 'GET',
			path: apiPath('reservations', { restaurantId }),
			qs: { ...listQuery(filters), from: window.from, to: window.to },
		},
		what,
		clock,
	);
	return {
		reservations: listIn(context, response.body, 'reservation list', what),
		serverTime: serverTimeOf(response),
	};
}

/** A list answer's items; what is not a list fails the poll. */
export function listIn(
	context: IPollFunctions,
	body: unknown,
	list: string,
	what: string,
): IDataObject[] {
	if (Array.isArray(body)) return body as IDataObject[];
	throw withContext(
		new NodeApiError(context.getNode(), { message: 'not a list' } as JsonObject, {
			message: `The API answered the ${list} with something that is not a list`,
		}),
		what,
	);
}

/** One reservation, or undefined when it is gone or out of the token's reach. */
export async function getReservation(
	context: IPollFunctions,
	restaurantId: number | string,
	id: string,
	clock: PollClock,
): Promise<IDataObject | undefined> {
	const what = `reservation ${id} of restaurant ${restaurantId}`;
	const response = await send(
		context,
		{ method: 'GET', path: apiPath('reservation', { restaurantId, reservationId: id }) },
		what,
		clock,
		true,
	);
	return response.statusCode >= 400 || !response.body || typeof response.body !== 'object'
		? undefined
		: (response.body as IDataObject);
}

export interface RestaurantInfo {
	id: number | string;
	name?: string;
	timeZone?: string;
	countryShort?: unknown;
	country?: unknown;
}

export async function listRestaurants(
	context: IPollFunctions,
	clock: PollClock,
): Promise<RestaurantInfo[]> {
	const response = await send(
		context,
		{ method: 'GET', path: apiPath('restaurants') },
		'the list of restaurants',
		clock,
	);
	return Array.isArray(response.body) ? (response.body as RestaurantInfo[]) : [];
}

export async function getRestaurant(
	context: IPollFunctions,
	restaurantId: string,
	clock: PollClock,
): Promise<RestaurantInfo> {
	const response = await send(
		context,
		{ method: 'GET', path: apiPath('restaurant', { restaurantId }) },
		`restaurant ${restaurantId}`,
		clock,
	);
	return response.body as RestaurantInfo;
}
