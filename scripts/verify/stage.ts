/**
 * The package as n8n's tools judge it: this repository without its development tooling, copied
 * into a temporary folder.
 *
 * `n8n-node lint` (@n8n/node-cli 0.48.3) runs `eslint .` in the package root with n8n's template
 * config, whose only ignore is `dist`; ESLint 9 adds the `node_modules` folders and `.git/`, and reads
 * no `.eslintignore`, no `.gitignore` and not the `files` of package.json; strict mode allows no
 * other config. So at the root it would also judge the sandbox, the scripts, the tests and the
 * benchmarks, which are Node programs by design (`process`, `node:fs`, child processes) and never
 * ship. The staged copy holds every file git sees (tracked, or new and not ignored) except those
 * four folders; everything else is judged exactly as at the root, with the same config.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, UserFacingError } from '../n8n';
import { lastLines, runCommand } from '../n8n/processes';

/** The development tooling: Node programs that are never part of the published package. */
export const DEVELOPMENT_TOOLING = ['bench', 'sandbox', 'scripts', 'test'];

export interface StagedPackage {
	/** The staged package root; its `node_modules` links to the repository's. */
	dir: string;
	/** The files copied, relative to `dir`. */
	files: string[];
	remove(): void;
}

/** The files git sees in the working tree (tracked and not deleted, or new and not ignored). */
async function filesGitSees(): Promise<string[]> {
	const result = await runCommand(
		'git',
		['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
		{ cwd: REPO_ROOT, timeoutMs: 60_000 },
	);
	if (result.code !== 0)
		throw new UserFacingError(`git ls-files failed:\n${lastLines(result.stderr)}`);
	const files = result.stdout.split('\0').filter((file) => file !== '');
	return [...new Set(files)].filter((file) => fs.existsSync(path.join(REPO_ROOT, file)));
}

/** Copies the package, without the development tooling, into a new temporary folder. */
export async function stagePackage(): Promise<StagedPackage> {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rr-package-'));
	const files = (await filesGitSees()).filter(
		(file) => !DEVELOPMENT_TOOLING.includes(file.split('/')[0]),
	);
	for (const file of files) {
		fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
		fs.copyFileSync(path.join(REPO_ROOT, file), path.join(dir, file));
	}
	fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
	return { dir, files, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
