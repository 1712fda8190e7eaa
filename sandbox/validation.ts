/**
 * How request and response bodies are checked against openapi.yaml: one Ajv setup for the server
 * (through Fastify) and for the tests that check the server's responses.
 */
import type Ajv from 'ajv';
import addFormats from 'ajv-formats';
import path from 'node:path';

export const OPENAPI_PATH = path.join(__dirname, 'openapi.yaml');

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

/**
 * Ajv plugins, in order: the standard formats, then date-time relaxed as above. Fastify's compiler
 * adds ajv-formats itself unless it finds that very plugin in this list.
 */
export const AJV_PLUGINS: Array<(ajv: Ajv) => Ajv> = [addFormats, relaxDateTime];

export function addApiFormats(ajv: Ajv): Ajv {
	for (const plugin of AJV_PLUGINS) plugin(ajv);
	return ajv;
}

/** The Ajv options of the server: coerce query and path strings, report every error. */
export const AJV_OPTIONS = {
	allErrors: true,
	coerceTypes: 'array' as const,
	useDefaults: true,
	removeAdditional: false as const,
	strict: false,
};
