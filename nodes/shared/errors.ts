/**
 * One home for turning an API error response into what an n8n user reads: the API's own `message`
 * and `code` where the server decided (spec 7), and for 401, 403, 404, 429 and 5xx a sentence that
 * says what happened and what to do. Used by the action node, the trigger and the dropdown loaders.
 * Also the one home of failure causes: why an operation failed, in n8n's terms, declared on every
 * error the nodes raise (see FailureCause).
 */
import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { CLIENT_CREDENTIALS_NAME, CREDENTIAL_NAME, usesOAuth2 } from './authentication';
import { RULE_CODES } from './bookingRules';

export interface DescribedError {
	message: string;
	description: string;
}

/** What to do about the codes a user can act on. */
const CODE_HINTS: Record<string, string> = {
	invalid_price: 'Prices must be 0 or more, with at most two decimals, and at most 21474836.47.',
	invalid_quantity: 'Amounts of order lines and modifiers must be 0 or more.',
	invalid_amount: 'Tips and order totals must be 0 or more.',
	amount_too_large: 'The order total must not exceed 21474836.47: lower the amounts.',
	range_required: 'Set a date range (From and To).',
	range_too_long: 'Use a date range of at most 60 days.',
	unknown_cancel_option:
		"Use one of the restaurant's cancellation reasons named above (the Cancellation Reason list shows them).",
	already_cancelled: 'The reservation was cancelled before; nothing was changed.',
	customer_name_required: "Give the guest's name.",
	...Object.fromEntries(
		RULE_CODES.map((code) => [
			code,
			"The restaurant's published booking rules refuse it; checking availability (Reservation › Check Availability) gives the bookable times.",
		]),
	),
};

/** What an error body says, whatever its shape. */
export interface Problem {
	/** The reason, in the API's words. */
	message?: string;
	/** The API's machine-readable code (spec 7), when it gives one. */
	code?: string;
	/** Messages per field of a validation error. */
	fields: Array<[string, string[]]>;
}

/** A machine-readable code: one word of letters, digits, `_`, `.` or `-`. */
const CODE_LIKE = /^[A-Za-z][\w.-]*$/;

/** Longest reason taken from a plain-text or HTML body. */
const TEXT_REASON_LENGTH = 200;

const text = (value: unknown): string | undefined =>
	typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** A body that is JSON text is read as JSON; other text stays text. */
function parsedBody(body: unknown): unknown {
	if (typeof body === 'string' && /^\s*[[{]/.test(body)) {
		try {
			return JSON.parse(body) as unknown;
		} catch {
			return body;
		}
	}
	return body;
}

/**
 * Field messages from ProblemDetails `errors` ({ field: [..] } or [{ field, message }]) or the
 * older ASP.NET `ModelState` ({ "model.field": [..] }).
 */
function fieldsOf(errors: unknown): Array<[string, string[]]> {
	if (Array.isArray(errors))
		return errors
			.map((e): IDataObject => (e && typeof e === 'object' ? (e as IDataObject) : { message: e }))
			.map((e) => [
				String(e.field ?? e.name ?? e.property ?? e.propertyName ?? ''),
				[String(e.message ?? e.detail ?? e.errorMessage ?? '')],
			]);
	if (!errors || typeof errors !== 'object') return [];
	return Object.entries(errors as Record<string, unknown>).map(([field, messages]) => [
		field.replace(/^[a-z]+\./i, ''),
		(Array.isArray(messages) ? messages : [messages]).map(String),
	]);
}

/** The reason of a plain-text or HTML body, shortened: an HTML page's title, else its text. */
function reasonOfText(body: string): string | undefined {
	const title = /<title[^>]*>([^<]*)<\/title>/i.exec(body)?.[1];
	const plain = (
		title ?? body.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]+>/g, ' ')
	)
		.replace(/\s+/g, ' ')
		.trim();
	if (!plain) return undefined;
	return plain.length > TEXT_REASON_LENGTH ? `${plain.slice(0, TEXT_REASON_LENGTH - 1)}…` : plain;
}

/**
 * What an error body says, from any common shape: the spec's `message` and `code`, ProblemDetails
 * (`title`, `detail`, `errors`), ASP.NET Web API (`Message`, `ModelState`), OAuth (`error`,
 * `error_description`), `{ error: { message, code } }`, or a plain-text or HTML page.
 */
