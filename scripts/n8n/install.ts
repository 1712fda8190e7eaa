/**
 * Installs the pinned n8n server and a Node 24 binary from the npm registry into a cache folder
 * outside the repository, once; later calls find the marker file and return at once.
 *
 *   npx tsx scripts/n8n/install.ts [--force] [--timeout-minutes 25]
 *
 * The steps (measured in CONTRIBUTING.md): n8n with the linkedom override and node-<platform>-<arch>
 * installed without install scripts (the tree of the line's lock file in ./locks/, with bun, where
 * there is one for this platform; else `npm install`), then `npm rebuild sqlite3` built from source
 * against the line's Node headers (or, when the other line is installed with the same sqlite3, its
 * binary copied), then a check that the server starts its CLI. About 2 minutes and 2.9 GB.
 * Every step prints a progress line; npm steps have a time limit; a missing tool, too little disk
 * space or an unreachable registry stops with a message that says what to do.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { cleanNpmEnv, NPM } from './npm';
import { UserFacingError, type Log } from './output';
import {
	lockFileOf,
	N8N_LINES,
	type N8nLine,
	nodePackageName,
	pathWithNodeFirst,
	REPO_ROOT,
	runtime,
	type N8nRuntime,
} from './runtime';

class InstallError extends UserFacingError {}

export interface InstallOptions {
	log?: Log;
	/** Reinstall even if the marker says the install is complete. */
	force?: boolean;
	/** Time limit of each npm step. */
	timeoutMinutes?: number;
	/** Cache root (defaults to cacheRoot()). */
	root?: string;
	/** Which n8n (default: the current line, the one `npm run dev` runs). */
	line?: N8nLine;
}

interface Marker {
	n8n: string;
	node: string;
	nodePackage: string;
	installedAt: string;
	seconds: number;
}

const REQUIRED_FREE_BYTES = 4 * 1024 ** 3;

function defaultLog(line: string): void {
	process.stdout.write(`${line}\n`);
}

function elapsed(since: number): string {
	const s = Math.round((Date.now() - since) / 1000);
	return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
}

/** True when the cache holds a complete, verified install of the pinned versions. */
export function isInstalled(rt: N8nRuntime = runtime()): boolean {
	try {
		const marker = JSON.parse(fs.readFileSync(rt.marker, 'utf8')) as Marker;
		return (
			marker.n8n === rt.line.n8n &&
			marker.node === rt.line.node &&
			fs.existsSync(rt.node) &&
			fs.existsSync(rt.n8nBin)
		);
	} catch {
		return false;
	}
}

function folderMegabytes(dir: string): number | undefined {
	const result = spawnSync('du', ['-sm', dir], { encoding: 'utf8', timeout: 10_000 });
	const mb = Number.parseInt(result.stdout ?? '', 10);
	return Number.isNaN(mb) ? undefined : mb;
}

/** The bun release that installs a line's locked tree (step 1). */
const BUN_VERSION = '1.4.4';

/**
 * Bun's binary for this platform, installed from the npm registry into the cache folder once: its
 * build for the platform (`@oven/bun-<platform>-<arch>`, what the `bun` package's install script
 * would pick, one download of about 40 MB), not a dev dependency of the project, whose `npm ci`
 * would download the builds for glibc and musl both. Undefined when that fails: npm installs.
 */
async function bunBinary(root: string, step: StepOptions): Promise<string | undefined> {
	const arch = ({ x64: 'x64', arm64: 'aarch64' } as Record<string, string>)[process.arch];
	if (!arch) return undefined;
	const name = `@oven/bun-${process.platform}-${arch}`;
	const folder = path.join(root, `bun-${BUN_VERSION}`);
	const binary = path.join(folder, 'node_modules', name, 'bin', 'bun');
	if (fs.existsSync(binary)) return binary;
	// Into a folder of its own, then renamed: two lines may be installed at once.
	const own = `${folder}.${process.pid}`;
	try {
		await runStep(
			`step 1/3: ${name}@${BUN_VERSION} (bun, which installs the locked tree)`,
			['install', '--no-save', '--no-package-lock', '--prefix', own, `${name}@${BUN_VERSION}`],
			{ ...step, cwd: root },
		);
		fs.renameSync(own, folder);
	} catch (error) {
		step.log(`[n8n install]   ${(error as Error).message.split('\n')[0]}`);
	} finally {
		fs.rmSync(own, { recursive: true, force: true });
	}
	return fs.existsSync(binary) ? binary : undefined;
}

