/**
 * End-to-end tests (`npm run test:e2e`): the packed package in a real n8n server and a real browser.
 * Kept apart from `npm test` (jest.config.js), which stays fast. Two files at a time (each starts
 * its own sandbox and n8n server on free ports; measured on 2 cores: 225 s against 330 s one by one).
 */
/** @type {import('jest').Config} */
module.exports = {
	...require('./jest.config'),
	testMatch: ['<rootDir>/test/e2e/**/*.e2e.ts'],
	globalSetup: '<rootDir>/test/e2e/globalSetup.ts',
	globalTeardown: undefined,
	maxWorkers: 2,
	testSequencer: '<rootDir>/test/e2e/sequencer.js',
	// The tests stop the servers they start; never let a leftover socket hold CI until its time limit.
	forceExit: true,
	testTimeout: 180000,
};
