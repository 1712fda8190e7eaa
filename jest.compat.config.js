/**
 * The oldest n8n supported (`npm run test:compat`): a smoke test of the packed package on n8n
 * 1.123.x (scripts/n8n/runtime.ts, OLDEST_LINE), installed into the cache folder beside the current
 * n8n. One file; its own sandbox and n8n server.
 */
/** @type {import('jest').Config} */
module.exports = {
	...require('./jest.config'),
	testMatch: ['<rootDir>/test/compat/**/*.compat.ts'],
	globalSetup: '<rootDir>/test/compat/globalSetup.ts',
	maxWorkers: 1,
	forceExit: true,
	testTimeout: 180000,
};
