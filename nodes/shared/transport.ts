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
import {
	AUTHENTICATION,
	CLIENT_CREDENTIALS_NAME,
	CLIENT_CREDENTIALS_TYPE,
	CREDENTIAL_TYPE,
	TOKEN_FIELDS,
} from './authentication';
import { normalizeBaseUrl } from './baseUrl';
import { apiError, declared, tokenFailure, withFailure } from './errors';

export { AUTHENTICATION, CLIENT_CREDENTIALS_TYPE, CREDENTIAL_TYPE } from './authentication';

/**
 * With OAuth2, a 401 must reach n8n's OAuth2 request helper as an error: it then fetches a new
 * token and sends the request once more. Every other error status is answered as a response, for
 * the nodes' own error mapping. n8n 2.x's request helper reads `except`; n8n 1.x's
 * (n8n-core 1.122, `convertN8nRequestToAxios`: `if (n8nRequest.ignoreHttpStatusErrors)
 * validateStatus = () => true`) takes the object for `true`, answers the 401 as a response and
 * renews nothing: the nodes then renew the token themselves (renewToken) and repeat the request once.
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

/**
 * The errors bodyOrThrow made of a response, and among them those of a 401: n8n handed the 401 to
 * the nodes as a response instead of renewing the token (n8n 1.x), see withOAuth2Renewal.
 */
const mapped = new WeakSet<object>();
const answered401 = new WeakSet<object>();

