/**
 * The trigger's proof in every way n8n is deployed (`npm run test:deployments`): the chaos scenario
 * against one n8n process on SQLite, one on PostgreSQL with durable poll cursors, and queue mode
 * with Redis and two workers. Slow (n8n polls at most once a minute): kept apart from `npm test`.
 */
/** @type {import('jest').Config} */
module.exports = {
	...require('./jest.config'),
	testMatch: ['<rootDir>/test/deployments/**/*.deploy.ts'],
	globalSetup: '<rootDir>/test/e2e/globalSetup.ts',
	maxWorkers: 1,
	forceExit: true,
	testTimeout: 20 * 60_000,
};
