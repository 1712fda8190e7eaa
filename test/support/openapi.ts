/**
 * sandbox/openapi.yaml as a test oracle: finds an operation by operationId, checks a response body
 * against the schema the document gives for that status, and a request against its operation.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { addApiFormats, AJV_OPTIONS, OPENAPI_PATH } from '../../sandbox/validation';

type Schema = Record<string, unknown>;

export interface Operation {
	operationId: string;
	method: string;
	path: string;
	responses: Record<string, { content?: Record<string, { schema: Schema }>; $ref?: string }>;
}

export const openapi = parse(readFileSync(OPENAPI_PATH, 'utf8')) as {
	paths: Record<string, Record<string, Operation>>;
	components: {
		schemas: Record<string, Schema>;
		responses: Record<string, Operation['responses'][string]>;
	};
};

const METHODS = ['get', 'post', 'put', 'delete', 'patch'];

export const operations: Operation[] = Object.entries(openapi.paths).flatMap(([path, item]) =>
	Object.entries(item)
		.filter(([method]) => METHODS.includes(method))
		.map(([method, op]) => ({ ...op, method: method.toUpperCase(), path })),
);

export function operation(operationId: string): Operation {
	const op = operations.find((o) => o.operationId === operationId);
	if (!op) throw new Error(`openapi.yaml has no operation ${operationId}`);
	return op;
}

const ajv = addApiFormats(new Ajv({ ...AJV_OPTIONS, coerceTypes: false, useDefaults: false }));
ajv.addSchema({ components: openapi.components }, 'openapi.yaml');
const compiled = new Map<string, ValidateFunction>();

/** `#/components/...` references resolve inside the document registered above. */
function rewriteRefs(schema: unknown): unknown {
	if (Array.isArray(schema)) return schema.map(rewriteRefs);
	if (schema && typeof schema === 'object') {
		return Object.fromEntries(
			Object.entries(schema).map(([k, v]) => [
				k,
				k === '$ref' && typeof v === 'string' ? `openapi.yaml${v}` : rewriteRefs(v),
			]),
		);
	}
	return schema;
}

function responseFor(op: Operation, status: number) {
	let response =
		op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`] ?? op.responses.default;
	if (response?.$ref) response = openapi.components.responses[response.$ref.split('/').pop()!];
	return response;
}

/**
 * Errors of a response against the document, or [] when it matches. A status the operation does
 * not document is itself an error.
 */
export function responseErrors(operationId: string, status: number, body: unknown): string[] {
	const op = operation(operationId);
	const response = responseFor(op, status);
	if (!response) return [`${operationId} does not document status ${status}`];
	const media = response.content?.['application/json'] ?? Object.values(response.content ?? {})[0];
	if (!media)
		return body === undefined
			? []
			: [`${operationId} ${status} documents no body, got ${JSON.stringify(body).slice(0, 200)}`];
	const key = `${operationId} ${status}`;
	let validate = compiled.get(key);
	if (!validate) {
		validate = ajv.compile(rewriteRefs(media.schema) as Schema);
		compiled.set(key, validate);
	}
	if (validate(body)) return [];
	return (validate.errors ?? [])
		.slice(0, 5)
		.map((e) => `${operationId} ${status}: ${e.instancePath || '(root)'} ${e.message}`);
}

interface OperationWithBody extends Operation {
	requestBody?: { content?: Record<string, { schema: Schema }> };
}

const pathMatchers = operations.map((op) => ({
	op: op as OperationWithBody,
	regex: new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

/** The operation a request is for, by method and path (the most specific path wins). */
function operationForRequest(method: string, url: string): Operation | undefined {
	const pathname = new URL(url).pathname;
	const matches = pathMatchers.filter(
		(m) => m.op.method === method.toUpperCase() && m.regex.test(pathname),
	);
	// A literal segment (".../search", ".../active") beats a parameter in the same place.
	matches.sort((a, b) => b.op.path.split('{').length - a.op.path.split('{').length).reverse();
	return matches[0]?.op;
}

/** Errors of a request against the document: unknown operation, or a JSON body that breaks its schema. */
function requestErrors(method: string, url: string, body: unknown): string[] {
	const op = operationForRequest(method, url) as OperationWithBody | undefined;
	if (!op) return [`${method} ${url} is no operation of openapi.yaml`];
	const schema = op.requestBody?.content?.['application/json']?.schema;
	if (!schema || body === undefined) return [];
	const key = `${op.operationId} request`;
	let validate = compiled.get(key);
	if (!validate) {
		validate = ajv.compile(rewriteRefs(schema) as Schema);
		compiled.set(key, validate);
	}
	if (validate(body)) return [];
	return (validate.errors ?? [])
		.slice(0, 5)
		.map((e) => `${op.operationId} request: ${e.instancePath || '(root)'} ${e.message}`);
}

/** Throws unless every request is an operation of openapi.yaml with a valid body. */
export function expectRequestsMatchOpenApi(
	requests: Array<{ method: string; url: string; body?: unknown }>,
): void {
	const errors = requests.flatMap((r) => requestErrors(r.method, r.url, r.body));
	if (errors.length)
		throw new Error(
			`The node sent requests that openapi.yaml does not allow:\n${errors.join('\n')}`,
		);
}
