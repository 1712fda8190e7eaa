/**
 * One home for turning an API error response into what an n8n user reads: the API's own `message`
 * and `code` where the server decided (spec 7), and for 401, 403, 404, 429 and 5xx a sentence that
 * says what happened and what to do. Used by the action node, the trigger and the dropdown loaders.
 */
import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
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

/** Message and description for an HTTP error status and its body. */
export function describeApiError(
	status: number,
	body: unknown,
	retryAfter?: string,
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
		const wait = retryAfter ? `Retry after ${retryAfter} seconds. ` : '';
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
 * A NodeApiError carrying the described message, the status and the API's body (never a header);
 * a 401 names the credential the node's Authentication chooses.
 */
export function apiError(
	node: INode,
	status: number,
	body: unknown,
	retryAfter?: string,
	itemIndex?: number,
): NodeApiError {
	const { message, description } = describeApiError(
		status,
		body,
		retryAfter,
		usesOAuth2(node) ? 'oAuth2' : 'accessToken',
	);
	const response = (
		body && typeof body === 'object' ? body : { body: body ?? null }
	) as IDataObject;
	return new NodeApiError(node, response as JsonObject, {
		message,
		description,
		httpCode: String(status),
		itemIndex,
	});
}
