/**
 * A small HTTP client for the sandbox's partner API, by operationId. Every response is checked
 * against openapi.yaml, so each test that calls the API also checks the contract; against a
 * sandbox that answers in another reading (docs/sandbox.md, Readings), which openapi.yaml does not
 * describe, `checkContract: false` leaves that check out.
 */
import { operation, responseErrors } from './openapi';
import { TOKENS } from './tokens';

export interface CallOptions {
	path?: Record<string, string | number>;
	query?: Record<string, string | number | boolean | undefined>;
	body?: unknown;
	/** A token name from TOKENS, a raw token, or null for no Authorization header. */
	token?: keyof typeof TOKENS | string | null;
	headers?: Record<string, string>;
	/** Send `body` as this raw text (e.g. broken JSON) instead of JSON. */
	rawBody?: string | FormData;
}

interface ApiResponse<T = any> {
	status: number;
	headers: Headers;
	body: T;
	text: string;
}

export function apiClient(baseUrl: string, { checkContract = true } = {}) {
	return async function call<T = any>(
		operationId: string,
		options: CallOptions = {},
	): Promise<ApiResponse<T>> {
		const op = operation(operationId);
		const pathParams = { restaurantId: 101, ...options.path };
		const route = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
			encodeURIComponent(String(pathParams[name as keyof typeof pathParams])),
		);
		const url = new URL(baseUrl + route);
		for (const [k, v] of Object.entries(options.query ?? {}))
			if (v !== undefined) url.searchParams.set(k, String(v));
		const token = options.token === undefined ? 'staff' : options.token;
		const headers: Record<string, string> = { ...options.headers };
		if (token !== null)
			headers.authorization = `Bearer ${TOKENS[token as keyof typeof TOKENS] ?? token}`;
		let body: string | FormData | undefined = options.rawBody;
		if (body === undefined && options.body !== undefined) {
			body = JSON.stringify(options.body);
			headers['content-type'] = 'application/json';
		}
		const response = await fetch(url, { method: op.method, headers, body });
		const text = await response.text();
		const parsed = text === '' ? undefined : JSON.parse(text);
		const errors = checkContract ? responseErrors(operationId, response.status, parsed) : [];
		if (errors.length > 0)
			throw new Error(
				`Response does not match openapi.yaml:\n${errors.join('\n')}\n${text.slice(0, 500)}`,
			);
		return { status: response.status, headers: response.headers, body: parsed as T, text };
	};
}

export type ApiCall = ReturnType<typeof apiClient>;