interface StepOptions {
	cwd: string;
	env: NodeJS.ProcessEnv;
	timeoutMs: number;
	log: Log;
	sizeOf?: string;
	command?: string;
}

/**
 * Runs one npm (or bun) step with a time limit and a progress line every 15 s; rejects with its
 * last lines.
 */
function runStep(title: string, args: string[], opts: StepOptions): Promise<void> {
	const started = Date.now();
	const command = opts.command ?? NPM;
	const tool = path.basename(command);
	opts.log(`[n8n install] ${title}`);
	return new Promise((resolve, reject) => {
		const child = spawn(command, args, {
			cwd: opts.cwd,
			env: opts.env,
			stdio: ['ignore', 'pipe', 'pipe'],
			detached: process.platform !== 'win32',
		});
		let output = '';
		const keep = (chunk: Buffer) => {
			output = (output + chunk.toString()).slice(-20_000);
		};
		child.stdout.on('data', keep);
		child.stderr.on('data', keep);
		const heartbeat = setInterval(() => {
			const mb = opts.sizeOf ? folderMegabytes(opts.sizeOf) : undefined;
			opts.log(
				`[n8n install]   ... still working (${elapsed(started)}${mb === undefined ? '' : `, ${(mb / 1024).toFixed(1)} GB on disk`})`,
			);
		}, 15_000);
		const timer = setTimeout(() => {
			opts.log(
				`[n8n install]   ${title}: no result after ${Math.round(opts.timeoutMs / 60_000)} minutes, stopping it`,
			);
			try {
				process.kill(-child.pid!, 'SIGTERM');
			} catch {
				child.kill('SIGTERM');
			}
		}, opts.timeoutMs);
		const stopChild = () => {
			try {
				process.kill(-child.pid!, 'SIGTERM');
			} catch {
				child.kill('SIGTERM');
			}
		};
		process.once('exit', stopChild);
		child.once('error', (error) => {
			clearInterval(heartbeat);
			clearTimeout(timer);
			process.removeListener('exit', stopChild);
			reject(new InstallError(`cannot run ${command} (${error.message})`));
		});
		child.once('close', (code, signal) => {
			clearInterval(heartbeat);
			clearTimeout(timer);
			process.removeListener('exit', stopChild);
			if (code === 0) {
				opts.log(`[n8n install]   done in ${elapsed(started)}`);
				return resolve();
			}
			const tail = output.trim().split('\n').slice(-25).join('\n');
			const timedOut = Date.now() - started >= opts.timeoutMs;
			let hint = '';
			if (/ENOTFOUND|ECONNREFUSED|ETIMEDOUT|EAI_AGAIN|network/i.test(tail))
				hint =
					'\nThe npm registry could not be reached: check the network or the registry in ~/.npmrc.';
			else if (/ENOSPC/.test(tail)) hint = '\nThe disk is full: free about 3 GB.';
			else if (/gyp|make|g\+\+|python/i.test(tail))
				hint =
					'\nThe native build failed: it needs python3, make and a C++ compiler (Debian: apt-get install -y python3 make g++).';
			reject(
				new InstallError(
					`${title} ${timedOut ? `timed out after ${Math.round(opts.timeoutMs / 60_000)} minutes` : `failed (${signal ?? `exit code ${code}`})`}.\n--- last lines of ${tool}'s output ---\n${tail}\n---${hint}`,
				),
			);
		});
	});
}

function which(command: string): boolean {
	const result = spawnSync(
		process.platform === 'win32' ? 'where' : 'sh',
		process.platform === 'win32' ? [command] : ['-c', `command -v ${command}`],
		{ stdio: 'ignore' },
	);
	return result.status === 0;
}

