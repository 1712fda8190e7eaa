import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { startSandbox } from '../support/sandbox';

const ROOT = path.resolve(__dirname, '../..');

/**
 * The sandbox's CLI as one process, tsx as Node's loader. `npm run sandbox` (the tsx CLI) runs it
 * as a child of tsx's own process, which relays a signal it gets with 30 ms waits for the child's
 * answer: on a loaded machine it misses them, kills the child and exits 130, so a signal sent to
 * it tests tsx's timing, not the sandbox's stop (a terminal's Ctrl-C reaches both processes).
 */
async function startCli(): Promise<{ child: ChildProcess; output: () => string }> {
	const child = spawn(
		process.execPath,
		['--import', 'tsx', 'sandbox/cli.ts', '--port', '0', '--host', '127.0.0.1'],
		{ cwd: ROOT },
	);
	let output = '';
	child.stdout.on('data', (chunk) => (output += chunk));
	await new Promise<void>((resolve, reject) => {
		child.stdout.on('data', () => {
			if (output.includes('Sandbox API listening on')) resolve();
		});
		child.once('exit', (code) => reject(new Error(`the sandbox exited (${code}): ${output}`)));
	});
	return { child, output: () => output };
}

describe('npm run sandbox', () => {
	it.each(['SIGINT', 'SIGTERM'] as const)(
		'stops cleanly on %s',
		async (signal) => {
			const sandbox = await startCli();
			const exit = new Promise<number | null>((resolve) => sandbox.child.once('exit', resolve));
			sandbox.child.kill(signal);
			expect(await exit).toBe(0);
			expect(sandbox.output()).toContain(`Sandbox stopping (${signal})`);
		},
		60_000,
	);

	it('says clearly when the port is in use', async () => {
		const first = await startSandbox();
		const port = new URL(first.url).port;
		const second = spawn(
			path.join(ROOT, 'node_modules/.bin/tsx'),
			['sandbox/cli.ts', '--port', port],
			{ cwd: ROOT },
		);
		let stderr = '';
		second.stderr.on('data', (chunk) => (stderr += chunk));
		const code = await new Promise<number | null>((resolve) => second.once('exit', resolve));
		await first.stop();
		expect(code).toBe(1);
		expect(stderr).toContain(`port ${port} is already in use: choose another with --port`);
	}, 60_000);
});
