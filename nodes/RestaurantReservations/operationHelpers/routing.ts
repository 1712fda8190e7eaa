/**
 * How every operation of the declarative node talks to the API: one builder for the routing of an
 * operation, so that each one maps API errors the same way (the API's message and code, never n8n's
 * generic text) and gets the shared output steps (simplify, limit, deleted).
 */
import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodePropertyOptions,
	PostReceiveAction,
} from 'n8n-workflow';
import { apiError, readProblem, withFailure } from '../../shared/errors';
import { fillPath } from '../../shared/paths';
import {
	bodyOrThrow,
	credentialTypeOf,
	CLIENT_CREDENTIALS_TYPE,
	OAUTH2_STATUS_ERRORS,
	withOAuth2Renewal,
} from '../../shared/transport';
import { resultLimit } from './readParameters';

type PreSend = (
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) => Promise<IHttpRequestOptions>;
/** An operation of its own requests (several for one item, or reads before a write): `pagination` of apiOperation. */
export type Pagination = (
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
) => Promise<INodeExecutionData[]>;

export interface OperationSpec {
	value: string;
	name: string;
	action: string;
	description: string;
	method: IHttpRequestMethods;
	/** The path: `routingUrl(...)` (placeholders filled from the parameters) or the expression of `routingUrlChoice(...)`, of nodes/shared/paths. */
	url: string;
	qs?: IDataObject;
	preSend?: PreSend[];
	postReceive?: PostReceiveAction[];
	/** The request's JSON body, built from the item's parameters (after `preSend`). */
	body?: (item: IExecuteSingleFunctions) => Promise<IDataObject | IDataObject[]>;
	/** Query parameters added to the request, built from the item's parameters (after `preSend`). */
	query?: (item: IExecuteSingleFunctions) => Promise<IDataObject>;
	/** A custom pagination (several requests for one operation), always used when given. */
	pagination?: Pagination;
	/**
	 * What to do about an API error `code` in this operation's context, added to the error's
	 * description (e.g. how to correct a legacy price in a product update).
	 */
	errorHints?: Record<string, string>;
	/** The first output step, in place of the shared error mapping (which it must end with). */
	responseCheck?: PostReceiveAction;
	/** The request carries no body (always so for DELETE): sent without a JSON Content-Type. */
	noBody?: boolean;
}

/** First output step of every operation: an error status becomes a NodeApiError with the API's words. */
export async function throwOnApiError(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	bodyOrThrow(this, response, this.getItemIndex());
	return items;
}

/** Like throwOnApiError, with operation-specific advice added for some API error codes. */
export function throwOnApiErrorWithHints(hints: Record<string, string>): PostReceiveAction {
	return async function (
		this: IExecuteSingleFunctions,
		items: INodeExecutionData[],
		response: IN8nHttpFullResponse,
	): Promise<INodeExecutionData[]> {
		const { code } = readProblem(response.body);
		const hint = typeof code === 'string' ? hints[code] : undefined;
		if (response.statusCode >= 400 && hint) {
			const error = apiError(
				this.getNode(),
				response.statusCode,
				response.body,
				response.headers,
				this.getItemIndex(),
			);
			error.description = [hint, error.description].filter(Boolean).join(' ');
			throw error;
		}
		bodyOrThrow(this, response, this.getItemIndex());
		return items;
	};
}

/** Last output step of every operation: each item names the input item it came from. */
export async function pairItems(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return pairWithItem(this.getItemIndex(), items);
}

export function pairWithItem(itemIndex: number, items: INodeExecutionData[]): INodeExecutionData[] {
	return items.map((item) => ({ ...item, pairedItem: { item: itemIndex } }));
}

/**
 * A request without a body (a delete, a status change) goes without the JSON Content-Type of the
 * node's defaults: servers may refuse an empty body announced as JSON.
 */
