/**
 * A request to the API as any client sends it, its answer's body parsed when it is JSON: for the
 * tests of the sandbox's other readings (the client of ./client checks every answer against
 * openapi.yaml, which describes the sandbox's own reading only).
 */
import { TOKENS } from './tokens';

export interface Answer<T = any> {
	status: number;
	headers: Headers;
	text: string;
	body: T;
}

export interface RawRequest {
	body?: unknown;
	query?: Record<string, string | number | boolean>;
	/** The fixed token of this role (default staff); null: no Authorization header. */
	token?: keyof typeof TOKENS | null;
}

export async function rawCall(
	baseUrl: string,
	method: string,
	route: string,
	{ body, query, token = 'staff' }: RawRequest = {},
): Promise<Answer> {
	const url = new URL(baseUrl + route);
	for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, String(v));
	const headers: Record<string, string> = {};
	if (token) headers.authorization = `Bearer ${TOKENS[token]}`;
	if (body !== undefined) headers['content-type'] = 'application/json';
	const response = await fetch(url, {
		method,
		headers,
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.text();
	let parsed: unknown;
	try {
		parsed = text === '' ? undefined : JSON.parse(text);
	} catch {
		parsed = undefined;
	}
	return { status: response.status, headers: response.headers, text, body: parsed };
}
