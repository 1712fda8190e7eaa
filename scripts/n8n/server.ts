/**
 * One home for running this package inside a real n8n server, shared by `npm run dev`
 * (scripts/dev.ts) and the end-to-end tests (test/e2e/): build and pack the package, install the
 * packed copy into an n8n user folder the way n8n installs a community package, start the sandbox
 * and the n8n server, wait until they answer, create the owner, import the credential and the
 * example workflows, run the n8n CLI, and stop everything again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { cleanNpmEnv } from './install';
import { REPO_ROOT, type N8nRuntime } from './runtime';

export type Log = (line: string) => void;

/** The package's name, and the prefix of its node types in n8n. */
export const PACKAGE_NAME = 'n8n-nodes-restaurant-reservations';
export const ACTION_NODE_TYPE = `${PACKAGE_NAME}.restaurantReservations`;
export const TRIGGER_NODE_TYPE = `${PACKAGE_NAME}.restaurantReservationsTrigger`;
export const CREDENTIAL_TYPE = 'restaurantReservationsApi';

/** The credential every example uses (fixed id, so the imported workflows find it). */
export const SANDBOX_CREDENTIAL = { id: 'RrSandboxCred0001', name: 'Restaurant Reservations sandbox' };
export const SANDBOX_TOKEN = 'sandbox-staff-token';

/** The owner account `npm run dev` creates; printed with the editor URL and written in the README. */
export const DEV_OWNER = { email: 'dev@example.com', password: 'Restaurant-Dev-2026', firstName: 'Dev', lastName: 'Owner' };

export const EXAMPLES_DIR = path.join(REPO_ROOT, 'examples');

/** Name of the Edit Fields node holding the folder that examples read files from and write files to. */
export const SETTINGS_NODE = 'Settings';

export class UserFacingError extends Error {}

// ---------------------------------------------------------------------------------------------
// Ports

/** Rejects with a clear message when `port` is taken on `host`. */
export async function assertPortFree(port: number, host: string, what: string, option: string): Promise<void> {
	await new Promise<void>((resolve, reject) => {
		const server = net.createServer();
		server.once('error', (error: NodeJS.ErrnoException) => {
			if (error.code === 'EADDRINUSE') reject(new UserFacingError(`port ${port} (${what}) is already in use on ${host}: choose another with ${option}`));
			else if (error.code === 'EACCES') reject(new UserFacingError(`port ${port} (${what}) needs more privileges on ${host}: choose another with ${option}`));
			else reject(error);
		});
		server.listen({ port, host, exclusive: true }, () => server.close(() => resolve()));
	});
}

/** A port that is free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = net.createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address() as net.AddressInfo;
			server.close(() => resolve(address.port));
		});
	});
}

// ---------------------------------------------------------------------------------------------
// Child processes

export interface ManagedProcess {
	name: string;
	child: ChildProcess;
	/** The last lines the process wrote (stdout and stderr). */
	output: string[];
	exited: Promise<number | null>;
	/** SIGTERM to the process and its children, SIGKILL after `graceMs`; resolves when it is gone. */
	stop(graceMs?: number): Promise<void>;
}

const running = new Set<ManagedProcess>();

/** Last resort when the parent exits without stopping its children (an uncaught error). */
process.once('exit', () => {
	for (const managed of running) signalGroup(managed.child, 'SIGKILL');
});

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
	if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
	try {
		process.kill(-child.pid, signal); // the whole group: n8n's task runner goes too
	} catch {
		try {
			child.kill(signal);
		} catch {
			// already gone
		}
	}
}

/**
 * Spawns a long-running process in its own process group (so that a Ctrl-C in the terminal reaches
 * only the parent, which then stops the children in order and waits for them).
 */
