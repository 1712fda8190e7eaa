/**
 * The trigger's proof in every way n8n is deployed (`npm run test:deployments`): the chaos scenario
 * against one n8n process on SQLite, one on PostgreSQL with durable poll cursors, and queue mode
 * with Redis and two workers. Slow (minutes of wall-clock time per scenario, mostly waiting on
 * n8n's polls): kept apart from `npm test`, and three test files at a time, in the order of
 * test/deployments/sequencer.js (measured on 2 cores: 612 s against 830 s two at a time;
 * RR_DEPLOYMENT_WORKERS=1 runs them one by one).
 */
/** @type {import('jest').Config} */
module.exports = {
	...require('./jest.config'),
	testMatch: ['<rootDir>/test/deployments/**/*.deploy.ts'],
	globalSetup: '<rootDir>/test/e2e/globalSetup.ts',
	globalTeardown: undefined,
	maxWorkers: Number(process.env.RR_DEPLOYMENT_WORKERS ?? 3),
	testSequencer: '<rootDir>/test/deployments/sequencer.js',
	forceExit: true,
	testTimeout: 20 * 60_000,
};
