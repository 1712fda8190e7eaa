/**
 * The example workflows of examples/: read, given the sandbox credential, pointed at an instance's
 * files folder, and their input files copied where n8n may read them. The shipped files name no
 * credential, so that n8n asks a user who imports one for theirs (or selects the one they have).
 */
import fs from 'node:fs';
import path from 'node:path';
import { SANDBOX_CLIENTS } from '../../sandbox/auth';
import {
	AUTHENTICATION,
	CLIENT_CREDENTIALS_TYPE,
	CREDENTIAL_TYPE,
} from '../../nodes/shared/transport';
import { ACTION_NODE_TYPE, TRIGGER_NODE_TYPE } from './communityPackage';
import {
	importCredentials,
	importWorkflows,
	type CredentialSpec,
	type OtherCredentialSpec,
} from './n8nCli';
import type { N8nInstance } from './n8nProcess';
import type { N8nRest } from './n8nRest';
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

/** A credential a node names: its id and name, and its type when it is not the access token's. */
export interface NodeCredential {
	id: string;
	name: string;
	type?: string;
}

/** The OAuth2 credential the tests give nodes whose Authentication is OAuth2 (fixed id, as above). */
export const SANDBOX_OAUTH2_CREDENTIAL = {
	id: 'RrSandboxOAuth01',
	name: 'Restaurant Reservations sandbox (OAuth2)',
	type: CLIENT_CREDENTIALS_TYPE,
} as const satisfies NodeCredential;

/** The sandbox's staff client, whose tokens have the staff token's rights (sandbox/oauth.ts). */
export const SANDBOX_CLIENT_ID = 'sandbox-staff-client';

/**
 * The OAuth2 credential (client credentials, the staff client) for the sandbox at `baseUrl`, as a
 * user fills it: Base URL, Client ID and Client Secret; Access Token URL and Send Client
 * Credentials keep their defaults (the base URL's /token, in the body). No `oauthTokenData`: n8n
 * fetches the first token on first use and stores it in the credential.
 */
export function sandboxOAuth2Credential(
	baseUrl: string,
	credential: NodeCredential = SANDBOX_OAUTH2_CREDENTIAL,
	clientId = SANDBOX_CLIENT_ID,
): OtherCredentialSpec {
	const client = SANDBOX_CLIENTS[clientId];
	if (!client) throw new Error(`the sandbox has no OAuth2 client ${clientId}`);
	return {
		id: credential.id,
		name: credential.name,
		type: CLIENT_CREDENTIALS_TYPE,
		data: { baseUrl, clientId, clientSecret: client.clientSecret },
	};
}

/** How the tests' nodes authenticate: the staff token (the nodes' default), or the OAuth2 credential. */
export type SandboxAuth = keyof typeof AUTHENTICATION;

/** The credential of `auth` for the sandbox at `sandboxUrl`, as the CLI imports it. */
export const sandboxCredentialFor = (auth: SandboxAuth, sandboxUrl: string) =>
	auth === 'oAuth2' ? sandboxOAuth2Credential(sandboxUrl) : sandboxCredential(sandboxUrl);

/** The credential the nodes name for `auth`. */
export const nodeCredentialFor = (auth: SandboxAuth): NodeCredential =>
	auth === 'oAuth2' ? SANDBOX_OAUTH2_CREDENTIAL : SANDBOX_CREDENTIAL;

/**
 * Points a node of this package at `credential`: its credentials name it under its type, and its
 * Authentication parameter chooses that type (OAuth2; the access token is the parameter's default,
 * left unset as in a saved workflow).
 */
export function useCredential(node: Record<string, unknown>, credential: NodeCredential): void {
	const type = credential.type ?? CREDENTIAL_TYPE;
	node.credentials = {
		...(node.credentials as Record<string, unknown> | undefined),
		[type]: { id: credential.id, name: credential.name },
	};
	if (type === CLIENT_CREDENTIALS_TYPE)
		node.parameters = {
			...(node.parameters as Record<string, unknown> | undefined),
			authentication: AUTHENTICATION.oAuth2,
		};
}

/**
 * Sets an instance up before it starts: the sandbox credential (the staff token, or with
 * `auth: 'oAuth2'` the OAuth2 credential), then `workflows` that use it.
 */
export async function importWithSandboxCredential(
	instance: N8nInstance,
	sandboxUrl: string,
	workflows: Array<Record<string, unknown>>,
	workDir: string,
	{ auth = 'accessToken' }: { auth?: SandboxAuth } = {},
): Promise<void> {
	await importCredentials(instance, [sandboxCredentialFor(auth, sandboxUrl)], workDir);
	await importWorkflows(instance, workflows, workDir);
}

/**
 * As importWithSandboxCredential, on a running instance over its REST API (`rest` signed in as
 * its owner): no CLI boot.
 */
export async function createWithSandboxCredential(
	rest: N8nRest,
	sandboxUrl: string,
	workflows: Array<Record<string, unknown>>,
	{ auth = 'accessToken' }: { auth?: SandboxAuth } = {},
): Promise<void> {
	await rest.createCredentialsAndWorkflows([sandboxCredentialFor(auth, sandboxUrl)], workflows);
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
 * `credential` (the sandbox credential by default; the shipped files name none; an OAuth2 one sets
 * the node's Authentication to OAuth2), its Settings
 * node points at `filesFolder` and takes `settings` (e.g. the period example 05 ships empty), and
 * the nodes named in `parameters` take those (e.g. a follow-up the next morning made one the tests
 * can wait for). Tests set `fastPolls`: its triggers then poll every 10 seconds instead of every
 * minute.
 */
export function prepareExample(
	example: ExampleWorkflow,
	options: {
		filesFolder: string;
		credential?: NodeCredential;
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
	for (const node of json.nodes)
		if (CREDENTIAL_NODE_TYPES.includes(String(node.type))) useCredential(node, credential);
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
