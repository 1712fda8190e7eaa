/**
 * The sandbox API (sandbox/cli.ts) as a child process, for `npm run dev`, the tests and the
 * benchmarks: started on a port, ready once it says where it listens, steered through its
 * `/__sandbox` control routes, and stopped.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buildSync, version as esbuildVersion } from 'esbuild';
import { parse as parseYaml } from 'yaml';
import type { TokenCounts } from '../../sandbox/oauth';
import type { SandboxOptions as ServerOptions } from '../../sandbox/server';
import { fetchRetryingClosedConnection } from './keptAlive';
import { cleanNpmEnv } from './npm';
import { UserFacingError, type Log } from './output';
import { startProcess, type ManagedProcess } from './processes';
import { REPO_ROOT } from './runtime';

/** The sandbox's own options (sandbox/server.ts) that its command line takes as they are. */
type SandboxServerOptions = Pick<
	ServerOptions,
	| 'today'
	| 'extraProducts'
	| 'restaurants'
	| 'latencyMs'
	| 'rateLimitPerSecond'
	| 'reading'
	| 'tokenLifetimeSeconds'
>;

export interface SandboxOptions extends SandboxServerOptions {
	/** 0 (the default) picks a free port. */
	port?: number;
	host?: string;
	/** No request log. */
	quiet?: boolean;
	/** Reservations seeded per restaurant. */
	reservations?: number;
	/** An OpenAPI file to follow instead of sandbox/openapi.yaml (e.g. a copy with one more field). */
	openapi?: string;
	/** Every line the sandbox writes, except the one that says where it listens. */
	onLine?: Log;
}

export interface RunningSandbox {
	url: string;
	process: ManagedProcess;
	/** The last lines the sandbox wrote (its request log). */
	output: string[];
	/** A request to the sandbox's control routes, `/__sandbox<route>`. */
	control(method: string, route: string, body?: unknown): Promise<Response>;
	/** POST /__sandbox/reset: back to the seed, faults and request log cleared. */
	reset(): Promise<void>;
	/** GET /__sandbox/tokens: the tokens POST /token issued, their lifetime, the 401s for expired ones. */
	tokens(): Promise<TokenCounts>;
	/** POST /__sandbox/tokens/expire: every issued token expires now; how many were still valid. */
	expireTokens(): Promise<number>;
	stop(): Promise<void>;
}

/**
 * How long a sandbox may take to start: a minute, and a millisecond more per seeded reservation
 * (per restaurant times the restaurants, three unless more are asked for). The 50,000-reservation
 * bench seeds 100,137 a restaurant: 42 s on a 2-core machine under a load of 7, over 60 s beside
 * three deployment runs, and CI's machines are up to 2.5 times slower.
 */
export function startTimeoutMs({
	reservations = 0,
	restaurants = 3,
}: Pick<SandboxOptions, 'reservations' | 'restaurants'> = {}): number {
	return 60_000 + reservations * Math.max(3, restaurants);
}

/** The sandbox command line's options for `options`. */
function cliArgs(options: SandboxOptions): string[] {
	const args = ['--port', String(options.port ?? 0), '--host', options.host ?? '127.0.0.1'];
	if (options.quiet) args.push('--quiet');
	if (options.today) args.push('--today', options.today);
	if (options.reservations !== undefined) args.push('--reservations', String(options.reservations));
	if (options.extraProducts) args.push('--extra-products', String(options.extraProducts));
	if (options.restaurants) args.push('--restaurants', String(options.restaurants));
	if (options.latencyMs) args.push('--latency', String(options.latencyMs));
	if (options.rateLimitPerSecond) args.push('--rate-limit', String(options.rateLimitPerSecond));
	if (options.reading && options.reading !== 'sandbox') args.push('--reading', options.reading);
	if (options.tokenLifetimeSeconds !== undefined)
		args.push('--token-lifetime', String(options.tokenLifetimeSeconds));
	if (options.openapi) args.push('--openapi', options.openapi);
	return args;
}

/** Resolves with the sandbox's URL once it listens; rejects with its own last lines otherwise. */
async function listeningUrl(
	managed: ManagedProcess,
	listening: Promise<string>,
	timeoutMs: number,
): Promise<string> {
	let timer: NodeJS.Timeout | undefined;
	const outcome = await Promise.race([
		listening.then((url) => ({ url })),
		managed.exited.then((code) => ({ code })),
		new Promise<{ timeout: true }>(
			(resolve) => (timer = setTimeout(() => resolve({ timeout: true }), timeoutMs)),
		),
	]);
	clearTimeout(timer);
	if ('url' in outcome) return outcome.url;
	await managed.stop(1000);
	const said = managed.output
		.filter((line) => line.trim())
		.slice(-5)
		.join('\n');
	if ('code' in outcome)
		throw new UserFacingError(said || `the sandbox exited with code ${outcome.code}`);
	throw new UserFacingError(
		`the sandbox did not start within ${Math.round(timeoutMs / 1000)} s:\n${said}`,
	);
}

