/**
 * The n8n CLI against an instance's user folder: any command, and the imports of credentials and
 * workflows that set an instance up before its server starts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CREDENTIAL_TYPE } from '../../nodes/shared/transport';
import type { N8nInstance } from './n8nProcess';
import { UserFacingError } from './output';
import { lastLines, runCommand, type RunResult } from './processes';

/** A credential of this package: the sandbox's (or a platform's) base URL and token. */
export interface CredentialSpec {
	id: string;
	name: string;
	baseUrl: string;
	accessToken: string;
}

/** A credential of another type (n8n's own, or this package's OAuth2 one), its data as that type names it. */
export interface OtherCredentialSpec {
	id: string;
	name: string;
	type: string;
	data: Record<string, unknown>;
}

/** Runs `n8n <args>` on the Node 24 binary against the instance's user folder. */
export async function runN8nCli(
	instance: N8nInstance,
	args: string[],
	options: { timeoutMs?: number; env?: Record<string, string> } = {},
): Promise<RunResult> {
	// The CLI reports its results at log level info ("Successfully imported", execution output).
	const env = { ...instance.env, N8N_LOG_LEVEL: 'info', ...options.env };
	return runCommand(instance.rt.node, [instance.rt.n8nBin, ...args], {
		cwd: instance.filesFolder,
		env,
		timeoutMs: options.timeoutMs ?? 5 * 60_000,
	});
}

async function runN8nCliOrThrow(
	instance: N8nInstance,
	args: string[],
	success: RegExp,
): Promise<RunResult> {
	const result = await runN8nCli(instance, args);
	const text = result.stdout + result.stderr;
	if (result.code !== 0 || !success.test(text)) {
		throw new UserFacingError(
			`n8n ${args.join(' ')} failed${result.timedOut ? ' (timed out)' : ''}:\n${lastLines(text)}`,
		);
	}
	return result;
}

/** A credential's type and its data as that type names them (this package's access token, or as given). */
export const credentialTypeAndData = (credential: CredentialSpec | OtherCredentialSpec) =>
	'type' in credential
		? { type: credential.type, data: credential.data }
		: {
				type: CREDENTIAL_TYPE,
				data: { baseUrl: credential.baseUrl, accessToken: credential.accessToken },
			};

function writeCredentialsFile(
	file: string,
	credentials: Array<CredentialSpec | OtherCredentialSpec>,
): void {
	const now = new Date().toISOString();
	const records = credentials.map((c) => ({
		id: c.id,
		name: c.name,
		...credentialTypeAndData(c),
		createdAt: now,
		updatedAt: now,
	}));
	fs.writeFileSync(file, JSON.stringify(records));
}

/** `n8n import:credentials`: the credential with its data in clear; n8n encrypts it with the instance's key. */
export async function importCredentials(
	instance: N8nInstance,
	credentials: Array<CredentialSpec | OtherCredentialSpec>,
	workDir: string,
): Promise<void> {
	const file = path.join(workDir, 'credentials.json');
	fs.mkdirSync(workDir, { recursive: true });
	writeCredentialsFile(file, credentials);
	try {
		await runN8nCliOrThrow(
			instance,
			['import:credentials', `--input=${file}`],
			/Successfully imported/,
		);
	} finally {
		fs.rmSync(file, { force: true }); // the token in clear does not stay on disk
	}
}

/** `n8n import:workflow --separate`: the given workflows in one call (each keeps its id). */
export async function importWorkflows(
	instance: N8nInstance,
	workflows: Array<Record<string, unknown>>,
	workDir: string,
): Promise<void> {
	const dir = path.join(workDir, 'workflows');
	fs.rmSync(dir, { recursive: true, force: true });
	fs.mkdirSync(dir, { recursive: true });
	workflows.forEach((workflow, i) =>
		fs.writeFileSync(
			path.join(dir, `${String(i).padStart(2, '0')}.json`),
			JSON.stringify(workflow, null, 2),
		),
	);
	await runN8nCliOrThrow(
		instance,
		['import:workflow', '--separate', `--input=${dir}`],
		/Successfully imported|Imported \d+ workflow/i,
	);
}
