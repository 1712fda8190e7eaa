/**
 * The tests StrykerJS runs against each mutant (stryker.config.mjs): the unit tests, which run in
 * milliseconds and need no server. The engine tests (sandbox processes, n8n's engine) take
 * seconds a file and would take days over thousands of mutants. Left out too: the generated-table
 * check, which re-runs a generator on the repository, not on Stryker's copy of it. No shared
 * sandboxes: the unit tests start none. With them, the trigger's tests that call its pure code
 * (hashes, value tokens, records, changes, the guest ledger) and start no sandbox or engine.
 * n8n-workflow is loaded once per worker (test/support/mutation/environment.js): every mutant's
 * tests are a new jest run, and loading it again took half their time.
 */
const base = require('./jest.config');

/** @type {import('jest').Config} */
module.exports = {
	...base,
	testMatch: [
		'<rootDir>/test/unit/**/*.test.ts',
		...[
			'changes',
			'fieldRecords',
			'guestLedger',
			'hash',
			'horizon',
			'roundLog',
			'snapshotFormat',
			'upgradeReadings',
		].map((name) => `<rootDir>/test/trigger/${name}.test.ts`),
	],
	// Left out too: the test of the source maps (test/unit/jestSetup.test.ts), which this run's
	// transform leaves out (below).
	testPathIgnorePatterns: [
		'/node_modules/',
		'<rootDir>/test/unit/generatedTables.test.ts',
		'<rootDir>/test/unit/jestSetup.test.ts',
	],
	globalSetup: undefined,
	globalTeardown: undefined,
	// An absolute path: Stryker's wrapper of the environment does not read <rootDir>.
	testEnvironment: require('node:path').join(__dirname, 'test/support/mutation/environment.js'),
	moduleNameMapper: { '^n8n-workflow$': '<rootDir>/test/support/mutation/n8nWorkflow.js' },
	// Without source maps (tsconfig.mutation.json): Stryker's incremental results match tests by
	// where they are, and the committed results were recorded without them.
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.mutation.json' }],
	},
};
