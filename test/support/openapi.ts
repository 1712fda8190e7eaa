/**
 * sandbox/openapi.yaml as a test oracle: finds an operation by operationId, checks a response body
 * against the schema the document gives for that status, and a request against its operation.
 *
 * The checks are strict where the server is lenient: no coercion (a string is not an integer), and
 * no property the document does not name, in a response or in a request body. A field the sandbox
 * returns but the document lacks, or a field a node sends that the API does not know (the server
 * ignores it), is a contract error.
 */
import Ajv2019, { type ValidateFunction } from 'ajv/dist/2019';
import type Ajv from 'ajv';
import { readOpenApiDocument } from '../../sandbox/openapiDocument';
import { addApiFormats, STRICT_AJV_OPTIONS } from '../../sandbox/validation';

type Schema = Record<string, unknown>;

export interface Operation {
	operationId: string;
	method: string;
	path: string;
	requestBody?: { content?: Record<string, { schema: Schema }> };
	responses: Record<string, { content?: Record<string, { schema: Schema }>; $ref?: string }>;
}

export interface OpenApiDocument {
	paths: Record<string, Record<string, Operation>>;
	components: {
		schemas: Record<string, Schema>;
		responses: Record<string, Operation['responses'][string]>;
		[part: string]: unknown;
	};
}

/** A fresh copy of sandbox/openapi.yaml, parsed (a test may change its copy). */
export const readOpenApi = () => readOpenApiDocument() as unknown as OpenApiDocument;

const METHODS = ['get', 'post', 'put', 'delete', 'patch'];

const isSchema = (value: unknown): value is Schema =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/** `#/components/...` references resolve inside the document registered as "openapi.yaml". */
function rewriteRefs(schema: unknown): unknown {
	if (Array.isArray(schema)) return schema.map(rewriteRefs);
	if (isSchema(schema)) {
		return Object.fromEntries(
			Object.entries(schema).map(([k, v]) => [
				k,
				k === '$ref' && typeof v === 'string' ? `openapi.yaml${v}` : rewriteRefs(v),
			]),
		);
	}
	return schema;
}

/**
 * The schema with no room for unknown properties: every schema that describes a whole value (the
 * root, a property, an array item, a map value) and lists fields gets `unevaluatedProperties:
 * false`, unless it says what other properties may be. Not `additionalProperties: false`: the
 * document builds objects with allOf (BookingContract is CreateReservationContract and more), and
 * additionalProperties in one branch would refuse the other branch's fields, where
 * unevaluatedProperties (JSON Schema 2019-09, Ajv2019) sees every field that allOf and $ref
 * evaluated. The branches of allOf and the component definitions stay open: they are parts of the
 * value, closed where the value is used.
 */
function closed(schema: unknown, wholeValue: boolean): unknown {
	if (!isSchema(schema)) return schema;
	const out: Schema = {};
	for (const [key, value] of Object.entries(schema)) {
		if (key === 'properties' && isSchema(value))
			out[key] = Object.fromEntries(
				Object.entries(value).map(([name, property]) => [name, closed(property, true)]),
			);
		else if ((key === 'items' || key === 'additionalProperties') && isSchema(value))
			out[key] = closed(value, true);
		else if ((key === 'allOf' || key === 'anyOf' || key === 'oneOf') && Array.isArray(value))
			out[key] = value.map((branch) => closed(branch, false));
		else out[key] = value;
	}
	const listsFields = 'properties' in schema || 'allOf' in schema || '$ref' in schema;
	const saysOthers = 'additionalProperties' in schema || 'unevaluatedProperties' in schema;
	if (wholeValue && listsFields && !saysOthers) out.unevaluatedProperties = false;
	return out;
}

/** The oracle of one OpenAPI document (sandbox/openapi.yaml, or a test's changed copy of it). */
export function openApiContract(document: OpenApiDocument) {
	const operations: Operation[] = Object.entries(document.paths).flatMap(([path, item]) =>
		Object.entries(item)
			.filter(([method]) => METHODS.includes(method))
			.map(([method, op]) => ({ ...op, method: method.toUpperCase(), path })),
	);

	function operation(operationId: string): Operation {
		const op = operations.find((o) => o.operationId === operationId);
		if (!op) throw new Error(`openapi.yaml has no operation ${operationId}`);
		return op;
	}

	const ajv = addApiFormats(
		new Ajv2019({ ...STRICT_AJV_OPTIONS, useDefaults: false }) as unknown as Ajv,
	);
	const components = Object.fromEntries(
		Object.entries(document.components).map(([part, entries]) => [
			part,
			isSchema(entries)
				? Object.fromEntries(Object.entries(entries).map(([n, s]) => [n, closed(s, false)]))
				: entries,
		]),
	);
	ajv.addSchema(rewriteRefs({ components }) as Schema, 'openapi.yaml');
	const compiled = new Map<string, ValidateFunction>();

	function check(key: string, schema: Schema, value: unknown): string[] {
		let validate = compiled.get(key);
		if (!validate) {
			validate = ajv.compile(rewriteRefs(closed(schema, true)) as Schema);
			compiled.set(key, validate);
		}
		if (validate(value)) return [];
		return (validate.errors ?? []).slice(0, 5).map((e) => {
			const extra = e.params.unevaluatedProperty as string | undefined;
			const what = extra === undefined ? e.message : `has "${extra}", which the document lacks`;
			return `${key}: ${e.instancePath || '(root)'} ${what}`;
		});
	}

	function responseFor(op: Operation, status: number) {
		let response =
			op.responses[String(status)] ??
			op.responses[`${String(status)[0]}XX`] ??
			op.responses.default;
		if (response?.$ref) response = document.components.responses[response.$ref.split('/').pop()!];
		return response;
	}

	/**
	 * Errors of a response against the document, or [] when it matches. A status the operation
	 * does not document is itself an error.
	 */
	function responseErrors(operationId: string, status: number, body: unknown): string[] {
		const op = operation(operationId);
		const response = responseFor(op, status);
		if (!response) return [`${operationId} does not document status ${status}`];
		const media =
			response.content?.['application/json'] ?? Object.values(response.content ?? {})[0];
		if (!media)
			return body === undefined
				? []
				: [`${operationId} ${status} documents no body, got ${JSON.stringify(body).slice(0, 200)}`];
		return check(`${operationId} ${status}`, media.schema, body);
	}

	const pathMatchers = operations.map((op) => ({
		op,
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

	/** Errors of a request: unknown operation, or a JSON body that breaks its schema. */
	function requestErrors(method: string, url: string, body: unknown): string[] {
		const op = operationForRequest(method, url);
		if (!op) return [`${method} ${url} is no operation of openapi.yaml`];
		const schema = op.requestBody?.content?.['application/json']?.schema;
		if (!schema || body === undefined) return [];
		return check(`${op.operationId} request`, schema, body);
	}

	return { operations, operation, responseErrors, requestErrors };
}

const contract = openApiContract(readOpenApi());

export const { operations, operation, responseErrors } = contract;

/** Throws unless every request is an operation of openapi.yaml with a valid body. */
export function expectRequestsMatchOpenApi(
	requests: Array<{ method: string; url: string; body?: unknown }>,
): void {
	const errors = requests.flatMap((r) => contract.requestErrors(r.method, r.url, r.body));
	if (errors.length)
		throw new Error(
			`The node sent requests that openapi.yaml does not allow:\n${errors.join('\n')}`,
		);
}
