/** @type {import('jest').Config} */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	testMatch: ['<rootDir>/test/**/*.test.ts'],
	testTimeout: 30000,
	// The servers the e2e and deployment tests start keep their files in .tmp: not modules to map.
	modulePathIgnorePatterns: ['<rootDir>/.tmp/'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }],
	},
};
