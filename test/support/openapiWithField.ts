/**
 * sandbox/openapi.yaml with one more reservation field, `dietaryNeeds` (a nullable list of
 * strings, in CreateReservationContract and so in every reservation the API answers with), written
 * to a file a sandbox can be started on (`useSandbox({ openapi })`, `--openapi <file>`): the
 * recipe of a new API field, proved on the sandbox's side (one entry in the document) and the
 * nodes' (one declaration).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stringify } from 'yaml';
import { readOpenApi } from './openapi';

export function documentWithDietaryNeeds() {
	const document = readOpenApi();
	const contract = document.components.schemas.CreateReservationContract;
	(contract.properties as Record<string, object>).dietaryNeeds = {
		type: 'array',
		nullable: true,
		description: 'Dietary needs of the party.',
		items: { type: 'string' },
	};
	return document;
}

/** The document written to a temporary file for this test file, removed after its tests. */
export function documentFileWithDietaryNeeds(): string {
	const folder = mkdtempSync(path.join(tmpdir(), 'sandbox-openapi-'));
	const file = path.join(folder, 'openapi.yaml');
	writeFileSync(file, stringify(documentWithDietaryNeeds()));
	afterAll(() => rmSync(folder, { recursive: true, force: true }));
	return file;
}
