/**
 * `npm run test:n8n-node`: the unit and engine suites on the Node that n8n runs on (n8n 2.x needs
 * Node 24; the project's n8n install brings it, and installs it here when missing), and the tests
 * that run n8n's own code from that install over the package (`test/builder/`, files `*.n8n.ts`:
 * jest.n8n-node.config.js). The jest run and every process it starts (the sandboxes, through
 * `#!/usr/bin/env node`) find that Node first on PATH. The sandbox's own tests and the proofs test
 * development tools, not the package: they run on the machine's Node only (`npm test`). Arguments
 * after `--` go to jest; the ones naming a folder or file under `test/` run those instead of
 * every suite (`npm run test:n8n-node -- test/builder/`).
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

async function main(): Promise<void> {
	const { node } = await ensureN8nInstalled();
	const jest = path.join(REPO_ROOT, 'node_modules/jest/bin/jest.js');
	const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
	const args = process.argv.slice(2);
	const named = args.filter((arg) => arg.startsWith('test/'));
	const suites = named.length > 0 ? [] : N8N_NODE_SUITES;
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
