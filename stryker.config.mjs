// @ts-check
/**
 * Mutation testing of the package's core (`npm run test:mutation`): StrykerJS changes one
 * behaviour at a time (a condition, a boundary, a string, a branch) and runs the unit tests
 * (jest.mutation.config.js) against it; a mutant no test fails on is a behaviour no test pins down.
 * The files in scope are in mutation/scope.json; the previous run's results are committed
 * (mutation/incremental.json), so a run tests only the mutants of changed code and changed tests.
 * Survivors that no test could tell apart are listed with a reason in mutation/equivalent.md.
 */
import { readFileSync } from 'node:fs';

const scope = JSON.parse(readFileSync(new URL('./mutation/scope.json', import.meta.url), 'utf8'));

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
	testRunner: 'jest',
	jest: { configFile: 'jest.mutation.config.js', enableFindRelatedTests: false },
	coverageAnalysis: 'perTest',
	// Mutants of module-level code (tables, patterns) run every test each: 96 % of a run's time for
	// 29 % of its mutants in the time-zone files. Stryker reports them as ignored (mutation/scores.md).
	ignoreStatic: true,
	mutate: scope.files,
	incremental: true,
	incrementalFile: 'mutation/incremental.json',
	thresholds: { high: scope.threshold, low: scope.threshold - 10, break: scope.threshold },
	reporters: ['clear-text', 'progress', 'json'],
	jsonReporter: { fileName: '.tmp/mutation/report.json' },
	clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0 },
	tempDirName: '.tmp/stryker',
	ignorePatterns: ['.tmp', 'dist', '.git'],
	concurrency: 2,
	timeoutMS: 10000,
	cleanTempDir: 'always',
};
