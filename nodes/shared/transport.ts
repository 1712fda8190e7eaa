/**
 * Requests made from code (dropdown loaders, the trigger, multi-step operations) rather than from
 * declarative routing: authenticated with the package's credential, against the normalised base
 * URL, with API errors mapped by ./errors. The token only ever travels in the request header.
 */
import type {
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

/** The normalised base URL per context: see baseUrlOf. */
const baseUrls = new WeakMap<ApiContext, Promise<string>>();

/**
 * The credential's base URL, read once per context (one poll, one run of a node, one dropdown
 * load), not once per request: in n8n 2.x each read of a credential is a database query, a
 * decryption and an expression isolate made and thrown away (about 15 ms of n8n's CPU; n8n's own
 * authentication of the request reads it once more). The credential cannot change within one
 * context; the next one reads it afresh.
 */
function baseUrlOf(context: ApiContext): Promise<string> {
	let baseUrl = baseUrls.get(context);
	if (!baseUrl) {
		baseUrl = context
			.getCredentials<{ baseUrl: string }>(CREDENTIAL_TYPE)
			.then((credentials) => normalizeBaseUrl(credentials.baseUrl));
		baseUrls.set(context, baseUrl);
	}
	return baseUrl;
}

/** The full response (status, headers, body) of an authenticated request; never throws on a status. */
export async function apiRequestFull(
	context: ApiContext,
	request: ApiRequest,
): Promise<IN8nHttpFullResponse> {
	const options: IHttpRequestOptions = {
		method: request.method,
		baseURL: await baseUrlOf(context),
		url: request.path,
		qs: request.qs,
		body: request.body,
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		...(request.timeout === undefined ? {} : { timeout: request.timeout }),
	};
	return (await context.helpers.httpRequestWithAuthentication.call(
		context,
		CREDENTIAL_TYPE,
		options,
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
	return [id, await baseUrlOf(context)];
}
