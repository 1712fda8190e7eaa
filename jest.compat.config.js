/**
 * The oldest n8n supported (`npm run test:compat`): a smoke test of the packed package on n8n
 * 1.123.x (scripts/n8n/runtime.ts, OLDEST_LINE), installed into the cache folder beside the current
 * n8n. Run as the end-to-end tests are (each file with its own sandbox and n8n).
 */
/** @type {import('jest').Config} */
module.exports = {
	...require('./jest.e2e.config'),
	testMatch: ['<rootDir>/test/compat/**/*.compat.ts'],
	globalSetup: '<rootDir>/test/compat/globalSetup.ts',
};