export async function withoutBody(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const headers = Object.fromEntries(
		Object.entries(requestOptions.headers ?? {}).filter(
			([name]) => name.toLowerCase() !== 'content-type',
		),
	);
	const withoutItsBody = { ...requestOptions, headers };
	delete withoutItsBody.body;
	return withoutItsBody;
}

/** First step of an operation whose path has `{placeholders}`: each from the item's parameter of that name. */
async function withPathParameters(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const url = fillPath(requestOptions.url, (name) =>
		this.getNodeParameter(name, '', { extractValue: true }),
	);
	return { ...requestOptions, url };
}

function bodyStep(build: NonNullable<OperationSpec['body']>): PreSend {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		return withBody(requestOptions, await build(this));
	};
}

function queryStep(build: NonNullable<OperationSpec['query']>): PreSend {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		return { ...requestOptions, qs: { ...requestOptions.qs, ...(await build(this)) } };
	};
}

export function apiOperation(spec: OperationSpec): INodePropertyOptions {
	const checkResponse =
		spec.responseCheck ??
		(spec.errorHints ? throwOnApiErrorWithHints(spec.errorHints) : throwOnApiError);
	const preSend = [
		oAuth2StatusErrors,
		...(spec.url.includes('{') && !spec.url.startsWith('=') ? [withPathParameters] : []),
		...(spec.preSend ?? []),
		...(spec.body ? [bodyStep(spec.body)] : []),
		...(spec.query ? [queryStep(spec.query)] : []),
		...(spec.method === 'DELETE' || spec.noBody ? [withoutBody] : []),
	].map(withFailureOfStep);
	return {
		name: spec.name,
		value: spec.value,
		action: spec.action,
		description: spec.description,
		routing: {
			request: { method: spec.method, url: spec.url, ...(spec.qs ? { qs: spec.qs } : {}) },
			// Every request through `makeRoutingRequest` (a pagination of one request where the
			// operation has none): the one place n8n lets an operation repeat a request and see what
			// n8n threw, for OAuth2 (withOAuth2Renewal).
			send: { preSend, paginate: true },
			output: { postReceive: [checkResponse, ...(spec.postReceive ?? []), pairItems] },
			operations: { pagination: renewingOAuth2(spec.pagination) },
		},
	};
}

/**
 * The operation's pagination (or its one request) with each request made through
 * withOAuth2Renewal: with OAuth2 on an n8n that does not renew the token itself (1.x), a 401
 * fetches a new one and repeats the request once; a refused client says which fields to check.
 * Whatever fails in it (a request without an answer, an output step, the operation's own code)
 * leaves with its failure cause (../../shared/errors withFailure).
 */
function renewingOAuth2(pagination?: Pagination): Pagination {
	return async function (this: IExecutePaginationFunctions, requestData) {
		const makeRoutingRequest = async (
			data: DeclarativeRestApiSettings.ResultOptions,
		): Promise<INodeExecutionData[]> =>
			await withOAuth2Renewal(this, async () => await this.makeRoutingRequest(data));
		try {
			if (!pagination) return await makeRoutingRequest(requestData);
			const renewing: IExecutePaginationFunctions = Object.create(this, {
				makeRoutingRequest: { value: makeRoutingRequest },
			});
			return await pagination.call(renewing, requestData);
		} catch (error) {
			throw withFailure(this.getNode(), error, this.getItemIndex());
		}
	};
}

/**
 * A step before the request, whose error leaves with its failure cause: n8n would wrap a
 * JavaScript error of the step in a NodeApiError without one. It keeps the step's name, which the
 * node's description shows (test/unit/nodeDescription.test.ts).
 */
function withFailureOfStep(step: PreSend): PreSend {
	const withCause = async function (
		this: IExecuteSingleFunctions,
		requestOptions: IHttpRequestOptions,
	) {
		try {
			return await step.call(this, requestOptions);
		} catch (error) {
			throw withFailure(this.getNode(), error, this.getItemIndex());
		}
	};
	return Object.defineProperty(withCause, 'name', { value: step.name });
}