function preflight(rt: N8nRuntime): void {
	const problems: string[] = [];
	if (!['linux', 'darwin'].includes(process.platform) || !['x64', 'arm64'].includes(process.arch)) {
		problems.push(
			`this machine is ${process.platform}-${process.arch}; the install script supports Linux and macOS on x64 or arm64`,
		);
	}
	if (!which('npm')) problems.push('npm is not on the PATH');
	if (!which('python3')) problems.push('python3 is missing (node-gyp needs it to build sqlite3)');
	if (!which('make')) problems.push('make is missing (needed to build sqlite3)');
	if (!which('c++') && !which('g++') && !which('clang++'))
		problems.push('no C++ compiler (c++, g++ or clang++) to build sqlite3');
	fs.mkdirSync(rt.dir, { recursive: true });
	try {
		const stats = fs.statfsSync(rt.dir);
		const free = stats.bavail * stats.bsize;
		const have = folderMegabytes(path.join(rt.dir, 'node_modules')) ?? 0;
		if (free + have * 1024 ** 2 < REQUIRED_FREE_BYTES) {
			problems.push(
				`only ${(free / 1024 ** 3).toFixed(1)} GB free in ${rt.dir}; the n8n server needs about 3 GB (set RR_N8N_CACHE_DIR to install it elsewhere)`,
			);
		}
	} catch {
		// statfs is not available everywhere: the install reports ENOSPC itself.
	}
	if (problems.length > 0) {
		throw new InstallError(
			`cannot install the n8n server:\n  - ${problems.join('\n  - ')}\nDebian/Ubuntu: apt-get update && apt-get install -y python3 make g++`,
		);
	}
}

/** One install at a time per cache folder: a second caller waits for the first (or takes over a dead one's lock). */
async function withLock<T>(rt: N8nRuntime, log: Log, work: () => Promise<T>): Promise<T> {
	const lock = `${rt.dir}.lock`;
	fs.mkdirSync(path.dirname(lock), { recursive: true });
	let waitedSince: number | undefined;
	for (;;) {
		try {
			fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
			break;
		} catch {
			const pid = Number.parseInt(fs.readFileSync(lock, 'utf8'), 10);
			let alive = false;
			try {
				process.kill(pid, 0);
				alive = pid !== process.pid;
			} catch {
				alive = false;
			}
			if (!alive) {
				fs.rmSync(lock, { force: true });
				continue;
			}
			if (waitedSince === undefined) {
				waitedSince = Date.now();
				log(
					`[n8n install] another process (pid ${pid}) is installing n8n into ${rt.dir}; waiting for it`,
				);
			} else if (Date.now() - waitedSince > 40 * 60_000) {
				throw new InstallError(
					`another process (pid ${pid}) has held ${lock} for 40 minutes; stop it or delete the lock file`,
				);
			}
			await new Promise((r) => setTimeout(r, 2000));
		}
	}
	const release = () => fs.rmSync(lock, { force: true });
	process.once('exit', release);
	try {
		return await work();
	} finally {
		release();
		process.removeListener('exit', release);
	}
}

/** The sqlite3 package n8n loads in an install: its folder and version. */
function sqliteOf(rt: N8nRuntime): { folder: string; version: string } | undefined {
	try {
		const manifest = require.resolve('sqlite3/package.json', {
			paths: [path.dirname(path.dirname(rt.n8nBin))],
		});
		const { version } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string };
		return { folder: path.dirname(manifest), version };
	} catch {
		return undefined;
	}
}

const SQLITE_BINARY = path.join('build', 'Release', 'node_sqlite3.node');

/**
 * The line's Node loading the install's sqlite3 and answering a query with it: status 0 and the Node
 * version on stdout when it works.
 */
function sqliteLoads(rt: N8nRuntime) {
	const n8nFolder = JSON.stringify(path.dirname(path.dirname(rt.n8nBin)));
	const script = `const sqlite3 = require(require.resolve('sqlite3', { paths: [${n8nFolder}] }));
new sqlite3.Database(':memory:').get('select sqlite_version() as v', (error) => {
	if (error) throw error;
	process.stdout.write(process.version);
});`;
	return spawnSync(rt.node, ['-e', script], { encoding: 'utf8', timeout: 60_000 });
}

/**
 * Step 2 without a build, when another line's finished install in the same cache root has the same
 * sqlite3 version: its binary is copied. sqlite3 is a Node-API addon built for Node-API 6 (below),
 * so one binary loads on every Node from 12 on, and a build from source costs about 100 s of CPU
 * (the SQLite amalgamation at -O1, below: 46 s), which a fresh CI machine would otherwise spend twice.
 * Kept only if this line's Node loads it (a binary an earlier install built for a later Node-API
 * does not); otherwise, or with nothing to copy, false, and the step builds.
 */
