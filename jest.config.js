/** @type {import('jest').Config} */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	testMatch: ['<rootDir>/test/**/*.test.ts'],
	testTimeout: 30000,
	// One test file per core (jest's default leaves one core idle): 87 s instead of 144 s on 2 cores.
	maxWorkers: '100%',
	// The servers the e2e and deployment tests start keep their files in .tmp: not modules to map.
	modulePathIgnorePatterns: ['<rootDir>/.tmp/'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }],
	},
};
