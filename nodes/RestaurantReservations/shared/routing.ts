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
import { bodyOrThrow } from '../../shared/transport';

type PreSend = (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) => Promise<IHttpRequestOptions>;
type Pagination = (
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
) => Promise<INodeExecutionData[]>;

export interface OperationSpec {
	value: string;
	name: string;
	action: string;
	description: string;
	method: IHttpRequestMethods;
	/** An n8n expression for the path, e.g. `=/api/core/admin/restaurants/{{$parameter.restaurantId}}/menu`. */
	url: string;
	qs?: IDataObject;
	preSend?: PreSend[];
	postReceive?: PostReceiveAction[];
	/** A custom pagination (several requests for one operation), always used when given. */
	pagination?: Pagination;
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

export function apiOperation(spec: OperationSpec): INodePropertyOptions {
	return {
		name: spec.name,
		value: spec.value,
		action: spec.action,
		description: spec.description,
		routing: {
			request: { method: spec.method, url: spec.url, ...(spec.qs ? { qs: spec.qs } : {}) },
			send: { preSend: spec.preSend ?? [], ...(spec.pagination ? { paginate: true } : {}) },
			output: { postReceive: [throwOnApiError, ...(spec.postReceive ?? [])] },
			...(spec.pagination ? { operations: { pagination: spec.pagination } } : {}),
		},
	};
}

/** The response of a delete (200, empty body) becomes `{ "deleted": true }`. */
export async function returnDeleted(this: IExecuteSingleFunctions): Promise<INodeExecutionData[]> {
	return [{ json: { deleted: true } }];
}

/** One item per element of an array response. */
export async function splitArray(this: IExecuteSingleFunctions, items: INodeExecutionData[], response: IN8nHttpFullResponse): Promise<INodeExecutionData[]> {
	const body = response.body;
	return Array.isArray(body) ? (body as IDataObject[]).map((json) => ({ json })) : items;
}

/** Keeps the first `Limit` items unless Return All is on. */
export async function applyLimit(this: IExecuteSingleFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	if (this.getNodeParameter('returnAll', false) as boolean) return items;
	return items.slice(0, this.getNodeParameter('limit', 50) as number);
}

/** With Simplify on, keeps only the given fields of each item; off, the API's full object. */
export function simplifyItems(context: IExecuteSingleFunctions, items: INodeExecutionData[], fields: readonly string[]): INodeExecutionData[] {
	if (!(context.getNodeParameter('simplify', true) as boolean)) return items;
	return items.map((item) => ({ ...item, json: Object.fromEntries(fields.filter((f) => f in item.json).map((f) => [f, item.json[f]])) }));
}

export function simplify(fields: readonly string[]): PostReceiveAction {
	return async function (this: IExecuteSingleFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
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
		const returnAll = this.getNodeParameter('returnAll', false) as boolean;
		const limit = returnAll ? Infinity : (this.getNodeParameter('limit', 50) as number);
		const results: INodeExecutionData[] = [];
		for (let skip = 0; results.length < limit; ) {
			const take = Math.min(PAGE_SIZE, limit - results.length);
			const qs = { ...requestData.options.qs, skip, take };
			const [page] = await this.makeRoutingRequest({ ...requestData, options: { ...requestData.options, qs } });
			const { items = [], total = 0 } = page.json as { items?: IDataObject[]; total?: number };
			results.push(...items.slice(0, limit - results.length).map((json) => ({ json })));
			skip += items.length;
			if (items.length === 0 || skip >= total) break;
		}
		return simplifyFields ? simplifyItems(this, results, simplifyFields) : results;
	};
}

/** Sets the JSON body of the request. */
export function withBody(requestOptions: IHttpRequestOptions, body: IDataObject | IDataObject[]): IHttpRequestOptions {
	return { ...requestOptions, body, json: true };
}
