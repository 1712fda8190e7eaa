/**
 * The order the deployment tests start in, two at a time (jest.deployments.config.js): the long
 * chaos runs first, the two queue-mode ones (three n8n processes each) never side by side, the
 * short tests after them, and the 1,000-restaurant run last, when at most one short test is left
 * beside it (its n8n needs a core of its own). A file not listed runs after the listed ones.
 */
const ORDER = [
	'chaos/queue-durable',
	'chaos/default',
	'chaos/durable',
	'chaos/queue',
	'budget',
	'firstActivation',
	'overbooking',
	'workerKill',
	'examples',
	'manyRestaurants',
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