export function readProblem(body: unknown): Problem {
	const parsed = parsedBody(body);
	if (typeof parsed === 'string') return { message: reasonOfText(parsed), fields: [] };
	if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { fields: [] };
	const b = parsed as IDataObject;
	const nested = b.error && typeof b.error === 'object' ? (b.error as IDataObject) : {};
	// `error` is a code in OAuth's shape (`invalid_grant`), a sentence in others'.
	const errorText = text(b.error);
	const errorCode = errorText && CODE_LIKE.test(errorText) ? errorText : undefined;
	const code = text(b.code) ?? text(b.Code) ?? text(nested.code) ?? text(b.errorCode) ?? errorCode;
	const message =
		text(b.message) ??
		text(b.Message) ??
		text(b.detail) ??
		text(b.error_description) ??
		text(nested.message) ??
		text(b.errorMessage) ??
		text(b.ExceptionMessage) ??
		text(b.title) ??
		(errorText && errorText !== code ? errorText : undefined);
	const fields = [...fieldsOf(b.errors ?? nested.details), ...fieldsOf(b.ModelState)];
	return { message, code, fields };
}

function fieldErrors(problem: Problem): string {
	return problem.fields.length
		? ` Fields: ${problem.fields.map(([field, messages]) => (field ? `${field} (${messages.join('; ')})` : messages.join('; '))).join(', ')}.`
		: '';
}

/** Which credential the node authenticates with: what a 401 tells the user to check. */
export type CredentialUsed = 'accessToken' | 'oAuth2';

/**
 * A 401: the credential the node uses, and its fields. With OAuth2 the token was fetched with the
 * client ID and secret and, after the API refused it, fetched once more (by n8n, or by the nodes
 * where n8n does not renew): the token endpoint and the API do not agree on that client.
 */
function unauthorized(credential: CredentialUsed, said: string): DescribedError {
	if (credential === 'oAuth2')
		return {
			message:
				'Authorization failed: the API did not accept the token from the token endpoint, also after a new one was fetched (HTTP 401)',
			description: `Check Base URL, Access Token URL, Client ID, Client Secret and Scope in the ${CLIENT_CREDENTIALS_NAME} credential: the token endpoint must be the one of the API at the Base URL, and the client one this API accepts.${said}`,
		};
	return {
		message: 'Authorization failed: the API did not accept the access token (HTTP 401)',
		description: `Check the Access Token in the ${CREDENTIAL_NAME} credential.${said}`,
	};
}

/**
 * Why an operation failed, in n8n's terms: n8n-workflow 2.41's `Failure` (errors/failure.d.ts),
 * declared as `failure` on every error the nodes raise. n8n acts on it by itself: its pollers wait
 * (a timed cause, for `retryAfterMs` or until `resetsAtEpochMs`) or stop trying until someone acts,
 * its agents and builder say what to fix. So a cause is given only when that action is the right
 * one; an error a user must read (a refused booking, a value of the item) has none.
 *
 * Spelled out here rather than imported: older n8n-workflow lines (n8n 1.123) have no such type,
 * and their error classes ignore the `failure` option; `declared` then sets the field as plain data,
 * which they carry unread.
 */
export type FailureCause =
	| {
			cause: 'rate-limited' | 'quota-exhausted' | 'temporarily-unavailable';
			/** The least wait the API asked for, in ms. */
			retryAfterMs?: number;
			/** When the API may answer again, epoch ms in n8n's clock. */
			resetsAtEpochMs?: number;
	  }
	| { cause: 'credential-invalid' | 'configuration-invalid' | 'node-defect' };

const CAUSES = new Set<string>([
	'rate-limited',
	'quota-exhausted',
	'temporarily-unavailable',
	'credential-invalid',
	'configuration-invalid',
	'node-defect',
]);

/** The failure an error already declares (n8n's own, or ours), if any. */
export function declaredFailure(error: unknown): FailureCause | undefined {
	const failure = (error as { failure?: { cause?: unknown } } | null)?.failure;
	return typeof failure?.cause === 'string' && CAUSES.has(failure.cause)
		? (failure as FailureCause)
		: undefined;
}

/**
 * The error with `failure` set: n8n-workflow 2.41 sets it from the constructor's option (or on the
 * original, when a NodeError is wrapped again); an older one ignores the option, and it is set here.
 */
