/**
 * The mutation run's test environment (jest.mutation.config.js): n8n's node environment with
 * n8n-workflow loaded once per worker process instead of once per test run. Stryker runs the tests
 * of every mutant as a new jest run with a fresh module registry, and loading n8n-workflow (its
 * expression engine, Luxon, lodash) took about half a second of each. The package only uses its
 * error classes and types, which hold no state between runs.
 */
const NodeEnvironment = require('jest-environment-node').TestEnvironment;
const n8nWorkflow = require('n8n-workflow');

class SharedN8nWorkflowEnvironment extends NodeEnvironment {
	constructor(config, context) {
		super(config, context);
		this.global.__n8nWorkflowOfTheWorker = n8nWorkflow;
	}
}

module.exports = SharedN8nWorkflowEnvironment;