/**
 * With OAuth2, a 401 is left to n8n's OAuth2 helper, which fetches a new token and sends the request
 * once more (../../shared/transport OAUTH2_STATUS_ERRORS); every other status reaches the output steps.
 */
async function oAuth2StatusErrors(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	if (credentialTypeOf(this) !== CLIENT_CREDENTIALS_TYPE) return requestOptions;
	return {
		...requestOptions,
		ignoreHttpStatusErrors: OAUTH2_STATUS_ERRORS as unknown as boolean,
	};
}

/** The response of a delete (200, empty body) becomes `{ "deleted": true }`. */
export async function returnDeleted(this: IExecuteSingleFunctions): Promise<INodeExecutionData[]> {
	return [{ json: { deleted: true } }];
}

/** One item per element of an array response. */
export async function splitArray(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const body = response.body;
	return Array.isArray(body) ? (body as IDataObject[]).map((json) => ({ json })) : items;
}

/** Keeps the first `Limit` items unless Return All is on. */
export async function applyLimit(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return items.slice(0, resultLimit(this));
}

/**
 * The first `limit` items; when that cuts the list, each item says so (a reader, or an AI agent,
 * must not take the first page for all of it).
 */
export function limitItems(items: INodeExecutionData[], limit: number): INodeExecutionData[] {
	if (items.length <= limit) return items;
	const note = `Showing ${limit} of ${items.length}: raise Limit or turn on Return All for the rest.`;
	return items
		.slice(0, limit)
		.map((item) => ({ ...item, json: { ...item.json, listCutAtLimit: note } }));
}

/** With Simplify on, keeps only the given fields of each item; off, the API's full object. */
export function simplifyItems(
	context: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	fields: readonly string[],
): INodeExecutionData[] {
	if (!(context.getNodeParameter('simplify', true) as boolean)) return items;
	return items.map((item) => ({
		...item,
		json: Object.fromEntries(fields.filter((f) => f in item.json).map((f) => [f, item.json[f]])),
	}));
}

export function simplify(fields: readonly string[]): PostReceiveAction {
	return async function (
		this: IExecuteSingleFunctions,
		items: INodeExecutionData[],
	): Promise<INodeExecutionData[]> {
		return simplifyItems(this, items, fields);
	};
}

/** Page size asked for when paging with skip/take. */
export const PAGE_SIZE = 100;

/**
 * Pages a skip/take list (`{ items, total, skip, take }`) until Limit is reached or, with Return
 * All, until `total` items were read. Advances by what the server really returned, so a server that
 * serves smaller pages than asked for still gets read completely.
 */
export function pageBySkipTake(simplifyFields?: readonly string[]): Pagination {
	return async function (this: IExecutePaginationFunctions, requestData) {
		const limit = resultLimit(this);
		const results: INodeExecutionData[] = [];
		for (let skip = 0; results.length < limit;) {
			const take = Math.min(PAGE_SIZE, limit - results.length);
			const qs = { ...requestData.options.qs, skip, take };
			const [page] = await this.makeRoutingRequest({
				...requestData,
				options: { ...requestData.options, qs },
			});
			const { items = [], total = 0 } = page.json as { items?: IDataObject[]; total?: number };
			results.push(...items.slice(0, limit - results.length).map((json) => ({ json })));
			skip += items.length;
			if (items.length === 0 || skip >= total) break;
		}
		return pairWithItem(
			this.getItemIndex(),
			simplifyFields ? simplifyItems(this, results, simplifyFields) : results,
		);
	};
}

/** Sets the JSON body of the request. */
export function withBody(
	requestOptions: IHttpRequestOptions,
	body: IDataObject | IDataObject[],
): IHttpRequestOptions {
	return { ...requestOptions, body, json: true };
}
