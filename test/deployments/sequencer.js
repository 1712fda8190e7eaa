/**
 * The order the deployment tests start in, three at a time (jest.deployments.config.js): two of the
 * long chaos runs and the update from 0.1.0 first (its default and queue deployments run side by
 * side, about as long as a chaos run), the third chaos run and the 1,000-restaurant run as the
 * first two of them end (its polls need a core more than the short tests do), the queue-mode chaos
 * run when a third file has ended, normally the queue-durable chaos run (three n8n processes each:
 * not side by side; a file that fails early lets it start sooner), then the queue workers' file
 * (overbooking, a worker killed, the examples: one queue deployment), then the short tests. 562 to
 * 626 s on 2 cores before the update test. A file not listed runs after the listed ones.
 */
const { orderedSequencer } = require('../support/orderedSequencer');

const ORDER = [
	'chaos/queue-durable',
	'chaos/default',
	'upgrade',
	'chaos/durable',
	'manyRestaurants',
	'chaos/queue',
	'queueWorkers',
	'firstActivation',
	'budget',
];

module.exports = orderedSequencer(ORDER, '.deploy.ts');