function reuseSqliteBuild(rt: N8nRuntime, root: string, log: Log): boolean {
	const own = sqliteOf(rt);
	if (!own) return false;
	for (const other of Object.values(N8N_LINES)) {
		if (other.name === rt.line.name) continue;
		const otherRt = runtime(root, other);
		const built = sqliteOf(otherRt);
		if (!built || built.version !== own.version || !isInstalled(otherRt)) continue;
		const binary = path.join(built.folder, SQLITE_BINARY);
		if (!fs.existsSync(binary)) continue;
		const target = path.join(own.folder, SQLITE_BINARY);
		fs.mkdirSync(path.dirname(target), { recursive: true });
		fs.copyFileSync(binary, target);
		if (sqliteLoads(rt).status === 0) {
			log(
				`[n8n install] step 2/3: sqlite3 ${own.version} as built for n8n ${other.n8n} (a Node-API addon: one binary for every Node), no build`,
			);
			return true;
		}
		fs.rmSync(target, { force: true });
	}
	return false;
}

/** Installs n8n into the cache folder unless it is already there; returns the paths to run it. */
export async function ensureN8nInstalled(options: InstallOptions = {}): Promise<N8nRuntime> {
	const log = options.log ?? defaultLog;
	const rt = runtime(options.root, options.line);
	if (!options.force && isInstalled(rt)) return rt;
	const { n8n: n8nVersion, node: nodeVersion, overrides } = rt.line;
	return withLock(rt, log, async () => {
		if (!options.force && isInstalled(rt)) return rt; // another process finished it while we waited
		const started = Date.now();
		const timeoutMs = (options.timeoutMinutes ?? 25) * 60_000;
		log(`[n8n install] installing n8n ${n8nVersion} and Node ${nodeVersion} into ${rt.dir}`);
		log('[n8n install] this happens once (about 2 minutes, 2.9 GB); later runs reuse it');
		preflight(rt);
		fs.rmSync(rt.marker, { force: true });
		if (fs.existsSync(path.join(rt.dir, 'node_modules')))
			log('[n8n install] an unfinished install is there: npm completes it');
		const manifest = {
			name: 'n8n-runtime-for-n8n-nodes-restaurant-reservations',
			private: true,
			description:
				'The n8n server that `npm run dev` and `npm run test:e2e` of n8n-nodes-restaurant-reservations run. Safe to delete.',
			dependencies: { n8n: n8nVersion, [nodePackageName()]: nodeVersion },
			overrides,
		};
		fs.writeFileSync(path.join(rt.dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
		const lockFile = lockFileOf(rt.line);
		if (lockFile) {
			fs.copyFileSync(lockFile, path.join(rt.dir, 'package-lock.json'));
			log(`[n8n install] the tree of ${path.relative(REPO_ROOT, lockFile)}: nothing to resolve`);
		}
		const env = cleanNpmEnv({ npm_config_nodedir: rt.nodeDir });
		// Where every line's install lives: bun and the other line's sqlite3 build are shared there.
		const cacheFolder = path.dirname(rt.dir);
		const packages = `n8n@${n8nVersion} ${nodePackageName()}@${nodeVersion} (install scripts skipped)`;
		const npmInstall = () =>
			runStep(
				`step 1/3: npm install ${packages}`,
				['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
				{ cwd: rt.dir, env, timeoutMs, log, sizeOf: rt.dir },
			);
		// A locked tree is installed with bun: it reads npm's lock file and takes the versions it
		// pins. npm spent minutes of CPU unpacking the 2.9 GB (on a fresh 2-core machine, 400 s of
		// CPU for n8n 2.41.1), bun takes seconds. It hoists some packages otherwise than npm.
		const bun = lockFile
			? await bunBinary(cacheFolder, { cwd: rt.dir, env, timeoutMs, log })
			: undefined;
		if (bun)
			await runStep(
				`step 1/3: bun install ${packages}, the versions of the lock file`,
				['install', '--frozen-lockfile', '--ignore-scripts', '--no-progress'],
				{ cwd: rt.dir, env, timeoutMs, log, sizeOf: rt.dir, command: bun },
			).catch((error: unknown) => {
				log(`[n8n install] ${(error as Error).message}\n[n8n install] installing with npm instead`);
				return npmInstall();
			});
		else await npmInstall();
		if (
			!fs.existsSync(rt.node) ||
			!fs.existsSync(path.join(rt.nodeDir, 'include', 'node', 'node.h'))
		) {
			throw new InstallError(
				`${nodePackageName()}@${nodeVersion} did not provide ${rt.node} and its headers`,
			);
		}
		const reused = reuseSqliteBuild(rt, cacheFolder, log);
		if (!reused)
			await runStep(
				`step 2/3: npm rebuild sqlite3 (built from source against the Node ${nodeVersion} headers)`,
				['rebuild', 'sqlite3', '--foreground-scripts', '--loglevel=error'],
				{
					cwd: rt.dir,
					env: {
						...env,
						npm_config_build_from_source: 'true',
						// Node-API 6, as sqlite3's own prebuilt binaries: node-gyp would take the running
						// Node's (10 on Node 24), and that binary crashes Node 20; 6 serves every line.
						npm_config_napi_build_version: '6',
						// SQLite's amalgamation at -O1 (the makefile puts CFLAGS after the -O3 of sqlite3's
						// build files): 46 s of CPU instead of 138 s on a 2-core machine, for a server that
						// tests and `npm run dev` run with a few workflows.
						CFLAGS: '-O1',
						JOBS: 'max',
						PATH: pathWithNodeFirst(rt.node),
					},
					timeoutMs,
					log,
				},
			);
		log(`[n8n install] step 3/3: checking that n8n and sqlite3 load on Node ${nodeVersion}`);
		const check = sqliteLoads(rt);
		if (check.status !== 0)
			throw new InstallError(`sqlite3 does not load on Node ${nodeVersion}:\n${check.stderr}`);
		const version = spawnSync(rt.node, [rt.n8nBin, '--version'], {
			encoding: 'utf8',
			timeout: 120_000,
			env: {
				...process.env,
				...rt.line.env,
				N8N_USER_FOLDER: path.join(rt.dir, '.version-check'),
			},
		});
		if (!version.stdout.includes(n8nVersion))
			throw new InstallError(
				`n8n --version did not answer ${n8nVersion}:\n${version.stdout}\n${version.stderr}`,
			);
		fs.rmSync(path.join(rt.dir, '.version-check'), { recursive: true, force: true });
		const marker: Marker = {
			n8n: n8nVersion,
			node: nodeVersion,
			nodePackage: nodePackageName(),
			installedAt: new Date().toISOString(),
			seconds: Math.round((Date.now() - started) / 1000),
		};
		fs.writeFileSync(rt.marker, `${JSON.stringify(marker, null, 2)}\n`);
		log(
			`[n8n install] n8n ${n8nVersion} is ready (${elapsed(started)}), Node ${check.stdout.trim()}`,
		);
		return rt;
	});
}

function positiveInt(value: string): number {
	const n = Number(value);
	if (!Number.isInteger(n) || n <= 0)
		throw new InvalidArgumentError('must be a whole number above 0');
	return n;
}

if (require.main === module) {
	const program = new Command()
		.name('install')
		.description(
			`Installs an n8n server and the Node that runs it into a cache folder outside the repository (once): n8n ${N8N_LINES.current.n8n} (Node ${N8N_LINES.current.node}), or with --line oldest n8n ${N8N_LINES.oldest.n8n} (Node ${N8N_LINES.oldest.node}).`,
		)
		.option('-f, --force', 'reinstall even if the cache folder holds a complete install')
		.option('--timeout-minutes <minutes>', 'time limit of each npm step', positiveInt, 25)
		.addOption(
			new Option(
				'--line <line>',
				'current (what npm run dev runs) or oldest (the oldest supported)',
			)
				.choices(Object.keys(N8N_LINES))
				.default('current'),
		)
		.option('--print-path', 'only print the cache folder and whether n8n is installed there')
		.parse();
	const opts = program.opts<{
		force?: boolean;
		timeoutMinutes: number;
		printPath?: boolean;
		line: keyof typeof N8N_LINES;
	}>();
	const line = N8N_LINES[opts.line];
	const rt = runtime(undefined, line);
	if (opts.printPath) {
		process.stdout.write(`${rt.dir} (${isInstalled(rt) ? 'installed' : 'not installed'})\n`);
	} else {
		const already = !opts.force && isInstalled(rt);
		ensureN8nInstalled({ force: opts.force, timeoutMinutes: opts.timeoutMinutes, line }).then(
			() => {
				if (already)
					process.stdout.write(`[n8n install] n8n ${line.n8n} is already installed in ${rt.dir}\n`);
			},
			(error: unknown) => {
				process.stderr.write(
					`${error instanceof InstallError ? error.message : (error as Error).stack}\n`,
				);
				process.exit(1);
			},
		);
	}
}
