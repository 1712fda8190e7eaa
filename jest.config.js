const { availableParallelism } = require('node:os');

/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	testMatch: ['<rootDir>/test/**/*.test.ts'],
	testTimeout: 30000,
	// One and a half test files per core, three on 2 cores: many engine tests wait on the sandbox's
	// latency or n8n's timers, and a third file fills the idle core (269 s instead of 311 s; one per
	// core: 87 s instead of 144 s against jest's default, which leaves one core idle). A count: jest
	// reads a percentage over 100% as a number of workers.
	maxWorkers: Math.ceil(1.5 * availableParallelism()),
	// One default sandbox per worker for the whole run instead of one per test file (a start costs
	// about 1.3 s of CPU): test/support/sharedSandboxes/.
	globalSetup: '<rootDir>/test/support/sharedSandboxes/setup.ts',
	globalTeardown: '<rootDir>/test/support/sharedSandboxes/teardown.ts',
	// The servers the e2e and deployment tests start keep their files in .tmp: not modules to map.
	modulePathIgnorePatterns: ['<rootDir>/.tmp/'],
	transform: {
		// Transpiled file by file with esbuild, source maps kept (test/support/esbuildTransform.js):
		// `npm run typecheck` checks the types once; checking them again in every worker doubled the
		// transform time of a fresh run, and ts-jest's transpiling alone took 25 s of CPU more than
		// esbuild's for test/unit/ on a fresh run.
		'^.+\\.ts$': '<rootDir>/test/support/esbuildTransform.js',
	},
};
