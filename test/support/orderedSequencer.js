/**
 * A jest test sequencer that starts test files in a given order (a file not listed after the
 * listed ones): jest's own starts the largest files first on a fresh machine, which has no timings
 * of earlier runs, and the suites that run a few long files at a time want the longest first.
 * `orderedSequencer(['chaos/default', 'upgrade'], '.deploy.ts')` orders
 * `…/chaos/default.deploy.ts` before `…/upgrade.deploy.ts`.
 */
function orderedSequencer(order, suffix) {
	const rank = (path) => {
		const at = order.findIndex((name) => path.replace(/\\/g, '/').endsWith(`/${name}${suffix}`));
		return at < 0 ? order.length - 0.5 : at;
	};
	return class OrderedSequencer {
		sort(tests) {
			return [...tests].sort((a, b) => rank(a.path) - rank(b.path));
		}
		cacheResults() {}
		allFailedTests(tests) {
			return tests;
		}
	};
}

module.exports = { orderedSequencer };