export function declared<E extends Error>(error: E, failure: FailureCause | undefined): E {
	if (failure && declaredFailure(error) === undefined)
		(error as E & { failure: FailureCause }).failure = failure;
	return error;
}

/** A header's text, the first of several; a missing one reads `undefined`, no number nor date. */
function headerText(value: unknown): string {
	return String(Array.isArray(value) ? value[0] : value).trim();
}

/**
 * An HTTP date (RFC 9110 5.6.7: IMF-fixdate, or the obsolete RFC 850 and asctime forms), epoch ms.
 * Each form starts with the day's name: other text that `Date.parse` would read (`1.5`, `-5`) is
 * not a date here.
 */
function httpDate(text: string): number | undefined {
	if (!/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)/i.test(text)) return undefined;
	const ms = Date.parse(text);
	return Number.isNaN(ms) ? undefined : ms;
}

/**
 * The wait a response's Retry-After asks for, in ms: whole seconds, or an HTTP date. An HTTP date
 * is counted from the response's own Date header when it has a readable one: both are the server's
 * clock, so their difference is the wait the server means however far its clock is from n8n's
 * (a server a minute ahead would otherwise ask for a minute too much); without one, from
 * `receivedAt`, n8n's clock when the response arrived. A date already past is no wait (0); anything
 * else (empty, a fraction, a negative number, words) is no Retry-After at all.
 */
export function retryAfterMsOf(
	headers: IDataObject = {},
	receivedAt = Date.now(),
): number | undefined {
	const text = headerText(headers['retry-after']);
	if (/^\d+$/.test(text)) {
		const ms = Number(text) * 1000;
		return Number.isSafeInteger(ms) ? ms : undefined;
	}
	const until = httpDate(text);
	if (until === undefined) return undefined;
	return Math.max(0, until - (httpDate(headerText(headers.date)) ?? receivedAt));
}

/**
 * The cause of an error status:
 * - 429: `rate-limited`; 408 and 5xx: `temporarily-unavailable` (the API comes back on its own).
 *   With a Retry-After (which a 503 may carry too), its wait and the moment it ends in n8n's clock:
 *   the error is read later than it was made (a poll's after the poll, an agent's after its call),
 *   and `retryAfterMs` alone would not say from when.
 * - 401: `credential-invalid`. With the access token, the API refuses the token itself; with
 *   OAuth2, the token the token endpoint gave, also after a new one was fetched (a 401 before the
 *   renewal never reaches the user). Someone must give the credential a token or client that works.
 * - 403: `configuration-invalid`. The API knows the token (that is the 401) and refuses it this
 *   restaurant or operation: the credential is not dead, so asking to reconnect it would be wrong
 *   (the same token gets the same answer), and waiting does not help either. What the node points
 *   at is not allowed for it: another restaurant, or a credential with access, in the workflow.
 * - 404: `configuration-invalid`. The record a parameter of the node names (restaurant, menu,
 *   event, product, reservation) does not exist, or no longer: it does not come back by waiting.
 * - 400, 409, 422 and the others: none. A booking rule refused the guest's request, or a value of
 *   the item was refused: the workflow and the credential are right, the next item may pass, and
 *   what to change is in the API's words (the error's message), not in n8n's hands.
 */
export function failureOfStatus(
	status: number,
	headers?: IDataObject,
	receivedAt = Date.now(),
): FailureCause | undefined {
	if (status === 429 || status === 408 || status >= 500) {
		const cause = status === 429 ? 'rate-limited' : 'temporarily-unavailable';
		const retryAfterMs = retryAfterMsOf(headers, receivedAt);
		return retryAfterMs === undefined
			? { cause }
			: { cause, retryAfterMs, resetsAtEpochMs: receivedAt + retryAfterMs };
	}
	if (status === 401) return { cause: 'credential-invalid' };
	if (status === 403 || status === 404) return { cause: 'configuration-invalid' };
	return undefined;
}

/**
 * Codes of a request that got no answer: the connection refused, reset, cut or timed out, or the
 * host not found. The same list n8n's own classification of poll errors reads as retryable
 * (@n8n/backend-network: transport and DNS failures); ENOTFOUND, though most often a mistyped Base
 * URL, is a DNS failure there too.
 */
