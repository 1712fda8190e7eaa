/**
 * Starts the real sandbox server (sandbox/cli.ts) in a child process on a free port, the way a user
 * runs it, so that tests talk to it over real HTTP. Each test file gets its own server, so files
 * that reset the store or inject faults never disturb each other.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface RunningSandbox {
	url: string;
	process: ChildProcess;
	/** Lines the server wrote to stdout (its request log). */
	output: string[];
	stop(): Promise<void>;
	/** POST /__sandbox/reset: back to the seed, faults and request log cleared. */
	reset(): Promise<void>;
	control(method: string, route: string, body?: unknown): Promise<Response>;
}

const ROOT = path.resolve(__dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

export async function startSandbox(args: string[] = []): Promise<RunningSandbox> {
	const child = spawn(TSX, ['sandbox/cli.ts', '--port', '0', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
	const output: string[] = [];
	let stderr = '';
	child.stderr!.on('data', (chunk) => (stderr += chunk));
	const url = await new Promise<string>((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error(`sandbox did not start in 30 s: ${stderr}`)), 30_000);
		let buffer = '';
		child.stdout!.on('data', (chunk: Buffer) => {
			buffer += chunk.toString();
			const lines = buffer.split('\n');
			buffer = lines.pop() ?? '';
			for (const line of lines) {
				output.push(line);
				const match = /listening on (http:\/\/\S+)/.exec(line);
				if (match) {
					clearTimeout(timer);
					resolve(match[1]);
				}
			}
		});
		child.once('exit', (code) => {
			clearTimeout(timer);
			reject(new Error(`sandbox exited with ${code}: ${stderr}`));
		});
	});
	const control = (method: string, route: string, body?: unknown) =>
		fetch(`${url}/__sandbox${route}`, {
			method,
			headers: body === undefined ? {} : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
	return {
		url,
		process: child,
		output,
		control,
		async reset() {
			const response = await control('POST', '/reset');
			if (response.status !== 204) throw new Error(`reset failed: ${response.status}`);
		},
		stop: () =>
			new Promise<void>((resolve) => {
				if (child.exitCode !== null) return resolve();
				child.once('exit', () => resolve());
				child.kill('SIGTERM');
			}),
	};
}
