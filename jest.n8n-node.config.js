/**
 * `npm run test:n8n-node`: the suites of jest.config.js on the Node that n8n runs on, and the ones
 * that need the n8n install itself (files named `*.n8n.ts` under test/: n8n's own code run over
 * this package, such as the AI builder's node search in test/builder/). `npm test` does not run
 * them: in CI it runs while n8n is still being installed.
 */
const base = require('./jest.config');

/** @type {import('jest').Config} */
module.exports = {
	...base,
	testMatch: [...base.testMatch, '<rootDir>/test/**/*.n8n.ts'],
};
