/**
 * The order the deployment tests start in, three at a time (jest.deployments.config.js): three of
 * the long chaos runs first, the queue-mode chaos run once one of them has ended (it never starts
 * beside the other queue-mode chaos run: three n8n processes each), the 1,000-restaurant run next
 * (its polls need a core more than the short tests do), then the short tests. 562 to 626 s on 2
 * cores. A file not listed runs after the listed ones.
 */
const ORDER = [
	'chaos/queue-durable',
	'chaos/default',
	'chaos/durable',
	'manyRestaurants',
	'firstActivation',
	'chaos/queue',
	'budget',
	'overbooking',
	'workerKill',
	'examples',
];

const rank = (path) => {
	const at = ORDER.findIndex((name) => path.replace(/\\/g, '/').endsWith(`/${name}.deploy.ts`));
	return at < 0 ? ORDER.length - 0.5 : at;
};

class DeploymentSequencer {
	sort(tests) {
		return [...tests].sort((a, b) => rank(a.path) - rank(b.path));
	}
	cacheResults() {}
	allFailedTests(tests) {
		return tests;
	}
}

module.exports = DeploymentSequencer;
