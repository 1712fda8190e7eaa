/**
 * Requests made from code (dropdown loaders, the trigger, multi-step operations) rather than from
 * declarative routing: authenticated with the credential the node's Authentication names (a static
 * access token, or OAuth2 client credentials that n8n renews), against the normalised base URL,
 * with API errors mapped by ./errors. The token only ever travels in the request header.
 */
import type {
	ICredentialsDecrypted,
	IDataObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	IPollFunctions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { normalizeBaseUrl } from './baseUrl';
import { apiError } from './errors';

export const CREDENTIAL_TYPE = 'restaurantReservationsApi';
export const CLIENT_CREDENTIALS_TYPE = 'restaurantReservationsOAuth2Api';

/** Values of the nodes' Authentication parameter (saved in workflows: never change them). */
export const AUTHENTICATION = { accessToken: 'accessToken', oAuth2: 'oAuth2' } as const;

/**
 * With OAuth2, a 401 must reach n8n's OAuth2 request helper as an error: it then fetches a new
 * token and sends the request once more. Every other error status is answered as a response, for
 * the nodes' own error mapping (read by n8n 2.41's request helper; an n8n whose helper knows no
 * `except` ignores every status, and so renews nothing).
 */
export const OAUTH2_STATUS_ERRORS = { ignore: true, except: [401] } as const;

export type ApiContext =
	IExecuteFunctions | IExecuteSingleFunctions | ILoadOptionsFunctions | IPollFunctions;

export interface ApiRequest {
	method: IHttpRequestMethods;
	path: string;
	qs?: IDataObject;
	body?: IDataObject | IDataObject[];
	itemIndex?: number;
	/** Milliseconds to wait for the response before the request fails (n8n's default otherwise). */
	timeout?: number;
}

/** Throws the mapped NodeApiError for an error status, otherwise returns the body. */
export function bodyOrThrow<T>(
	context: ApiContext,
	response: IN8nHttpFullResponse,
	itemIndex?: number,
): T {
	if (response.statusCode >= 400) {
		const retryAfter = response.headers?.['retry-after'];
		throw apiError(
			context.getNode(),
			response.statusCode,
			response.body,
			retryAfter === undefined ? undefined : String(retryAfter),
			itemIndex,
		);
	}
	return response.body as T;
}

/** The credential as read for one context, with its normalised base URL. */
interface ContextCredential {
	type: string;
	baseUrl: string;
	decrypted: ICredentialsDecrypted;
}

/** The credential type the node's Authentication parameter names (Access Token by default). */
export function credentialTypeOf(context: ApiContext): string {
	return context.getNode().parameters?.authentication === AUTHENTICATION.oAuth2
		? CLIENT_CREDENTIALS_TYPE
		: CREDENTIAL_TYPE;
}

const credentials = new WeakMap<ApiContext, Promise<ContextCredential>>();

/**
 * The node's credential, read once per context (one poll, one run of a node, one dropdown load)
 * and handed to n8n's authentication of every request of that context, rather than read for each
 * request (once by us for the base URL, once more by n8n to authenticate): in n8n 2.x each read
 * is a database query, a decryption and an expression isolate made and disposed, about 15 ms of
 * n8n's CPU. The credential cannot change within one context; the next one reads it afresh. n8n
 * still authenticates each request itself (the credential's `authenticate` block).
 */
function credentialOf(context: ApiContext): Promise<ContextCredential> {
	let credential = credentials.get(context);
	if (!credential) {
		const type = credentialTypeOf(context);
		const { id, name } = context.getNode().credentials?.[type] ?? { name: '' };
		credential = context.getCredentials(type).then((data) => ({
			type,
			baseUrl: normalizeBaseUrl(String(data.baseUrl ?? '')),
			decrypted: { id: id ?? '', name, type, data },
		}));
		credentials.set(context, credential);
	}
	return credential;
}

/** A field of the credential as the user filled it (read once per context with the rest). */
export async function credentialField(context: ApiContext, name: string): Promise<unknown> {
	return (await credentialOf(context)).decrypted.data?.[name];
}

/** The full response (status, headers, body) of an authenticated request; never throws on a status. */
export async function apiRequestFull(
	context: ApiContext,
	request: ApiRequest,
): Promise<IN8nHttpFullResponse> {
	const { type, baseUrl, decrypted } = await credentialOf(context);
	const options: IHttpRequestOptions = {
		method: request.method,
		baseURL: baseUrl,
		url: request.path,
		qs: request.qs,
		body: request.body,
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		...(request.timeout === undefined ? {} : { timeout: request.timeout }),
	};
	if (type === CLIENT_CREDENTIALS_TYPE) return await oAuth2Request(context, type, options);
	// A copy per request: n8n may add to the data it authenticates with (a pre-authentication).
	const credentialsDecrypted = { ...decrypted, data: { ...decrypted.data } };
	return (await context.helpers.httpRequestWithAuthentication.call(context, type, options, {
		credentialsDecrypted,
	})) as IN8nHttpFullResponse;
}

/**
 * A request with the OAuth2 credential: n8n fetches a token on first use and a new one after a
 * 401 (reading the credential itself each time). A 401 that stays after the new token, like every
 * other error status, comes back as a response.
 */
async function oAuth2Request(
	context: ApiContext,
	type: string,
	options: IHttpRequestOptions,
): Promise<IN8nHttpFullResponse> {
	try {
		return (await context.helpers.httpRequestWithAuthentication.call(context, type, {
			...options,
			ignoreHttpStatusErrors: OAUTH2_STATUS_ERRORS as unknown as boolean,
		})) as IN8nHttpFullResponse;
	} catch (error) {
		const response = statusResponseOf(error);
		if (response) return response;
		if (NO_TOKEN.test(String((error as HttpFailure)?.message))) throw tokenError(context, error);
		// The API did not answer (a network error): as n8n reports it, for the callers' own mapping.
		throw new NodeApiError(context.getNode(), error as JsonObject);
	}
}

/** How n8n says that no token could be had from the token endpoint. */
const NO_TOKEN = /OAuth2 access token|Client authentication failed|token endpoint/i;

interface HttpFailure {
	response?: { status?: number; headers?: IDataObject; data?: unknown };
	cause?: unknown;
	message?: string;
}

/** The response an error status was thrown with (n8n wraps the HTTP client's error), if any. */
function statusResponseOf(error: unknown): IN8nHttpFullResponse | undefined {
	for (let e = error as HttpFailure | undefined, depth = 0; e && depth < 4; depth++) {
		const status = e.response?.status;
		if (typeof status === 'number')
			return {
				statusCode: status,
				headers: e.response?.headers ?? {},
				body: (e.response?.data ?? null) as IN8nHttpFullResponse['body'],
			};
		e = e.cause as HttpFailure | undefined;
	}
	return undefined;
}

/** No token could be had: the token endpoint refused, or did not answer. Says which field to check. */
function tokenError(context: ApiContext, error: unknown): Error {
	const said = String((error as HttpFailure)?.message ?? error);
	return new NodeOperationError(
		context.getNode(),
		'No access token: the token endpoint refused the client or did not answer',
		{
			description: `Check Access Token URL, Client ID and Client Secret in the Restaurant Reservations OAuth2 API credential, and Send Client Credentials (body or header). n8n said: ${said.replace(/Bearer\s+\S+/gi, 'Bearer ***')}`,
		},
	);
}

/** The body of an authenticated request; an error status throws the mapped NodeApiError. */
export async function apiRequest<T = unknown>(
	context: ApiContext,
	request: ApiRequest,
): Promise<T> {
	return bodyOrThrow<T>(context, await apiRequestFull(context, request), request.itemIndex);
}

/**
 * What a value read with the context's credential is keyed by in a cache: the credential's ID and
 * the base URL, never the token.
 */
export async function credentialScope(context: ApiContext): Promise<string[]> {
	const id = context.getNode().credentials?.[credentialTypeOf(context)]?.id ?? '';
	return [id, (await credentialOf(context)).baseUrl];
}
