import { spawn } from 'node:child_process';
import path from 'node:path';
import { startSandbox } from '../support/sandbox';

const ROOT = path.resolve(__dirname, '../..');

describe('npm run sandbox', () => {
	it.each(['SIGINT', 'SIGTERM'] as const)(
		'stops cleanly on %s',
		async (signal) => {
			const sandbox = await startSandbox();
			const exit = new Promise<number | null>((resolve) =>
				sandbox.process.child.once('exit', resolve),
			);
			sandbox.process.child.kill(signal);
			expect(await exit).toBe(0);
			expect(sandbox.output.join('\n')).toContain(`Sandbox stopping (${signal})`);
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
