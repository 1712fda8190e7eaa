/**
 * `npx tsx scripts/joinMutationResults.ts <incremental.json> ...`: joins the incremental mutation
 * results of branches merged into this tree (mutation/incremental.json of each, e.g. from
 * `git show <branch>:mutation/incremental.json > /tmp/branch.json`) into mutation/incremental.json,
 * so that the next `npm run test:mutation` tests only what no branch's run tested as it is now.
 *
 * Per source file and per test file it keeps the entry of the first result whose `source` is the
 * file as it is in the tree; where none is, the entry whose source shares the most lines with it
 * (Stryker diffs it and tests again only the mutants and tests that changed). Tests are renumbered
 * across the results, and each kept mutant's `coveredBy` and `killedBy` point at the same tests (by
 * file and name) in the joined list, or at none where that test is gone.
 */
import fs from 'node:fs';
import path from 'node:path';

interface Test {
	id: string;
	name: string;
	location?: unknown;
}
interface Mutant {
	coveredBy?: string[];
	killedBy?: string[];
	[key: string]: unknown;
}
interface Results {
	files: Record<string, { source: string; mutants: Mutant[]; [key: string]: unknown }>;
	testFiles: Record<string, { source: string; tests: Test[] }>;
	[key: string]: unknown;
}

const ROOT = path.resolve(__dirname, '..');
const TARGET = path.join(ROOT, 'mutation/incremental.json');

const current = (file: string): string | undefined => {
	const full = path.join(ROOT, file);
	return fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : undefined;
};

/** How many lines of `a` stand in `b` too (as many times as they do). */
function linesInCommon(a: string, b: string): number {
	const left = new Map<string, number>();
	for (const line of b.split('\n')) left.set(line, (left.get(line) ?? 0) + 1);
	let common = 0;
	for (const line of a.split('\n')) {
		const n = left.get(line) ?? 0;
		if (n > 0) {
			common++;
			left.set(line, n - 1);
		}
	}
	return common;
}

/** The index of the result whose entry is the current source, else the closest one; -1 if none has it. */
function bestEntry(
	entries: Array<{ source: string } | undefined>,
	source: string | undefined,
): number {
	if (source === undefined) return -1;
	const exact = entries.findIndex((e) => e?.source === source);
	if (exact >= 0) return exact;
	let best = -1;
	let most = -1;
	entries.forEach((entry, i) => {
		if (!entry) return;
		const common = linesInCommon(entry.source, source);
		if (common > most) [best, most] = [i, common];
	});
	return best;
}

function join(results: Results[]): Results {
	const joined: Results = { ...results[0], files: {}, testFiles: {} };
	// The joined tests by "file\0name", and each result's test IDs read as "file\0name".
	const newIds = new Map<string, string>();
	const keyOfId = results.map((result) => {
		const keys = new Map<string, string>();
		for (const [file, { tests }] of Object.entries(result.testFiles))
			for (const test of tests) keys.set(test.id, `${file}\0${test.name}`);
		return keys;
	});
	const testFiles = new Set(results.flatMap((result) => Object.keys(result.testFiles)));
	for (const file of [...testFiles].sort()) {
		const at = bestEntry(
			results.map((r) => r.testFiles[file]),
			current(file),
		);
		if (at < 0) continue;
		const entry = results[at].testFiles[file];
		joined.testFiles[file] = {
			source: entry.source,
			tests: entry.tests.map((test) => {
				const id = String(newIds.size);
				newIds.set(`${file}\0${test.name}`, id);
				return { ...test, id };
			}),
		};
	}
	const files = new Set(results.flatMap((result) => Object.keys(result.files)));
	for (const file of [...files].sort()) {
		const at = bestEntry(
			results.map((r) => r.files[file]),
			current(file),
		);
		if (at < 0) continue;
		const remap = (ids: string[] | undefined) =>
			ids
				?.map((id) => newIds.get(keyOfId[at].get(id) ?? ''))
				.filter((id): id is string => id !== undefined);
		const entry = results[at].files[file];
		joined.files[file] = {
			...entry,
			mutants: entry.mutants.map((mutant) => ({
				...mutant,
				...(mutant.coveredBy ? { coveredBy: remap(mutant.coveredBy) } : {}),
				...(mutant.killedBy ? { killedBy: remap(mutant.killedBy) } : {}),
			})),
		};
	}
	return joined;
}

const inputs = process.argv.slice(2);
if (inputs.length === 0) {
	console.error('usage: tsx scripts/joinMutationResults.ts <incremental.json> ...');
	process.exit(2);
}
const results = inputs.map((file) => JSON.parse(fs.readFileSync(file, 'utf8')) as Results);
const joined = join(results);
fs.writeFileSync(TARGET, `${JSON.stringify(joined, null, 2)}\n`);
const count = (r: Results) => Object.keys(r.files).length;
console.log(
	`joined ${inputs.length} results: ${count(joined)} source files and ${Object.keys(joined.testFiles).length} test files kept (of ${new Set(results.flatMap((r) => Object.keys(r.files))).size} and ${new Set(results.flatMap((r) => Object.keys(r.testFiles))).size})`,
);
