/**
 * `npm run test:n8n-node`: the unit and engine suites on the Node that n8n runs on (n8n 2.x needs
 * Node 24; the project's n8n install brings it, and installs it here when missing). The jest run
 * and every process it starts (the sandboxes, through `#!/usr/bin/env node`) find that Node first
 * on PATH. The sandbox's own tests and the proofs test development tools, not the package: they
 * run on the machine's Node only (`npm test`). Arguments after `--` go to jest.
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
];

async function main(): Promise<void> {
	const { node } = await ensureN8nInstalled();
	const jest = path.join(REPO_ROOT, 'node_modules/jest/bin/jest.js');
	const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
	console.log(`[test:n8n-node] the unit and engine suites on Node ${version} (${node})`);
	const child = spawn(node, [jest, ...N8N_NODE_SUITES, ...process.argv.slice(2)], {
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
