/**
 * `npm run test:mutation [-- file ... --force]`: StrykerJS over the core (stryker.config.mjs, the files of
 * mutation/scope.json, or the files given), on the Node n8n runs on (Stryker 10 needs Node 22 or
 * later; the n8n install brings Node 24 and is installed when missing). Incremental: the results
 * committed in mutation/incremental.json are reused for unchanged code and tests. Then writes the
 * score per file, from the whole report, to mutation/scores.md. Exits non-zero when Stryker does
 * (a score under the threshold, or a failed run).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureN8nInstalled, pathWithNodeFirst, REPO_ROOT } from './n8n';

const REPORT = path.join(REPO_ROOT, '.tmp/mutation/report.json');
const SCORES = path.join(REPO_ROOT, 'mutation/scores.md');
const EQUIVALENT = path.join(REPO_ROOT, 'mutation/equivalent.md');

/** The equivalent mutants listed in mutation/equivalent.md, as `file:line mutator`. */
export function listedEquivalents(page: string): Set<string> {
	const rows = page.split('\n').map((line) => /^\| `([^`]+:\d+)` \| (\w+) \|/.exec(line));
	return new Set(rows.flatMap((m) => (m ? [`${m[1]} ${m[2]}`] : [])));
}

/** Where the page lists the same file and mutator on other lines: the code may have moved. */
export function movedHint(key: string, listed: Set<string>): string {
	const [place, mutator] = key.split(' ');
	const file = place.slice(0, place.lastIndexOf(':'));
	const lines = [...listed]
		.filter((entry) => entry.startsWith(`${file}:`) && entry.endsWith(` ${mutator}`))
		.map((entry) => entry.slice(file.length + 1, entry.indexOf(' ')));
	return lines.length > 0
		? ` (listed at line ${lines.join(', ')}: if the code only moved, update the line)`
		: '';
}

/** Survivors (and mutants no test covers) that mutation/equivalent.md does not explain. */
export function unexplainedSurvivors(report: Report, listed: Set<string>): string[] {
	return Object.entries(report.files).flatMap(([file, { mutants }]) =>
		mutants
			.filter((m) => UNDETECTED.has(m.status))
			.map((m) => `${file}:${m.location.start.line} ${m.mutatorName}`)
			.filter((key) => !listed.has(key)),
	);
}

interface MutantResult {
	status: string;
	mutatorName: string;
	location: { start: { line: number } };
}
interface Report {
	files: Record<string, { mutants: MutantResult[] }>;
}

/** Killed or timed out counts as detected; survived and no coverage as not (Stryker's own score). */
const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

function scoreRow(file: string, mutants: MutantResult[]): string {
	const count = (statuses: Set<string>) => mutants.filter((m) => statuses.has(m.status)).length;
	const detected = count(DETECTED);
	const valid = detected + count(UNDETECTED);
	const survived = mutants.filter((m) => m.status === 'Survived').length;
	const uncovered = mutants.filter((m) => m.status === 'NoCoverage').length;
	const ignored = mutants.filter((m) => m.status === 'Ignored').length;
	const score = valid === 0 ? 100 : (100 * detected) / valid;
	return `| \`${file}\` | ${score.toFixed(1)} | ${valid} | ${survived} | ${uncovered} | ${ignored} |`;
}

/** mutation/scores.md from Stryker's JSON report: one row per file and the total. */
export function scoresPage(report: Report): string {
	const files = Object.keys(report.files).sort();
	const all = files.flatMap((file) => report.files[file].mutants);
	return [
		'# Mutation scores',
		'',
		'Written by `npm run test:mutation` from its last run (StrykerJS, the unit tests against each',
		'mutant; CONTRIBUTING.md says how to read a survivor). Score: killed or timed out among the',
		'mutants that count (survivors and mutants no test covers included). Ignored: mutants of',
		'module-level code (tables, patterns), which would run every test each (`ignoreStatic`).',
		'',
		'| file | score % | mutants | survived | no coverage | ignored |',
		'|---|---:|---:|---:|---:|---:|',
		...files.map((file) => scoreRow(file, report.files[file].mutants)),
		scoreRow('total', all).replace('`total`', '**total**'),
		'',
	].join('\n');
}

async function main(): Promise<void> {
	const { node } = await ensureN8nInstalled();
	const given = process.argv.slice(2);
	const files = given.filter((arg) => !arg.startsWith('--'));
	const flags = given.filter((arg) => arg.startsWith('--'));
	const stryker = path.join(REPO_ROOT, 'node_modules/@stryker-mutator/core/bin/stryker.js');
	const mutate = files.length > 0 ? ['--mutate', files.join(',')] : [];
	const args = [stryker, 'run', ...mutate, ...flags];
	const run = spawnSync(node, args, {
		cwd: REPO_ROOT,
		stdio: 'inherit',
		env: {
			...process.env,
			PATH: pathWithNodeFirst(node),
		},
	});
	if (!fs.existsSync(REPORT)) process.exit(run.status ?? 1);
	const report = JSON.parse(fs.readFileSync(REPORT, 'utf8')) as Report;
	if (files.length === 0) {
		fs.writeFileSync(SCORES, scoresPage(report));
		console.log(`[test:mutation] scores per file: ${path.relative(REPO_ROOT, SCORES)}`);
	}
	const listed = listedEquivalents(fs.readFileSync(EQUIVALENT, 'utf8'));
	const unexplained = unexplainedSurvivors(report, listed);
	for (const key of unexplained)
		console.log(
			`[test:mutation] survived, not listed as equivalent: ${key}${movedHint(key, listed)}`,
		);
	console.log(
		`[test:mutation] survivors not explained by mutation/equivalent.md: ${unexplained.length}`,
	);
	process.exit(run.status || (unexplained.length > 0 ? 1 : 0));
}

if (require.main === module)
	main().catch((error: unknown) => {
		console.error(error instanceof Error ? error.message : error);
		process.exit(1);
	});
