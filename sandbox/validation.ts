/**
 * How request and response bodies are checked against openapi.yaml: the Ajv setup of the server
 * (through Fastify) and of the tests that check the server's responses.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

/**
 * Reservation and event times are restaurant-local wall times, usually without an offset
 * ("2026-11-22T19:30:00"); an offset or "Z" is accepted too. Stricter RFC 3339 would reject the
 * platform's own data.
 */
const DATE_TIME_PATTERN =
	/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/i;

function relaxDateTime(ajv: Ajv): Ajv {
	return ajv.addFormat('date-time', DATE_TIME_PATTERN);
}

/** Ajv plugins, in order: the standard formats, then date-time relaxed as above. */
const AJV_PLUGINS: Array<(ajv: Ajv) => Ajv> = [addFormats, relaxDateTime];

export function addApiFormats(ajv: Ajv): Ajv {
	for (const plugin of AJV_PLUGINS) plugin(ajv);
	return ajv;
}

/**
 * The Ajv options of what the server reads from text (query, path, headers, form fields):
 * `?take=5` is the integer 5, `?pending=true` the boolean, one `?kind=` an array of one. Every
 * error is reported, defaults are filled in.
 */
export const AJV_OPTIONS = {
	allErrors: true,
	coerceTypes: 'array' as const,
	useDefaults: true,
	removeAdditional: false as const,
	strict: false,
	// A compiled schema is not kept by its $id: two routes' schemas may carry the same one.
	addUsedSchema: false,
};

/**
 * The Ajv options of a JSON body: no coercion. JSON has its own types, and the platform (ASP.NET
 * Core's System.Text.Json) refuses a string for an integer, a number for a string, a scalar for an
 * array and null for a field that is not nullable, with a 400 that names the field.
 */
export const STRICT_AJV_OPTIONS = { ...AJV_OPTIONS, coerceTypes: false as const };

/** A JSON body: no content type given (Fastify's default body) or a JSON one. */
function isJsonBody(contentType: string | undefined): boolean {
	return contentType === undefined || /^application\/([\w.+-]+\+)?json$/i.test(contentType);
}

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An object schema with the properties of its allOf branches lifted into its own `properties`
 * (recursively): additionalProperties, below, sees only the properties of its own schema object.
 * The rest of each branch (type, nullable, required) stays a branch.
 */
function liftAllOf(schema: Schema): Schema {
	if (!Array.isArray(schema.allOf)) return schema;
	const properties: Schema = { ...(schema.properties as Schema | undefined) };
	const allOf = schema.allOf.map((raw: unknown) => {
		if (!isSchema(raw)) return raw;
		const { properties: lifted, ...rest } = liftAllOf(raw);
		for (const [name, property] of Object.entries((lifted as Schema | undefined) ?? {}))
			properties[name] = name in properties ? { allOf: [properties[name], property] } : property;
		return rest;
	});
	return Object.keys(properties).length > 0
		? { ...schema, properties, allOf }
		: { ...schema, allOf };
}

/**
 * A JSON body schema whose objects keep only the fields they list, as the platform's model binding
 * does (System.Text.Json skips a JSON property its type lacks): every object that lists properties
 * and says nothing of others gets `additionalProperties: false`, which Ajv's `removeAdditional`
 * reads as "drop the others". So an unknown field is ignored, never stored nor sent back.
 */
function withoutUnknownFields(schema: unknown, wholeValue = true): unknown {
	if (!isSchema(schema)) return schema;
	const lifted = liftAllOf(schema);
	const out: Schema = {};
	for (const [key, value] of Object.entries(lifted)) {
		if (key === 'properties' && isSchema(value))
			out[key] = Object.fromEntries(
				Object.entries(value).map(([name, property]) => [name, withoutUnknownFields(property)]),
			);
		else if ((key === 'items' || key === 'additionalProperties') && isSchema(value))
			out[key] = withoutUnknownFields(value);
		else if (key === 'allOf' && Array.isArray(value))
			out[key] = value.map((branch) => withoutUnknownFields(branch, false));
		else out[key] = value;
	}
	if (wholeValue && 'properties' in out && !('additionalProperties' in lifted))
		out.additionalProperties = false;
	return out;
}

/**
 * Fastify's validator compiler for the whole server: JSON bodies strictly (STRICT_AJV_OPTIONS),
 * the API's with their unknown fields dropped (withoutUnknownFields); everything that arrives as
 * text with coercion (AJV_OPTIONS): query strings, path parameters, headers and multipart form
 * fields (a form field is text, as a query parameter is). The control path's bodies (/__sandbox)
 * keep their own schemas, which refuse an unknown field.
 */
export function requestValidatorCompiler(): FastifySchemaCompiler<unknown> {
	const fromText = addApiFormats(new Ajv(AJV_OPTIONS));
	const fromJson = addApiFormats(new Ajv(STRICT_AJV_OPTIONS));
	const fromApiJson = addApiFormats(new Ajv({ ...STRICT_AJV_OPTIONS, removeAdditional: true }));
	return ({ schema, httpPart, contentType, url }): ValidateFunction => {
		if (httpPart !== 'body' || !isJsonBody(contentType))
			return compiledOnFirstUse(() => fromText.compile(schema as object));
		if (!url.startsWith('/api/'))
			return compiledOnFirstUse(() => fromJson.compile(schema as object));
		return compiledOnFirstUse(() => fromApiJson.compile(withoutUnknownFields(schema) as object));
	};
}

/**
 * A validator that Ajv compiles when its route first gets a request. Compiling every route's at
 * start was most of a start's CPU (about a second of 4), and a test's sandbox, started anew for
 * most test files, meets few of its routes. Fastify reads `errors` from the function it called.
 */
function compiledOnFirstUse(compile: () => ValidateFunction): ValidateFunction {
	let compiled: ValidateFunction | undefined;
	const validate = ((data: unknown) => {
		compiled ??= compile();
		const valid = compiled(data);
		validate.errors = compiled.errors;
		return valid;
	}) as ValidateFunction;
	return validate;
}