/** Throws the mapped NodeApiError for an error status, otherwise returns the body. */
export function bodyOrThrow<T>(
	context: ApiContext,
	response: IN8nHttpFullResponse,
	itemIndex?: number,
): T {
	if (response.statusCode >= 400) {
		const error = apiError(
			context.getNode(),
			response.statusCode,
			response.body,
			response.headers,
			itemIndex,
		);
		mapped.add(error);
		if (response.statusCode === 401) answered401.add(error);
		throw error;
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
	try {
		return (await context.helpers.httpRequestWithAuthentication.call(context, type, options, {
			credentialsDecrypted,
		})) as IN8nHttpFullResponse;
	} catch (error) {
		// The API did not answer: n8n's error, with its cause.
		throw withFailure(context.getNode(), error, request.itemIndex);
	}
}

/**
 * A request with the OAuth2 credential: n8n fetches a token on first use and a new one after a
 * 401 (reading the credential itself each time). Where n8n answers the 401 as a response instead
 * (n8n 1.x), the nodes fetch the new token (renewToken) and send the request once more. A 401 that
 * stays after the new token, like every other error status, comes back as a response.
 */
async function oAuth2Request(
	context: ApiContext,
	type: string,
	options: IHttpRequestOptions,
): Promise<IN8nHttpFullResponse> {
	// A copy per attempt: n8n signs the options it is given (the Authorization header).
	const send = async (): Promise<IN8nHttpFullResponse> => {
		try {
			return (await context.helpers.httpRequestWithAuthentication.call(context, type, {
				...options,
				headers: { ...options.headers },
				ignoreHttpStatusErrors: OAUTH2_STATUS_ERRORS as unknown as boolean,
			})) as IN8nHttpFullResponse;
		} catch (error) {
			const response = statusResponseOf(error);
			if (response) return response;
			if (isTokenFailure(error)) throw await tokenError(context, error);
			// The API did not answer (a network error): as n8n reports it, with its cause, for the
			// callers' own mapping.
			throw withFailure(
				context.getNode(),
				new NodeApiError(context.getNode(), error as JsonObject),
			);
		}
	};
	const sent = renewalsSoFar(context);
	const response = await send();
	if (response.statusCode !== 401 || !answeredAsResponse(response)) return response;
	await renewToken(context, sent);
	return await send();
}

/**
 * Responses that n8n handed back as such (not thrown): a 401 among them is one n8n's OAuth2 helper
 * never saw. statusResponseOf marks the ones it rebuilt from a thrown error.
 */
const rebuilt = new WeakSet<object>();
const answeredAsResponse = (response: IN8nHttpFullResponse) => !rebuilt.has(response);

/** Per OAuth2 credential (its ID): how many renewals the nodes started, and the latest one. */
const renewals = new Map<string, { count: number; latest: Promise<unknown> }>();

const credentialIdOf = (context: ApiContext) =>
	context.getNode().credentials?.[CLIENT_CREDENTIALS_TYPE]?.id ?? '';

/** The renewals started so far for the context's credential: taken before a request is sent. */
function renewalsSoFar(context: ApiContext): number {
	return renewals.get(credentialIdOf(context))?.count ?? 0;
}

/**
 * A new token from the token endpoint with the credential's client ID and secret, stored in the
 * credential as n8n stores the ones it fetches: n8n's own `refreshOAuth2Token` helper, which
 * n8n 1.x offers every node but does not call on a 401 for requests of `httpRequestWithAuthentication`.
 * One renewal per expiry: a request refused while, or after, another one renewed the token since it
 * was sent (`sent`: renewalsSoFar then) waits for that renewal instead of fetching one more token
 * (the trigger's windows and a declarative operation's items are sent at once). n8n 2.x does the
 * same with a lock across processes; n8n 1.x leaves it to the nodes, within one process.
 */
async function renewToken(context: ApiContext, sent: number): Promise<void> {
	const id = credentialIdOf(context);
	let renewal = renewals.get(id);
	if (!renewal || renewal.count === sent) {
		const latest = context.helpers.refreshOAuth2Token.call(context, CLIENT_CREDENTIALS_TYPE);
		// Each waiter reports a failure itself; none is left unhandled.
		latest.catch(() => undefined);
		renewal = { count: (renewal?.count ?? 0) + 1, latest };
		renewals.set(id, renewal);
	}
	try {
		await renewal.latest;
	} catch (error) {
		throw await tokenError(context, error);
	}
}

/**
 * A declarative operation's request (n8n's routing, `makeRoutingRequest`) with the OAuth2
 * credential, as oAuth2Request is for requests made from code: a 401 that n8n handed to the
 * operation's output steps as a response (n8n 1.x) renews the token and repeats the request once;
 * a token endpoint that refuses the client says which fields to check; a 401 that n8n threw after
 * its own renewal (n8n 2.x) is told as the API's 401. Other errors pass unchanged.
 */
export async function withOAuth2Renewal<T>(
	context: IExecuteSingleFunctions,
	attempt: () => Promise<T>,
): Promise<T> {
	if (credentialTypeOf(context) !== CLIENT_CREDENTIALS_TYPE) return await attempt();
	const sent = renewalsSoFar(context);
	try {
		return await attempt();
	} catch (error) {
		if (!answered401.has(error as object)) throw await oAuth2Failure(context, error);
	}
	await renewToken(context, sent);
	try {
		return await attempt();
	} catch (error) {
		throw await oAuth2Failure(context, error);
	}
}

/** What a user reads of an error of a declarative operation's request with the OAuth2 credential. */
async function oAuth2Failure(context: IExecuteSingleFunctions, error: unknown): Promise<unknown> {
	if (mapped.has(error as object)) return error;
	if (isTokenFailure(error)) return await tokenError(context, error);
	const response = statusResponseOf(error);
	if (!response) return error;
	try {
		bodyOrThrow(context, response, context.getItemIndex());
	} catch (mappedError) {
		return mappedError;
	}
	return error;
}

/** How n8n says that no token could be had from the token endpoint. */
const NO_TOKEN = /OAuth2 access token|Client authentication failed|token endpoint/i;

interface HttpFailure {
	response?: { status?: number; headers?: IDataObject; data?: unknown };
	cause?: unknown;
	message?: string;
	/** `EAUTH`: the OAuth2 client's error for a token endpoint's error answer (RFC 6749 5.2). */
	code?: unknown;
}

/** The error and the errors it wraps (n8n wraps the HTTP client's and the OAuth2 client's). */
function* causes(error: unknown): Generator<HttpFailure> {
	for (let e = error as HttpFailure | undefined, depth = 0; e && depth < 4; depth++) {
		yield e;
		e = e.cause as HttpFailure | undefined;
	}
}

/** No token could be had: n8n's words for it, or the OAuth2 client's error in the chain. */
function isTokenFailure(error: unknown): boolean {
	for (const e of causes(error))
		if (e.code === 'EAUTH' || NO_TOKEN.test(String(e.message))) return true;
	return false;
}

/** The response an error status was thrown with (n8n wraps the HTTP client's error), if any. */
function statusResponseOf(error: unknown): IN8nHttpFullResponse | undefined {
	for (const e of causes(error)) {
		const status = e.response?.status;
		if (typeof status === 'number') {
			const response: IN8nHttpFullResponse = {
				statusCode: status,
				headers: e.response?.headers ?? {},
				body: (e.response?.data ?? null) as IN8nHttpFullResponse['body'],
			};
			rebuilt.add(response);
			return response;
		}
	}
	return undefined;
}

/**
 * No token could be had: the token endpoint refused the client, or did not answer. Says which
 * fields of the credential to check; the client secret and any bearer token are masked out of n8n's
 * words.
 */
async function tokenError(context: ApiContext, error: unknown): Promise<Error> {
	const said = maskedWords(error, await clientSecretOf(context));
	const failure = tokenFailure(error);
	return declared(
		new NodeOperationError(
			context.getNode(),
			'No access token: the token endpoint refused the client or did not answer',
			{
				description: `Check ${TOKEN_FIELDS} in the ${CLIENT_CREDENTIALS_NAME} credential. n8n said: ${said}`,
				failure,
			},
		),
		failure,
	);
}

/** n8n's words of an error, with any bearer token and the client secret (when given) masked. */
export function maskedWords(error: unknown, secret: string | undefined): string {
	const said = String((error as HttpFailure)?.message ?? error).replace(
		/Bearer\s+\S+/gi,
		'Bearer ***',
	);
	return secret ? said.split(secret).join('***') : said;
}

/** The client secret, to keep it out of an error (none when the credential cannot be read). */
async function clientSecretOf(context: ApiContext): Promise<string | undefined> {
	try {
		const secret = await credentialField(context, 'clientSecret');
		return typeof secret === 'string' && secret !== '' ? secret : undefined;
	} catch {
		return undefined;
	}
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
