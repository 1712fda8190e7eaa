/**
 * One n8n process: its settings and environment (user folder, ports, N8N_* variables), its start on
 * the Node 24 binary, the wait until it is ready, and its stop (ManagedProcess.stop, by pid).
 */
import fs from 'node:fs';
import path from 'node:path';
import { cleanNpmEnv } from './npm';
import { UserFacingError, type Log } from './output';
import { startProcess, type ManagedProcess } from './processes';
import { pathWithNodeFirst, type N8nRuntime } from './runtime';

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

export interface N8nInstanceOptions {
	userFolder: string;
	port: number;
	brokerPort: number;
	host?: string;
	filesFolder?: string;
	/** Added to (and overriding) the environment below, e.g. N8N_LOG_LEVEL. */
	extraEnv?: Record<string, string>;
}

const READY_TIMEOUT_MS = 180_000;

/** This process's environment without what is not ours to pass on to n8n. */
function inheritedEnv(): NodeJS.ProcessEnv {
	const inherited = cleanNpmEnv();
	// A test runner's NODE_ENV=test changes how n8n starts (and silences its CLI).
	for (const key of Object.keys(inherited))
		if (key === 'NODE_ENV' || key.startsWith('JEST_')) delete inherited[key];
	return inherited;
}

function n8nEnv(
	rt: N8nRuntime,
	options: N8nInstanceOptions,
	host: string,
	filesFolder: string,
): NodeJS.ProcessEnv {
	return {
		...inheritedEnv(),
		PATH: pathWithNodeFirst(rt.node),
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
		GENERIC_TIMEZONE:
			process.env.GENERIC_TIMEZONE ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		// The sandbox is on this machine: no proxy between n8n and 127.0.0.1.
		NO_PROXY: ['127.0.0.1', 'localhost', process.env.NO_PROXY].filter(Boolean).join(','),
		// Node's on-disk cache of compiled modules (Node 22.1 on; Node 20 ignores it): an n8n start is
		// mostly module loading (18 s of CPU on 2 cores), and the tests start n8n some sixty times a
		// run; with the cache a start costs about 1.6 s less.
		NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? path.join(rt.dir, '.node-compile-cache'),
		...rt.line.env,
		...options.extraEnv,
	};
}

/** The settings of one n8n instance: its user folder, ports and environment. */
export function n8nInstance(rt: N8nRuntime, options: N8nInstanceOptions): N8nInstance {
	const host = options.host ?? '127.0.0.1';
	const filesFolder = options.filesFolder ?? path.join(options.userFolder, 'files');
	const env = n8nEnv(rt, options, host, filesFolder);
	return {
		rt,
		userFolder: options.userFolder,
		filesFolder,
		port: options.port,
		brokerPort: options.brokerPort,
		host,
		url: `http://${host}:${options.port}`,
		env,
	};
}

/** The status the URL answers with; undefined while nothing listens there. */
async function statusOf(url: string): Promise<number | undefined> {
	try {
		return (await fetch(url, { signal: AbortSignal.timeout(2000) })).status;
	} catch {
		return undefined; // not listening yet
	}
}

/**
 * Ready: /healthz/readiness answers 200, and for the main process its REST API too (n8n 1.x
 * answers readiness before it has registered its REST routes): its settings, or without the editor
 * (N8N_DISABLE_UI, no settings route) the login route refusing a visitor who is not logged in.
 */
async function answersReady(instance: N8nInstance, command: 'start' | 'worker'): Promise<boolean> {
	if ((await statusOf(`${instance.url}/healthz/readiness`)) !== 200) return false;
	if (command === 'worker') return true;
	return instance.env.N8N_DISABLE_UI === 'true'
		? (await statusOf(`${instance.url}/rest/login`)) === 401
		: (await statusOf(`${instance.url}/rest/settings`)) === 200;
}

/** Polls until n8n is ready; rejects with n8n's last lines if it exits or the time is up. */
async function waitUntilReady(
	instance: N8nInstance,
	managed: ManagedProcess,
	command: 'start' | 'worker',
	timeoutMs: number,
): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	let exitCode: number | null | undefined;
	void managed.exited.then((code) => (exitCode = code));
	for (;;) {
		if (exitCode !== undefined) {
			throw new UserFacingError(
				`n8n exited (code ${exitCode}) before it was ready:\n${managed.output.slice(-30).join('\n')}`,
			);
		}
		if (await answersReady(instance, command)) return;
		if (Date.now() > deadline) {
			await managed.stop(5000);
			throw new UserFacingError(
				`n8n was not ready after ${Math.round(timeoutMs / 1000)} s:\n${managed.output.slice(-30).join('\n')}`,
			);
		}
		await new Promise((r) => setTimeout(r, 200));
	}
}

/**
 * Starts `n8n start` (or `n8n worker`, whose health server answers on the instance's port) and
 * resolves once it is ready (see answersReady); rejects with n8n's last lines.
 */
export async function startN8n(
	instance: N8nInstance,
	options: { onLine?: Log; timeoutMs?: number; command?: 'start' | 'worker'; name?: string } = {},
): Promise<ManagedProcess> {
	fs.mkdirSync(instance.filesFolder, { recursive: true });
	const command = options.command ?? 'start';
	const managed = startProcess(
		options.name ?? 'n8n',
		instance.rt.node,
		[instance.rt.n8nBin, command],
		{ cwd: instance.filesFolder, env: instance.env, onLine: options.onLine },
	);
	await waitUntilReady(instance, managed, command, options.timeoutMs ?? READY_TIMEOUT_MS);
	return managed;
}
