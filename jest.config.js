/** @type {import('jest').Config} */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	testMatch: ['<rootDir>/test/**/*.test.ts'],
	testTimeout: 30000,
	// Three test files on 2 cores: many engine tests wait on the sandbox's latency or n8n's timers, and
	// a third file fills the idle core (269 s instead of 311 s; one per core: 87 s instead of 144 s
	// against jest's default, which leaves one core idle).
	maxWorkers: '150%',
	// The servers the e2e and deployment tests start keep their files in .tmp: not modules to map.
	modulePathIgnorePatterns: ['<rootDir>/.tmp/'],
	transform: {
		// Transpiled file by file (tsconfig.jest.json: isolatedModules): `npm run typecheck` checks the
		// types once; checking them again in every worker doubled the transform time of a fresh run.
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json' }],
	},
};
