/**
 * The example workflows of examples/ and the sandbox credential they name: read, pointed at an
 * instance's files folder and credential, and their input files copied where n8n may read them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CREDENTIAL_TYPE } from '../../nodes/shared/transport';
import { pollEveryTenSeconds } from './pollTimes';
import { REPO_ROOT } from './runtime';

/** The credential every example uses (fixed id, so the imported workflows find it). */
export const SANDBOX_CREDENTIAL = {
	id: 'RrSandboxCred0001',
	name: 'Restaurant Reservations sandbox',
};
export const SANDBOX_TOKEN = 'sandbox-staff-token';

const EXAMPLES_DIR = path.join(REPO_ROOT, 'examples');

/** Name of the Edit Fields node holding the folder that examples read files from and write files to. */
const SETTINGS_NODE = 'Settings';

export interface ExampleWorkflow {
	file: string;
	id: string;
	name: string;
	json: Record<string, unknown> & { nodes: Array<Record<string, unknown>> };
}

/** The example workflows of examples/, in file order. */
export function readExamples(dir = EXAMPLES_DIR): ExampleWorkflow[] {
	return fs
		.readdirSync(dir)
		.filter((file) => file.endsWith('.json'))
		.sort()
		.map((file) => {
			const json = JSON.parse(
				fs.readFileSync(path.join(dir, file), 'utf8'),
			) as ExampleWorkflow['json'];
			return { file, id: String(json.id), name: String(json.name), json };
		});
}

function pointSettingsAt(node: Record<string, unknown>, filesFolder: string): void {
	const assignments = (
		(node.parameters as Record<string, unknown>).assignments as {
			assignments: Array<{ name: string; value: unknown }>;
		}
	).assignments;
	for (const assignment of assignments)
		if (assignment.name === 'folder') assignment.value = filesFolder;
}

/**
 * A copy of the workflow whose Settings node points at `filesFolder`, and whose credentials are
 * `credential` when given (the examples name the sandbox credential). Tests set `fastPolls`: its
 * triggers then poll every 10 seconds instead of every minute.
 */
export function prepareExample(
	example: ExampleWorkflow,
	options: {
		filesFolder: string;
		credential?: { id: string; name: string };
		id?: string;
		name?: string;
		fastPolls?: boolean;
	},
): ExampleWorkflow['json'] {
	const json = structuredClone(example.json);
	if (options.fastPolls) pollEveryTenSeconds(json.nodes);
	if (options.id) json.id = options.id;
	if (options.name) json.name = options.name;
	for (const node of json.nodes) {
		if (node.name === SETTINGS_NODE) pointSettingsAt(node, options.filesFolder);
		const credentials = node.credentials as
			Record<string, { id: string; name: string }> | undefined;
		if (options.credential && credentials?.[CREDENTIAL_TYPE])
			credentials[CREDENTIAL_TYPE] = { ...options.credential };
	}
	return json;
}

/** Copies the example input files (e.g. the price list CSV) into the instance's files folder. */
export function copyExampleFiles(filesFolder: string, dir = EXAMPLES_DIR): string[] {
	fs.mkdirSync(filesFolder, { recursive: true });
	const copied: string[] = [];
	for (const file of fs.readdirSync(dir)) {
		if (file.endsWith('.json') || file.endsWith('.md')) continue;
		fs.copyFileSync(path.join(dir, file), path.join(filesFolder, file));
		copied.push(file);
	}
	return copied;
}
