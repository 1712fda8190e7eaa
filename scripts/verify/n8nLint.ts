/**
 * `n8n-node lint`, n8n's own lint, in strict mode on the staged package (stage.ts): it first checks
 * that eslint.config.mjs is n8n's template (`n8n.strict` in package.json), then runs `eslint .` with
 * it. Passes only with 0 errors and 0 warnings (ESLint itself exits 0 on warnings).
 */
import path from 'node:path';
import { REPO_ROOT } from '../n8n';
import { cleanNpmEnv } from '../n8n/npm';
import { runCommand } from '../n8n/processes';
import type { CheckResult } from './check';
import type { StagedPackage } from './stage';

/** The files ESLint takes up under the template config: TypeScript, JavaScript and package.json. */
const LINTED = /(^package\.json|\.ts|\.js|\.mjs|\.cjs)$/;

export async function n8nNodeLint(staged: StagedPackage): Promise<CheckResult> {
	const env = cleanNpmEnv();
	// eslint-plugin-n8n-nodes-base treats every file as a node file when NODE_ENV is "test".
	delete env.NODE_ENV;
	const result = await runCommand(
		path.join(REPO_ROOT, 'node_modules', '.bin', 'n8n-node'),
		['lint'],
		{ cwd: staged.dir, env, timeoutMs: 10 * 60_000 },
	);
	const output = result.stdout + result.stderr;
	process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
	// Without the colours of ESLint's stylish output.
	const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
	const counts = /(\d+) problems? \((\d+) errors?, (\d+) warnings?\)/.exec(plain);
	const errors = counts ? Number(counts[2]) : 0;
	const warnings = counts ? Number(counts[3]) : 0;
	const files = staged.files.filter((file) => LINTED.test(file)).length;
	const ok = result.code === 0 && errors === 0 && warnings === 0;
	const verdict = result.timedOut
		? 'timed out'
		: result.code !== 0 && !counts
			? `failed (exit ${result.code}, see above)`
			: `${errors} errors, ${warnings} warnings`;
	return {
		ok,
		summary: `n8n-node lint (strict, n8n's template config) over ${files} files: ${verdict}`,
	};
}
