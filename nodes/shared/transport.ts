/**
 * Requests made from code (dropdown loaders, the trigger, multi-step operations) rather than from
 * declarative routing: authenticated with the package's credential, against the normalised base
 * URL, with API errors mapped by ./errors. The token only ever travels in the request header.
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
} from 'n8n-workflow';
import { normalizeBaseUrl } from './baseUrl';
import { apiError } from './errors';

export const CREDENTIAL_TYPE = 'restaurantReservationsApi';

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
	baseUrl: string;
	decrypted: ICredentialsDecrypted;
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
		const { id, name } = context.getNode().credentials?.[CREDENTIAL_TYPE] ?? { name: '' };
		credential = context.getCredentials(CREDENTIAL_TYPE).then((data) => ({
			baseUrl: normalizeBaseUrl(String(data.baseUrl ?? '')),
			decrypted: { id: id ?? '', name, type: CREDENTIAL_TYPE, data },
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
	const { baseUrl, decrypted } = await credentialOf(context);
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
	// A copy per request: n8n may add to the data it authenticates with (a pre-authentication).
	const credentialsDecrypted = { ...decrypted, data: { ...decrypted.data } };
	return (await context.helpers.httpRequestWithAuthentication.call(
		context,
		CREDENTIAL_TYPE,
		options,
		{ credentialsDecrypted },
	)) as IN8nHttpFullResponse;
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
	const id = context.getNode().credentials?.[CREDENTIAL_TYPE]?.id ?? '';
	return [id, (await credentialOf(context)).baseUrl];
}
