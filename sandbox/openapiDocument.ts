/**
 * sandbox/openapi.yaml, the one place a field of the API is declared: the server reads it once at
 * start, and its routes, request validation and the reservation's fields follow from it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

export const OPENAPI_PATH = path.join(__dirname, 'openapi.yaml');

export type Schema = Record<string, unknown>;

/** The parts of an OpenAPI 3.0 document the sandbox and its tests read. */
export interface OpenApiDocument {
	paths: Record<string, unknown>;
	components: { schemas: Record<string, Schema>; [part: string]: unknown };
	[part: string]: unknown;
}

/** A fresh copy of sandbox/openapi.yaml (or another OpenAPI file, YAML or JSON), parsed. */
export function readOpenApiDocument(file = OPENAPI_PATH): OpenApiDocument {
	const text = readFileSync(file, 'utf8');
	// JSON is YAML too, but JSON.parse reads it in a few milliseconds where the YAML parser takes
	// half a second: the tests start the sandbox with openapi.yaml converted to JSON.
	return (file.endsWith('.json') ? JSON.parse(text) : parse(text)) as OpenApiDocument;
}

/**
 * The properties of a component schema by name, its allOf branches' included (a `$ref` to another
 * component followed), in the order the document gives them.
 */
export function componentProperties(
	document: OpenApiDocument,
	name: string,
): Record<string, Schema> {
	const schema = document.components.schemas[name];
	if (!schema) throw new Error(`openapi.yaml has no schema ${name}`);
	return propertiesOf(document, schema);
}

function propertiesOf(document: OpenApiDocument, schema: Schema): Record<string, Schema> {
	if (typeof schema.$ref === 'string')
		return componentProperties(document, schema.$ref.split('/').pop()!);
	const branches = (schema.allOf as Schema[] | undefined) ?? [];
	return Object.assign(
		{},
		...branches.map((branch) => propertiesOf(document, branch)),
		schema.properties as Record<string, Schema> | undefined,
	);
}