export function startProcess(
	name: string,
	command: string,
	args: string[],
	options: { cwd?: string; env?: NodeJS.ProcessEnv; onLine?: (line: string) => void; keepLines?: number },
): ManagedProcess {
	const child = spawn(command, args, { cwd: options.cwd ?? REPO_ROOT, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
	const output: string[] = [];
	const keep = options.keepLines ?? 400;
	for (const stream of [child.stdout!, child.stderr!]) {
		let buffer = '';
		stream.on('data', (chunk: Buffer) => {
			buffer += chunk.toString();
			const lines = buffer.split('\n');
			buffer = lines.pop() ?? '';
			for (const line of lines) {
				output.push(line);
				if (output.length > keep) output.shift();
				options.onLine?.(line);
			}
		});
	}
	const exited = new Promise<number | null>((resolve) => {
		child.once('error', (error) => {
			output.push(`${name}: ${error.message}`);
			resolve(null);
		});
		child.once('exit', (code) => resolve(code));
	});
	const managed: ManagedProcess = {
		name,
		child,
		output,
		exited,
		async stop(graceMs = 15_000) {
			if (child.exitCode === null && child.signalCode === null) {
				signalGroup(child, 'SIGTERM');
				const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
				await exited;
				clearTimeout(timer);
			}
			running.delete(managed);
		},
	};
	running.add(managed);
	void exited.then(() => running.delete(managed));
	return managed;
}

export interface RunResult {
	code: number | null;
	stdout: string;
	stderr: string;
	timedOut: boolean;
}

/** Runs a command to its end, with a time limit; never rejects for a non-zero exit. */
export function runCommand(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<RunResult> {
	return new Promise((resolve) => {
		const child = spawn(command, args, { cwd: options.cwd ?? REPO_ROOT, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
		let stdout = '';
		let stderr = '';
		let timedOut = false;
		child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
		child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
		const timer = setTimeout(() => {
			timedOut = true;
			signalGroup(child, 'SIGKILL');
		}, options.timeoutMs ?? 5 * 60_000);
		const onExit = () => signalGroup(child, 'SIGKILL');
		process.once('exit', onExit);
		child.once('error', (error) => {
			clearTimeout(timer);
			process.removeListener('exit', onExit);
			resolve({ code: null, stdout, stderr: `${stderr}${error.message}`, timedOut });
		});
		child.once('close', (code) => {
			clearTimeout(timer);
			process.removeListener('exit', onExit);
			resolve({ code, stdout, stderr, timedOut });
		});
	});
}

function lastLines(text: string, count = 30): string {
	return text.trim().split('\n').slice(-count).join('\n');
}

// ---------------------------------------------------------------------------------------------
// The package: build, pack, install into a user folder

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** `npm run build` in the repository. */
export async function buildPackage(): Promise<void> {
	const result = await runCommand(NPM, ['run', 'build'], { env: cleanNpmEnv(), timeoutMs: 5 * 60_000 });
	if (result.code !== 0) throw new UserFacingError(`npm run build failed:\n${lastLines(result.stdout + result.stderr)}`);
}

/** `npm pack` into `destination`; returns the path of the tarball. */
export async function packPackage(destination: string): Promise<string> {
	fs.mkdirSync(destination, { recursive: true });
	const result = await runCommand(NPM, ['pack', '--json', '--pack-destination', destination], { env: cleanNpmEnv({ npm_config_ignore_scripts: 'true' }), timeoutMs: 2 * 60_000 });
	if (result.code !== 0) throw new UserFacingError(`npm pack failed:\n${lastLines(result.stdout + result.stderr)}`);
	const [info] = JSON.parse(result.stdout.slice(result.stdout.indexOf('['))) as Array<{ filename: string }>;
	return path.join(destination, info.filename);
}

/** `<userFolder>/.n8n/nodes`: where n8n keeps the community packages it installed. */
export function nodesFolder(userFolder: string): string {
	return path.join(userFolder, '.n8n', 'nodes');
}

/**
 * Installs a packed package the way n8n 2.x installs a community package (CommunityPackagesService
 * .downloadPackage): unpack it into `.n8n/nodes/node_modules/<name>`, drop its dev, peer and
 * optional dependencies, `npm install` what is left with scripts off, and record it in
 * `.n8n/nodes/package.json`.
 */
export async function installPackedPackage(tarball: string, userFolder: string): Promise<string> {
	const nodes = nodesFolder(userFolder);
	const packageDir = path.join(nodes, 'node_modules', PACKAGE_NAME);
	fs.rmSync(packageDir, { recursive: true, force: true });
	fs.mkdirSync(packageDir, { recursive: true });
	const untar = await runCommand('tar', ['-xzf', tarball, '-C', packageDir, '--strip-components=1'], { timeoutMs: 60_000 });
	if (untar.code !== 0) throw new UserFacingError(`cannot unpack ${tarball}: ${untar.stderr}`);
	const manifestPath = path.join(packageDir, 'package.json');
	const { devDependencies, peerDependencies, optionalDependencies, ...manifest } = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, unknown>;
	void devDependencies;
	void peerDependencies;
	void optionalDependencies;
	fs.writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
	const install = await runCommand(
		NPM,
		['install', '--audit=false', '--fund=false', '--bin-links=false', '--install-strategy=shallow', '--ignore-scripts=true', '--package-lock=false'],
		{ cwd: packageDir, env: cleanNpmEnv(), timeoutMs: 5 * 60_000 },
	);
	if (install.code !== 0) throw new UserFacingError(`npm install in ${packageDir} failed:\n${lastLines(install.stdout + install.stderr)}`);
	const nodesManifestPath = path.join(nodes, 'package.json');
	const nodesManifest = fs.existsSync(nodesManifestPath)
		? (JSON.parse(fs.readFileSync(nodesManifestPath, 'utf8')) as { dependencies?: Record<string, string> })
		: { name: 'installed-nodes', private: true, dependencies: {} as Record<string, string> };
	nodesManifest.dependencies = { ...nodesManifest.dependencies, [PACKAGE_NAME]: String(manifest.version) };
	fs.writeFileSync(nodesManifestPath, JSON.stringify(nodesManifest, null, 2));
	return packageDir;
}

// ---------------------------------------------------------------------------------------------
// The sandbox

export interface RunningSandbox {
	url: string;
	process: ManagedProcess;
}

/** Starts `tsx sandbox/cli.ts` and resolves with its URL once it listens; rejects with its own message otherwise. */
export async function startSandbox(options: { port: number; host?: string; quiet?: boolean; today?: string; onLine?: Log }): Promise<RunningSandbox> {
	const host = options.host ?? '127.0.0.1';
	const args = [path.join(REPO_ROOT, 'sandbox/cli.ts'), '--port', String(options.port), '--host', host];
	if (options.quiet) args.push('--quiet');
	if (options.today) args.push('--today', options.today);
	let resolveUrl: (url: string) => void = () => undefined;
	const listening = new Promise<string>((resolve) => (resolveUrl = resolve));
	const managed = startProcess('sandbox', path.join(REPO_ROOT, 'node_modules/.bin/tsx'), args, {
		env: cleanNpmEnv(),
		onLine: (line) => {
			const match = /listening on (http:\/\/\S+)/.exec(line);
			if (match) resolveUrl(match[1]);
			else options.onLine?.(line);
		},
	});
	const outcome = await Promise.race([
		listening.then((url) => ({ url })),
		managed.exited.then((code) => ({ code })),
		new Promise<{ timeout: true }>((resolve) => setTimeout(() => resolve({ timeout: true }), 60_000)),
	]);
	if ('url' in outcome) return { url: outcome.url, process: managed };
	await managed.stop(1000);
	const said = managed.output.filter((line) => line.trim()).slice(-5).join('\n');
	if ('code' in outcome) throw new UserFacingError(said || `the sandbox exited with code ${outcome.code}`);
	throw new UserFacingError(`the sandbox did not start within 60 s:\n${said}`);
}

// ---------------------------------------------------------------------------------------------
// The n8n server and its CLI

export interface N8nInstance {
	rt: N8nRuntime;
	userFolder: string;
	/** Folder the examples read and write files in (N8N_RESTRICT_FILE_ACCESS_TO). */
	filesFolder: string;
	port: number;
	brokerPort: number;
	host: string;
	url: string;
	env: NodeJS.ProcessEnv;
}

/** The settings of one n8n instance: its user folder, ports and environment. */
export function n8nInstance(rt: N8nRuntime, options: { userFolder: string; port: number; brokerPort: number; host?: string; filesFolder?: string; extraEnv?: Record<string, string> }): N8nInstance {
	const host = options.host ?? '127.0.0.1';
	const filesFolder = options.filesFolder ?? path.join(options.userFolder, 'files');
	const inherited = cleanNpmEnv();
	// A test runner's NODE_ENV=test changes how n8n starts (and silences its CLI): not ours to pass on.
	for (const key of Object.keys(inherited)) if (key === 'NODE_ENV' || key.startsWith('JEST_')) delete inherited[key];
	const env: NodeJS.ProcessEnv = {
		...inherited,
		PATH: `${path.dirname(rt.node)}${path.delimiter}${process.env.PATH ?? ''}`,
		N8N_USER_FOLDER: options.userFolder,
		N8N_PORT: String(options.port),
		N8N_LISTEN_ADDRESS: host,
		N8N_HOST: host,
		N8N_PROTOCOL: 'http',
		N8N_EDITOR_BASE_URL: `http://${host}:${options.port}`,
		N8N_RUNNERS_BROKER_PORT: String(options.brokerPort),
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_SECURE_COOKIE: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_RESTRICT_FILE_ACCESS_TO: filesFolder,
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_LOG_LEVEL: process.env.N8N_LOG_LEVEL ?? 'info',
		// Schedules and $now in this machine's time zone (n8n's default is America/New_York).
		GENERIC_TIMEZONE: process.env.GENERIC_TIMEZONE ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		// The sandbox is on this machine: no proxy between n8n and 127.0.0.1.
		NO_PROXY: ['127.0.0.1', 'localhost', process.env.NO_PROXY].filter(Boolean).join(','),
		...options.extraEnv,
	};
	return { rt, userFolder: options.userFolder, filesFolder, port: options.port, brokerPort: options.brokerPort, host, url: `http://${host}:${options.port}`, env };
}

/** Runs `n8n <args>` on the Node 24 binary against the instance's user folder. */
export async function runN8nCli(instance: N8nInstance, args: string[], options: { timeoutMs?: number; env?: Record<string, string> } = {}): Promise<RunResult> {
	// The CLI reports its results at log level info ("Successfully imported", execution output).
	const env = { ...instance.env, N8N_LOG_LEVEL: 'info', ...options.env };
	return runCommand(instance.rt.node, [instance.rt.n8nBin, ...args], { cwd: instance.filesFolder, env, timeoutMs: options.timeoutMs ?? 5 * 60_000 });
}

async function runN8nCliOrThrow(instance: N8nInstance, args: string[], success: RegExp): Promise<RunResult> {
	const result = await runN8nCli(instance, args);
	const text = result.stdout + result.stderr;
	if (result.code !== 0 || !success.test(text)) {
		throw new UserFacingError(`n8n ${args.join(' ')} failed${result.timedOut ? ' (timed out)' : ''}:\n${lastLines(text)}`);
	}
	return result;
}

export interface CredentialSpec {
	id: string;
	name: string;
	baseUrl: string;
	accessToken: string;
}

/** `n8n import:credentials`: the credential with its data in clear; n8n encrypts it with the instance's key. */
export async function importCredentials(instance: N8nInstance, credentials: CredentialSpec[], workDir: string): Promise<void> {
	const file = path.join(workDir, 'credentials.json');
	fs.mkdirSync(workDir, { recursive: true });
	const now = new Date().toISOString();
	fs.writeFileSync(
		file,
		JSON.stringify(
			credentials.map((c) => ({
				id: c.id,
				name: c.name,
				type: CREDENTIAL_TYPE,
				data: { baseUrl: c.baseUrl, accessToken: c.accessToken },
				createdAt: now,
				updatedAt: now,
			})),
		),
	);
	try {
		await runN8nCliOrThrow(instance, ['import:credentials', `--input=${file}`], /Successfully imported/);
	} finally {
		fs.rmSync(file, { force: true }); // the token in clear does not stay on disk
	}
}

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
			const json = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as ExampleWorkflow['json'];
			return { file, id: String(json.id), name: String(json.name), json };
		});
}

/**
 * A copy of the workflow whose Settings node points at `filesFolder`, and whose credentials are
 * `credentialId` (the examples name the sandbox credential).
 */
export function prepareExample(example: ExampleWorkflow, options: { filesFolder: string; credential?: { id: string; name: string }; id?: string; name?: string }): ExampleWorkflow['json'] {
	const json = structuredClone(example.json);
	if (options.id) json.id = options.id;
	if (options.name) json.name = options.name;
	for (const node of json.nodes) {
		if (node.name === SETTINGS_NODE) {
			const assignments = ((node.parameters as Record<string, unknown>).assignments as { assignments: Array<{ name: string; value: unknown }> }).assignments;
			for (const assignment of assignments) if (assignment.name === 'folder') assignment.value = options.filesFolder;
		}
		const credentials = node.credentials as Record<string, { id: string; name: string }> | undefined;
		if (options.credential && credentials?.[CREDENTIAL_TYPE]) credentials[CREDENTIAL_TYPE] = { ...options.credential };
	}
	return json;
}

/** `n8n import:workflow --separate`: the given workflows in one call (each keeps its id). */
export async function importWorkflows(instance: N8nInstance, workflows: Array<Record<string, unknown>>, workDir: string): Promise<void> {
	const dir = path.join(workDir, 'workflows');
	fs.rmSync(dir, { recursive: true, force: true });
	fs.mkdirSync(dir, { recursive: true });
	workflows.forEach((workflow, i) => fs.writeFileSync(path.join(dir, `${String(i).padStart(2, '0')}.json`), JSON.stringify(workflow, null, 2)));
	await runN8nCliOrThrow(instance, ['import:workflow', '--separate', `--input=${dir}`], /Successfully imported|Imported \d+ workflow/i);
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

/** Starts `n8n start` and resolves once /healthz/readiness answers 200; rejects with n8n's last lines. */
export async function startN8n(instance: N8nInstance, options: { onLine?: Log; timeoutMs?: number } = {}): Promise<ManagedProcess> {
	fs.mkdirSync(instance.filesFolder, { recursive: true });
	const managed = startProcess('n8n', instance.rt.node, [instance.rt.n8nBin, 'start'], { cwd: instance.filesFolder, env: instance.env, onLine: options.onLine });
	const deadline = Date.now() + (options.timeoutMs ?? 180_000);
	let exitCode: number | null | undefined;
	void managed.exited.then((code) => (exitCode = code));
	for (;;) {
		if (exitCode !== undefined) {
			throw new UserFacingError(`n8n exited (code ${exitCode}) before it was ready:\n${managed.output.slice(-30).join('\n')}`);
		}
		try {
			const response = await fetch(`${instance.url}/healthz/readiness`, { signal: AbortSignal.timeout(2000) });
			if (response.ok) return managed;
		} catch {
			// not listening yet
		}
		if (Date.now() > deadline) {
			await managed.stop(5000);
			throw new UserFacingError(`n8n was not ready after ${Math.round((options.timeoutMs ?? 180_000) / 1000)} s:\n${managed.output.slice(-30).join('\n')}`);
		}
		await new Promise((r) => setTimeout(r, 500));
	}
}

// ---------------------------------------------------------------------------------------------
// The n8n REST API, as the editor uses it

export class N8nRest {
	private cookie = '';

	constructor(readonly baseUrl: string) {}

	async request<T = unknown>(method: string, route: string, body?: unknown): Promise<T> {
		const response = await fetch(`${this.baseUrl}/rest${route}`, {
			method,
			headers: { 'content-type': 'application/json', ...(this.cookie ? { cookie: this.cookie } : {}), 'browser-id': 'restaurant-reservations-scripts' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const setCookie = response.headers.getSetCookie?.() ?? [];
		const auth = setCookie.map((c) => c.split(';')[0]).find((c) => c.startsWith('n8n-auth='));
		if (auth) this.cookie = auth;
		const text = await response.text();
		if (!response.ok) throw new UserFacingError(`${method} /rest${route}: HTTP ${response.status} ${text.slice(0, 500)}`);
		const parsed = text ? (JSON.parse(text) as { data?: T }) : {};
		return (parsed.data ?? parsed) as T;
	}

	/** POST /rest/owner/setup on a fresh instance (then signed in as the owner). */
	async setupOwner(owner = DEV_OWNER): Promise<void> {
		await this.request('POST', '/owner/setup', owner);
	}

	async login(owner = DEV_OWNER): Promise<void> {
		await this.request('POST', '/login', { emailOrLdapLoginId: owner.email, password: owner.password });
	}
}

/** Creates the owner unless the instance already has one (a kept user folder); either way, signs in. */
export async function ensureOwner(rest: N8nRest, owner = DEV_OWNER): Promise<'created' | 'existing'> {
	try {
		await rest.setupOwner(owner);
		return 'created';
	} catch (error) {
		if (!/already setup/i.test((error as Error).message)) throw error;
		await rest.login(owner);
		return 'existing';
	}
}

/** A throwaway folder under the system temp directory. */
export function tempFolder(prefix: string): string {
	return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}
