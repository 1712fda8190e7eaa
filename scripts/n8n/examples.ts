/**
 * The example workflows of examples/: read, given the sandbox credential, pointed at an instance's
 * files folder, and their input files copied where n8n may read them. The shipped files name no
 * credential, so that n8n asks a user who imports one for theirs (or selects the one they have).
 */
import fs from 'node:fs';
import path from 'node:path';
import { CREDENTIAL_TYPE } from '../../nodes/shared/transport';
import { ACTION_NODE_TYPE, TRIGGER_NODE_TYPE } from './communityPackage';
import { importCredentials, importWorkflows, type CredentialSpec } from './n8nCli';
import type { N8nInstance } from './n8nProcess';
import { pollEveryTenSeconds } from './pollTimes';
import { REPO_ROOT } from './runtime';

/** The credential `npm run dev` and the tests give the examples (fixed id, so the imported workflows find it). */
export const SANDBOX_CREDENTIAL = {
	id: 'RrSandboxCred0001',
	name: 'Restaurant Reservations sandbox',
};
export const SANDBOX_TOKEN = 'sandbox-staff-token';

/** The sandbox credential (its staff token) for the sandbox at `baseUrl`, as the CLI imports it. */
export function sandboxCredential(baseUrl: string): CredentialSpec {
	return { ...SANDBOX_CREDENTIAL, baseUrl, accessToken: SANDBOX_TOKEN };
}

/** Sets an instance up before it starts: the sandbox credential, then `workflows` that use it. */
export async function importWithSandboxCredential(
	instance: N8nInstance,
	sandboxUrl: string,
	workflows: Array<Record<string, unknown>>,
	workDir: string,
): Promise<void> {
	await importCredentials(instance, [sandboxCredential(sandboxUrl)], workDir);
	await importWorkflows(instance, workflows, workDir);
}

const EXAMPLES_DIR = path.join(REPO_ROOT, 'examples');

/** Name of the Edit Fields node holding what a user sets: the folder that examples read files from and write files to, a period, a name. */
const SETTINGS_NODE = 'Settings';

/** The node types of this package that take its credential: the action node, its AI tool variant, the trigger. */
export const CREDENTIAL_NODE_TYPES: readonly string[] = [
	ACTION_NODE_TYPE,
	`${ACTION_NODE_TYPE}Tool`,
	TRIGGER_NODE_TYPE,
];

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

/** Sets the Settings node's fields: `folder` when it has one, and each of `values`, which it must have. */
function setSettings(
	example: ExampleWorkflow,
	node: Record<string, unknown>,
	filesFolder: string,
	values: Record<string, string>,
): void {
	const assignments = (
		(node.parameters as Record<string, unknown>).assignments as {
			assignments: Array<{ name: string; value: unknown }>;
		}
	).assignments;
	for (const assignment of assignments)
		if (assignment.name === 'folder') assignment.value = filesFolder;
	for (const [name, value] of Object.entries(values)) {
		const assignment = assignments.find((a) => a.name === name);
		if (!assignment)
			throw new Error(`${example.file}: its ${SETTINGS_NODE} node has no field ${name}`);
		assignment.value = value;
	}
}

/** Sets parameters of named nodes, each of which the example must have. */
function setParameters(
	example: ExampleWorkflow,
	nodes: Array<Record<string, unknown>>,
	parameters: Record<string, Record<string, unknown>>,
): void {
	for (const [name, values] of Object.entries(parameters)) {
		const node = nodes.find((n) => n.name === name);
		if (!node) throw new Error(`${example.file} has no node named ${name}`);
		node.parameters = { ...(node.parameters as Record<string, unknown>), ...values };
	}
}

/**
 * A copy of the workflow for `npm run dev` and the tests: every node of this package's types gets
 * `credential` (the sandbox credential by default; the shipped files name none), its Settings
 * node points at `filesFolder` and takes `settings` (e.g. the period example 05 ships empty), and
 * the nodes named in `parameters` take those (e.g. a follow-up the next morning made one the tests
 * can wait for). Tests set `fastPolls`: its triggers then poll every 10 seconds instead of every
 * minute.
 */
export function prepareExample(
	example: ExampleWorkflow,
	options: {
		filesFolder: string;
		credential?: { id: string; name: string };
		settings?: Record<string, string>;
		parameters?: Record<string, Record<string, unknown>>;
		id?: string;
		name?: string;
		fastPolls?: boolean;
	},
): ExampleWorkflow['json'] {
	const json = structuredClone(example.json);
	if (options.fastPolls) pollEveryTenSeconds(json.nodes);
	if (options.parameters) setParameters(example, json.nodes, options.parameters);
	if (options.id) json.id = options.id;
	if (options.name) json.name = options.name;
	const credential = options.credential ?? SANDBOX_CREDENTIAL;
	const settings = json.nodes.find((node) => node.name === SETTINGS_NODE);
	if (settings) setSettings(example, settings, options.filesFolder, options.settings ?? {});
	else if (options.settings)
		throw new Error(
			`${example.file} has no ${SETTINGS_NODE} node to set ${Object.keys(options.settings).join(', ')} in`,
		);
	for (const node of json.nodes) {
		if (!CREDENTIAL_NODE_TYPES.includes(String(node.type))) continue;
		node.credentials = {
			...(node.credentials as Record<string, unknown> | undefined),
			[CREDENTIAL_TYPE]: { id: credential.id, name: credential.name },
		};
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
