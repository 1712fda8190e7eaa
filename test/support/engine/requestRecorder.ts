/**
 * Records every HTTP request n8n-core sends while an engine function runs: an axios interceptor on
 * the instance n8n-core sends with, scoped with AsyncLocalStorage.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import axios, { type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

/** One HTTP request as it left n8n-core (axios, after authentication was applied). */
export interface RecordedRequest {
	method: string;
	/** Absolute URL with the query string, serialised as n8n sends it. */
	url: string;
	/** Whether an Authorization header was sent (its value is never recorded). */
	authorization: boolean;
	/** The request body, parsed when it is JSON text. Undefined when none was sent. */
	body?: unknown;
	/** The response status, when a response arrived. */
	status?: number;
}

/** When a recorded request was sent and answered, epoch ms: kept beside the record, so that tests comparing records stay as they are. */
export interface RequestTimes {
	sentAt: number;
	answeredAt?: number;
}

const times = new WeakMap<RecordedRequest, RequestTimes>();

/** When a recorded request was sent and answered (tests check a poll's pace with it). */
export function timesOf(record: RecordedRequest): RequestTimes {
	const found = times.get(record);
	if (!found) throw new Error(`${record.method} ${record.url} was not recorded`);
	return found;
}

const recorder = new AsyncLocalStorage<RecordedRequest[]>();
const recordsByConfig = new WeakMap<object, RecordedRequest>();
let interceptorsInstalled = false;

function parsedBody(data: unknown): unknown {
	if (typeof data !== 'string') return data;
	try {
		return JSON.parse(data);
	} catch {
		return withoutSecret(data); // not JSON: keep the text
	}
}

/**
 * A token request's form (OAuth2 client credentials) carries the client secret by design: the
 * record keeps that it was sent, not what it was, so that a test's results never hold it.
 */
function withoutSecret(form: string): string {
	return form.replace(/(^|&)(client_secret=)[^&]*/g, '$1$2***');
}

function recordRequest(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
	const records = recorder.getStore();
	if (!records) return config;
	const body = parsedBody(config.data);
	const record: RecordedRequest = {
		method: (config.method ?? 'get').toUpperCase(),
		url: axios.getUri(config),
		authorization: Boolean(
			config.headers?.get?.('authorization') ??
			(config.headers as Record<string, unknown> | undefined)?.Authorization,
		),
		...(body === undefined ? {} : { body }),
	};
	records.push(record);
	recordsByConfig.set(config, record);
	times.set(record, { sentAt: Date.now() });
	return config;
}

function installInterceptors(): void {
	if (interceptorsInstalled) return;
	interceptorsInstalled = true;
	axios.interceptors.request.use(recordRequest);
	axios.interceptors.response.use(
		(response: AxiosResponse) => {
			const record = recordsByConfig.get(response.config);
			if (record) record.status = response.status;
			if (record) times.get(record)!.answeredAt = Date.now();
			return response;
		},
		(error: { config?: object; response?: { status?: number } }) => {
			const record = error?.config ? recordsByConfig.get(error.config) : undefined;
			if (record && error.response?.status !== undefined) record.status = error.response.status;
			if (record) times.get(record)!.answeredAt = Date.now();
			return Promise.reject(error);
		},
	);
}

/** Runs `run`, pushing onto `records` every request it sends. */
export async function recording<T>(records: RecordedRequest[], run: () => Promise<T>): Promise<T> {
	installInterceptors();
	return await recorder.run(records, run);
}