const NO_ANSWER_CODES = new Set([
	'ECONNABORTED',
	'ECONNREFUSED',
	'ECONNRESET',
	'EHOSTUNREACH',
	'ENETDOWN',
	'ENETUNREACH',
	'EPIPE',
	'ETIMEDOUT',
	'ESOCKETTIMEDOUT',
	'EAI_AGAIN',
	'ENOTFOUND',
	'UND_ERR_BODY_TIMEOUT',
	'UND_ERR_CONNECT_TIMEOUT',
	'UND_ERR_HEADERS_TIMEOUT',
	'UND_ERR_SOCKET',
]);

/** The errors JavaScript raises for a program's own mistake. */
const DEFECTS = new Set([
	'TypeError',
	'RangeError',
	'ReferenceError',
	'SyntaxError',
	'EvalError',
	'URIError',
]);

interface ThrownLevel {
	name?: unknown;
	message?: unknown;
	code?: unknown;
	httpCode?: unknown;
	cause?: unknown;
	response?: { status?: unknown; headers?: IDataObject };
}

/** The error and those it wraps (n8n wraps the HTTP client's error, the OAuth2 client's). */
function chainOf(error: unknown): ThrownLevel[] {
	const levels: ThrownLevel[] = [];
	for (let e = error; e && levels.length < 5; e = (e as ThrownLevel).cause)
		levels.push(e as ThrownLevel);
	return levels;
}

/** No answer: a code of NO_ANSWER_CODES (n8n's NodeApiError also puts it in `httpCode`), or undici's cut body. */
function gotNoAnswer(level: ThrownLevel): boolean {
	return (
		NO_ANSWER_CODES.has(String(level.code)) ||
		NO_ANSWER_CODES.has(String(level.httpCode)) ||
		(level.name === 'TypeError' && level.message === 'terminated')
	);
}

/** A status the error carries: the HTTP client's response, or a NodeApiError's `httpCode`. */
function statusOf(level: ThrownLevel): number | undefined {
	if (typeof level.response?.status === 'number') return level.response.status;
	const httpCode = String(level.httpCode);
	return /^[1-5]\d\d$/.test(httpCode) ? Number(httpCode) : undefined;
}

/**
 * The cause of an error thrown rather than answered: the one it declares; `temporarily-unavailable`
 * when the API did not answer (see NO_ANSWER_CODES); an error status it carries, as
 * failureOfStatus; `node-defect` for a JavaScript error (TypeError, RangeError, ...) without a
 * system `code`: a mistake in the nodes' own code, neither the credential's, the workflow's nor the
 * API's. None for anything else (an execution cancelled, n8n's own errors).
 */
export function failureOfThrown(error: unknown): FailureCause | undefined {
	const chain = chainOf(error);
	const declaredOne = chain.map(declaredFailure).find(Boolean);
	if (declaredOne) return declaredOne;
	if (chain.some(gotNoAnswer)) return { cause: 'temporarily-unavailable' };
	for (const level of chain) {
		const status = statusOf(level);
		if (status !== undefined) return failureOfStatus(status, level.response?.headers);
	}
	const defect = chain.some((level) => DEFECTS.has(String(level.name)) && level.code === undefined);
	return defect ? { cause: 'node-defect' } : undefined;
}

/**
 * No OAuth2 token could be had. The token endpoint did not answer, failed (5xx) or asked to wait
 * (429): it comes back on its own. Otherwise it answered and refused the client (RFC 6749 5.2:
 * `invalid_client`, `unauthorized_client`, ...): the client ID, secret or scope must change,
 * `credential-invalid`.
 */
export function tokenFailure(error: unknown): FailureCause {
	const failure = failureOfThrown(error);
	return failure?.cause === 'temporarily-unavailable' || failure?.cause === 'rate-limited'
		? failure
		: { cause: 'credential-invalid' };
}

const DEFECT_DESCRIPTION =
	'This is a mistake in the Restaurant Reservations nodes themselves, not in the workflow, the credential or the API: please report it to the package with this message.';

/**
 * A thrown error with its cause declared where failureOfThrown tells one and it has none: the same
 * NodeApiError or NodeOperationError, declared (as n8n-workflow 2.41 does when one is wrapped
 * again with a `failure`); a NodeOperationError around a JavaScript error of the nodes; a
 * NodeApiError, as n8n makes one, around an HTTP client's error of a request that got no answer.
 * Anything else unchanged.
 */