function controlRoutes(
	url: string,
): Pick<RunningSandbox, 'control' | 'reset' | 'tokens' | 'expireTokens'> {
	const control = (method: string, route: string, body?: unknown) =>
		fetchRetryingClosedConnection(`${url}/__sandbox${route}`, {
			method,
			headers: body === undefined ? {} : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
	return {
		control,
		async reset() {
			const response = await control('POST', '/reset');
			if (response.status !== 204) throw new Error(`reset failed: ${response.status}`);
		},
		async tokens() {
			const response = await control('GET', '/tokens');
			if (response.status !== 200) throw new Error(`token counts failed: ${response.status}`);
			return (await response.json()) as TokenCounts;
		},
		async expireTokens() {
			const response = await control('POST', '/tokens/expire');
			if (response.status !== 200) throw new Error(`token expiry failed: ${response.status}`);
			return ((await response.json()) as { expired: number }).expired;
		},
	};
}

/**
 * A sandbox another process started and owns (the test run's shared sandboxes): its API and
 * control routes at `url`. It has no process or output here, and stopping it is its owner's job.
 */
export function connectSandbox(url: string): RunningSandbox {
	const owned = (what: string) => () => {
		throw new Error(
			`the shared sandbox at ${url} has no ${what} in this process: start one of your own (useSandbox({ ownProcess: true }))`,
		);
	};
	return Object.defineProperties(
		{ url, ...controlRoutes(url), stop: async () => undefined } as RunningSandbox,
		{ process: { get: owned('process') }, output: { get: owned('output') } },
	);
}

const SANDBOX_FOLDER = path.join(REPO_ROOT, 'sandbox');

/** The files of sandbox/ (its sources and openapi.yaml), sorted, relative to the folder. */
function sandboxFiles(folder = SANDBOX_FOLDER): string[] {
	return fs
		.readdirSync(folder, { recursive: true, encoding: 'utf8' })
		.filter((file) => /\.(ts|yaml)$/.test(file))
		.sort();
}

/**
 * sandbox/cli.ts bundled into one CommonJS file, and openapi.yaml as JSON, once per version of
 * sandbox/ (.tmp/sandbox-bundle/<hash of its files>/): the sandbox then starts on plain Node,
 * without tsx's loader or the YAML parser: about 2.5 s of CPU a start instead of 5 (most engine
 * test files start one, the deployment tests 31). `npm run sandbox` runs the sources with tsx. The
 * bundle keeps its dependencies as requires (found in the project's node_modules) and the
 * sandbox folder as `__dirname`, where openapi.yaml is. Its `seeds/` folder keeps the seeded data
 * of each set of seed options (`--seed-cache`): about 0.35 s less of each start.
 */
export function sandboxBundle(): { cli: string; openapi: string; seeds: string } {
	const hash = createHash('sha256').update(esbuildVersion);
	for (const file of sandboxFiles())
		hash.update(`\0${file}\0`).update(fs.readFileSync(path.join(SANDBOX_FOLDER, file)));
	const folder = path.join(REPO_ROOT, '.tmp/sandbox-bundle', hash.digest('hex').slice(0, 16));
	const bundle = {
		cli: path.join(folder, 'cli.js'),
		openapi: path.join(folder, 'openapi.json'),
		seeds: path.join(folder, 'seeds'),
	};
	if (fs.existsSync(bundle.cli)) return bundle;
	fs.mkdirSync(folder, { recursive: true });
	// Written under names of their own and renamed: test workers may build the same bundle at once.
	const part = (file: string) => `${file}.${process.pid}.part`;
	const document = parseYaml(fs.readFileSync(path.join(SANDBOX_FOLDER, 'openapi.yaml'), 'utf8'));
	fs.writeFileSync(part(bundle.openapi), JSON.stringify(document));
	fs.renameSync(part(bundle.openapi), bundle.openapi);
	buildSync({
		entryPoints: [path.join(SANDBOX_FOLDER, 'cli.ts')],
		outfile: part(bundle.cli),
		bundle: true,
		platform: 'node',
		format: 'cjs',
		target: 'node20',
		packages: 'external',
		define: { __dirname: JSON.stringify(SANDBOX_FOLDER) },
		sourcemap: 'inline',
		logLevel: 'error',
	});
	fs.renameSync(part(bundle.cli), bundle.cli);
	return bundle;
}

/** Starts sandbox/cli.ts (as sandboxBundle) and resolves once it listens. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
	let resolveUrl: (url: string) => void = () => undefined;
	const listening = new Promise<string>((resolve) => (resolveUrl = resolve));
	const bundle = sandboxBundle();
	const managed = startProcess(
		'sandbox',
		process.execPath,
		[
			'--enable-source-maps',
			bundle.cli,
			...cliArgs({ openapi: bundle.openapi, ...options }),
			'--seed-cache',
			bundle.seeds,
		],
		{
			env: cleanNpmEnv(),
			onLine: (line) => {
				const match = /listening on (http:\/\/\S+)/.exec(line);
				if (match) resolveUrl(match[1]);
				else options.onLine?.(line);
			},
		},
	);
	const url = await listeningUrl(managed, listening, startTimeoutMs(options));
	return {
		url,
		process: managed,
		output: managed.output,
		...controlRoutes(url),
		stop: () => managed.stop(),
	};
}
