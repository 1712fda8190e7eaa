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
const INCREMENTAL = path.join(REPO_ROOT, 'mutation/incremental.json');
const SCOPE = path.join(REPO_ROOT, 'mutation/scope.json');
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

/** Stryker's incremental file: its report, with the sources it was run on. */
interface IncrementalResults {
	files: Record<string, { mutants: MutantResult[]; source: string }>;
	testFiles: Record<string, { source: string }>;
}

/**
 * Why the committed results do not cover the tree, or undefined when they do: the same files to
 * mutate and the same test files, each unchanged. Stryker would then reuse every result, after a
 * run of the whole test set to learn which test covers which mutant (about a minute of CPU on 2
 * cores, or three beside the deployment tests): CI skips that run. Checks what Stryker's own
 * incremental diff checks, no more: a changed test helper is not seen by either.
 */
export function staleResults(
	recorded: IncrementalResults,
	mutate: string[],
	testFiles: string[],
	read: (file: string) => string,
): string | undefined {
	const recordedTests = Object.keys(recorded.testFiles);
	const checks: [string[], (file: string) => string | undefined][] = [
		[mutate, (file) => (recorded.files[file] ? undefined : `${file} has no results yet`)],
		[
			mutate,
			(file) => (read(file) === recorded.files[file].source ? undefined : `${file} changed`),
		],
		[testFiles, (file) => (recorded.testFiles[file] ? undefined : `${file} is a new test file`)],
		[recordedTests, (file) => (testFiles.includes(file) ? undefined : `${file} is no longer run`)],
		[
			testFiles,
			(file) => (read(file) === recorded.testFiles[file].source ? undefined : `${file} changed`),
		],
	];
	for (const [files, reason] of checks)
		for (const file of files) {
			const found = reason(file);
			if (found) return found;
		}
	return undefined;
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

/** Stryker's mutation score: detected among the mutants that count, in percent. */
export function mutationScore(report: Report): number {
	const all = Object.values(report.files).flatMap((file) => file.mutants);
	const detected = all.filter((m) => DETECTED.has(m.status)).length;
	const valid = detected + all.filter((m) => UNDETECTED.has(m.status)).length;
	return valid === 0 ? 100 : (100 * detected) / valid;
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
	const env = { ...process.env, PATH: pathWithNodeFirst(node) };
	const whole = given.length === 0;
	const stale = whole ? committedResultsStale(node, env) : 'files or flags given';
	let status = 0;
	let report: Report;
	if (stale === undefined) {
		report = JSON.parse(fs.readFileSync(INCREMENTAL, 'utf8')) as Report;
		const score = mutationScore(report);
		const { threshold } = JSON.parse(fs.readFileSync(SCOPE, 'utf8')) as { threshold: number };
		console.log(
			`[test:mutation] mutation/incremental.json covers every file in scope and every test file, unchanged: no mutant to test, Stryker not run; score ${score.toFixed(2)} % (threshold ${threshold} %)`,
		);
		if (score < threshold) status = 1;
	} else {
		if (whole) console.log(`[test:mutation] running Stryker: ${stale}`);
		const run = spawnSync(node, [stryker, 'run', ...mutate, ...flags], {
			cwd: REPO_ROOT,
			stdio: 'inherit',
			env,
		});
		if (!fs.existsSync(REPORT)) process.exit(run.status ?? 1);
		report = JSON.parse(fs.readFileSync(REPORT, 'utf8')) as Report;
		status = run.status ?? 1;
	}
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
	process.exit(status || (unexplained.length > 0 ? 1 : 0));
}

/** staleResults for the tree: the test files as jest.mutation.config.js lists them. */
function committedResultsStale(node: string, env: NodeJS.ProcessEnv): string | undefined {
	if (!fs.existsSync(INCREMENTAL)) return 'no committed results';
	const jest = path.join(REPO_ROOT, 'node_modules/jest/bin/jest.js');
	const listed = spawnSync(node, [jest, '--config', 'jest.mutation.config.js', '--listTests'], {
		cwd: REPO_ROOT,
		env,
		encoding: 'utf8',
	});
	if (listed.status !== 0) return `jest could not list the test files: ${listed.stderr}`;
	const testFiles = listed.stdout
		.split('\n')
		.filter(Boolean)
		.map((file) => path.relative(REPO_ROOT, file).split(path.sep).join('/'));
	const { files } = JSON.parse(fs.readFileSync(SCOPE, 'utf8')) as { files: string[] };
	const recorded = JSON.parse(fs.readFileSync(INCREMENTAL, 'utf8')) as IncrementalResults;
	return staleResults(recorded, files, testFiles, (file) =>
		fs.readFileSync(path.join(REPO_ROOT, file), 'utf8'),
	);
}

if (require.main === module)
	main().catch((error: unknown) => {
		console.error(error instanceof Error ? error.message : error);
		process.exit(1);
	});
