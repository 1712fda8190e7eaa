/**
 * `npm run test:n8n-node`: the unit and engine suites on the Node that n8n runs on (n8n 2.x needs
 * Node 24; the project's n8n install brings it, and installs it here when missing), and the tests
 * that run n8n's own code from that install over the package (`test/builder/`, files `*.n8n.ts`:
 * jest.n8n-node.config.js). The jest run and every process it starts (the sandboxes, through
 * `#!/usr/bin/env node`) find that Node first on PATH. The sandbox's own tests and the proofs test
 * development tools, not the package: they run on the machine's Node only (`npm test`). Arguments
 * after `--` go to jest; the ones naming a folder or file under `test/` run those instead of
 * every suite (`npm run test:n8n-node -- test/builder/`), and `--what-node-changes` runs
 * WHAT_NODE_CHANGES only (CI's choice).
 */
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { ensureN8nInstalled, pathWithNodeFirst, REPO_ROOT } from './n8n';

/** The package's suites: pure units, and the nodes run through n8n's engine against the sandbox. */
export const N8N_NODE_SUITES = [
	'test/unit/',
	'test/engine/',
	'test/node/',
	'test/trigger/',
	'test/readings/',
	'test/credentials/',
	'test/builder/',
];

/**
 * The suites whose outcome can depend on the Node they run on, which CI runs on Node 24 beside the
 * deployment tests (the whole of N8N_NODE_SUITES there took 912 of the run's 2,225 s and slowed the
 * deployments it shares two cores with): the pure units (Intl and the time-zone tables: Node 24
 * reads `+0530` as a zone, Node 20 does not), the engine harness and the credentials (HTTP and
 * OAuth2 through n8n-core's request helpers on that Node's sockets), the time zones as services
 * answer them through the engine, and n8n's own code (test/builder/). The other engine suites run
 * the same JavaScript on either Node; `npm test` runs them on Node 20, and the end-to-end and
 * deployment tests run the package in n8n 2.41.1 on Node 24.
 */
export const WHAT_NODE_CHANGES = [
	'test/unit/',
	'test/engine/',
	'test/credentials/',
	'test/readings/timeZones.test.ts',
	'test/builder/',
];

async function main(): Promise<void> {
	const { node } = await ensureN8nInstalled();
	const jest = path.join(REPO_ROOT, 'node_modules/jest/bin/jest.js');
	const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
	const whatNodeChanges = process.argv.includes('--what-node-changes');
	const args = process.argv.slice(2).filter((arg) => arg !== '--what-node-changes');
	const named = args.filter((arg) => arg.startsWith('test/'));
	const suites = named.length > 0 ? [] : whatNodeChanges ? WHAT_NODE_CHANGES : N8N_NODE_SUITES;
	console.log(`[test:n8n-node] ${[...suites, ...named].join(' ')} on Node ${version} (${node})`);
	const config = ['--config', path.join(REPO_ROOT, 'jest.n8n-node.config.js')];
	const child = spawn(node, [jest, ...config, ...suites, ...args], {
		cwd: REPO_ROOT,
		stdio: 'inherit',
		env: {
			...process.env,
			PATH: pathWithNodeFirst(node),
		},
	});
	child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

main().catch((error: unknown) => {
	console.error(error instanceof Error ? error.message : error);
	process.exit(1);
});
