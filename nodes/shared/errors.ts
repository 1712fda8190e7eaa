/**
 * One home for turning an API error response into what an n8n user reads: the API's own `message`
 * and `code` where the server decided (spec 7), and for 401, 403, 404, 429 and 5xx a sentence that
 * says what happened and what to do. Used by the action node, the trigger and the dropdown loaders.
 */
import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { RULE_CODES } from './bookingRules';

interface ProblemBody {
	message?: string;
	detail?: string;
	title?: string;
	code?: string;
	errors?: Record<string, string[]>;
}

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

function asProblem(body: unknown): ProblemBody {
	if (body && typeof body === 'object' && !Array.isArray(body)) return body as ProblemBody;
	if (typeof body === 'string' && body.trim().startsWith('{')) {
		try {
			return JSON.parse(body) as ProblemBody;
		} catch {
			return {};
		}
	}
	return {};
}

function fieldErrors(problem: ProblemBody): string {
	const entries = Object.entries(problem.errors ?? {});
	return entries.length
		? ` Fields: ${entries.map(([field, messages]) => `${field} (${messages.join('; ')})`).join(', ')}.`
		: '';
}

/** Message and description for an HTTP error status and its body. */
export function describeApiError(
	status: number,
	body: unknown,
	retryAfter?: string,
): DescribedError {
	const problem = asProblem(body);
	const apiMessage = problem.message ?? problem.detail ?? problem.title;
	const said = apiMessage ? ` The API said: "${apiMessage}"` : '';
	const code = problem.code ? `Code: ${problem.code}.` : '';
	if (status === 401) {
		return {
			message: 'Authorization failed: the API did not accept the access token (HTTP 401)',
			description: `Check the Access Token in the Restaurant Reservations API credential.${said}`,
		};
	}
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
	return {
		message: apiMessage ?? `The API rejected the request (HTTP ${status})`,
		description: [code, hint].filter(Boolean).join(' ') + fieldErrors(problem) || `HTTP ${status}`,
	};
}

/** A NodeApiError carrying the described message, the status and the API's body (never a header). */
export function apiError(
	node: INode,
	status: number,
	body: unknown,
	retryAfter?: string,
	itemIndex?: number,
): NodeApiError {
	const { message, description } = describeApiError(status, body, retryAfter);
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