export function withFailure(node: INode, error: unknown, itemIndex?: number): unknown {
	const failure = failureOfThrown(error);
	if (!failure || declaredFailure(error)) return error;
	if (error instanceof NodeApiError || error instanceof NodeOperationError)
		return declared(error, failure);
	if (failure.cause === 'node-defect')
		return declared(
			new NodeOperationError(node, error as Error, {
				message: (error as Error).message,
				description: DEFECT_DESCRIPTION,
				itemIndex,
				failure,
			}),
			failure,
		);
	return declared(new NodeApiError(node, error as JsonObject, { itemIndex, failure }), failure);
}

/**
 * A setting that is the same for every item and every poll cannot work (a trigger parameter,
 * Requests at Once, the credential's Booking States or Restaurant Time Zone, a dropdown's restaurant
 * not chosen): `configuration-invalid`, since every run fails the same way until someone changes the
 * workflow or the credential. A value the node reads per item (a date, a phone number, a party
 * size, an empty Update Fields) is refused with a plain NodeOperationError instead, without a
 * cause: it often comes from the item or from an AI agent's tool call, the next item may pass, and
 * an agent corrects its call from the message.
 */
export function configurationError(
	node: INode,
	message: string,
	options: { description?: string; itemIndex?: number } = {},
): NodeOperationError {
	const failure: FailureCause = { cause: 'configuration-invalid' };
	return declared(new NodeOperationError(node, message, { ...options, failure }), failure);
}

/** Message and description for an HTTP error status and its body. */
export function describeApiError(
	status: number,
	body: unknown,
	retryAfterMs?: number,
	credential: CredentialUsed = 'accessToken',
): DescribedError {
	const problem = readProblem(body);
	const apiMessage = problem.message;
	const said = apiMessage ? ` The API said: "${apiMessage}"` : '';
	const code = problem.code ? `Code: ${problem.code}.` : '';
	if (status === 401) return unauthorized(credential, said);
	if (status === 403) {
		return {
			message:
				'Access denied: the access token may not use this restaurant or operation (HTTP 403)',
			description: `Use a restaurant this token may reach (the Restaurant list shows them), or a token with access to it.${said}`,
		};
	}
	if (status === 404) {
		return {
			message: apiMessage ? `Not found: ${apiMessage}` : 'Not found (HTTP 404)',
			description:
				'Check the ID (Get Many, Find and the lists of the node give valid ones), or the Base URL of the credential.',
		};
	}
	if (status === 429) {
		const wait =
			retryAfterMs === undefined ? '' : `Retry after ${Math.ceil(retryAfterMs / 1000)} seconds. `;
		return {
			message: 'Too many requests: the API asks to slow down (HTTP 429)',
			description: `${wait}Process fewer items per run, or turn on Retry On Fail with a wait.${said}`,
		};
	}
	if (status >= 500) {
		return {
			message: `The restaurant platform failed to answer (HTTP ${status})`,
			description: `This is a problem on the server side: try again later, or turn on Retry On Fail.${said}`,
		};
	}
	const hint = problem.code ? (CODE_HINTS[problem.code] ?? '') : '';
	const [field] = problem.fields;
	const fieldSaid = field ? `${field[0] ? `${field[0]}: ` : ''}${field[1].join('; ')}` : undefined;
	return {
		message:
			apiMessage ??
			(fieldSaid
				? `The API rejected the request: ${fieldSaid}`
				: `The API rejected the request (HTTP ${status})`),
		description:
			([code, hint].filter(Boolean).join(' ') + fieldErrors(problem)).trim() || `HTTP ${status}`,
	};
}

/**
 * A NodeApiError carrying the described message, the status and the API's body (never a header),
 * and the status's failure cause (failureOfStatus, with the Retry-After of `headers`); a 401 names
 * the credential the node's Authentication chooses.
 */
export function apiError(
	node: INode,
	status: number,
	body: unknown,
	headers?: IDataObject,
	itemIndex?: number,
): NodeApiError {
	const failure = failureOfStatus(status, headers);
	const { message, description } = describeApiError(
		status,
		body,
		failure && 'retryAfterMs' in failure ? failure.retryAfterMs : undefined,
		usesOAuth2(node) ? 'oAuth2' : 'accessToken',
	);
	const response = (
		body && typeof body === 'object' ? body : { body: body ?? null }
	) as IDataObject;
	return declared(
		new NodeApiError(node, response as JsonObject, {
			message,
			description,
			httpCode: String(status),
			itemIndex,
			failure,
		}),
		failure,
	);
}
