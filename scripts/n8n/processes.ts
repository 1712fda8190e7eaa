/**
 * Child processes of the scripts: long-running ones (the sandbox, n8n) started in their own process
 * group and stopped by pid with everything they started, and commands run to their end with a time limit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import { REPO_ROOT } from './runtime';

export interface ManagedProcess {
	name: string;
	child: ChildProcess;
	/** The last lines the process wrote (stdout and stderr). */
	output: string[];
	exited: Promise<number | null>;
	/** SIGTERM to the process and its children, SIGKILL after `graceMs`; resolves when it is gone. */
	stop(graceMs?: number): Promise<void>;
	/** SIGKILL to the process and its children at once (a crash, as `kill -9` makes one); resolves when it is gone. */
	kill(): Promise<void>;
}

export interface StartProcessOptions {
	cwd?: string;
	env?: NodeJS.ProcessEnv;
	onLine?: (line: string) => void;
	/** How many of the last output lines to keep; default 400. */
	keepLines?: number;
}

export interface RunResult {
	code: number | null;
	stdout: string;
	stderr: string;
	timedOut: boolean;
}

const running = new Set<ManagedProcess>();

/** Last resort when the parent exits without stopping its children (an uncaught error). */
process.once('exit', () => {
	for (const managed of running) signalGroup(managed.child, 'SIGKILL');
});

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
	if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
	try {
		process.kill(-child.pid, signal); // the whole group: n8n's task runner goes too
	} catch {
		try {
			child.kill(signal);
		} catch {
			// already gone
		}
	}
}

function spawnInOwnGroup(
	command: string,
	args: string[],
	options: { cwd?: string; env?: NodeJS.ProcessEnv },
): ChildProcess {
	return spawn(command, args, {
		cwd: options.cwd ?? REPO_ROOT,
		env: options.env ?? process.env,
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: true,
	});
}

/** Splits a stream into lines, keeping the last `keep` of them in `output`. */
function collectLines(
	stream: Readable,
	output: string[],
	keep: number,
	onLine?: (line: string) => void,
): void {
	let buffer = '';
	stream.on('data', (chunk: Buffer) => {
		buffer += chunk.toString();
		const lines = buffer.split('\n');
		buffer = lines.pop() ?? '';
		for (const line of lines) {
			output.push(line);
			if (output.length > keep) output.shift();
			onLine?.(line);
		}
	});
}

function exitOf(name: string, child: ChildProcess, output: string[]): Promise<number | null> {
	return new Promise((resolve) => {
		child.once('error', (error) => {
			output.push(`${name}: ${error.message}`);
			resolve(null);
		});
		child.once('exit', (code) => resolve(code));
	});
}

/**
 * Spawns a long-running process in its own process group (so that a Ctrl-C in the terminal reaches
 * only the parent, which then stops the children in order and waits for them).
 */
export function startProcess(
	name: string,
	command: string,
	args: string[],
	options: StartProcessOptions,
): ManagedProcess {
	const child = spawnInOwnGroup(command, args, options);
	const output: string[] = [];
	for (const stream of [child.stdout!, child.stderr!])
		collectLines(stream, output, options.keepLines ?? 400, options.onLine);
	const exited = exitOf(name, child, output);
	const managed: ManagedProcess = {
		name,
		child,
		output,
		exited,
		async stop(graceMs = 15_000) {
			if (child.exitCode === null && child.signalCode === null) {
				signalGroup(child, 'SIGTERM');
				const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
				await exited;
				clearTimeout(timer);
			}
			running.delete(managed);
		},
		async kill() {
			signalGroup(child, 'SIGKILL');
			await exited;
			running.delete(managed);
		},
	};
	running.add(managed);
	void exited.then(() => running.delete(managed));
	return managed;
}

/** Runs a command to its end, with a time limit; never rejects for a non-zero exit. */
export function runCommand(
	command: string,
	args: string[],
	options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<RunResult> {
	return new Promise((resolve) => {
		const child = spawnInOwnGroup(command, args, options);
		let stdout = '';
		let stderr = '';
		let timedOut = false;
		child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
		child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
		const timer = setTimeout(
			() => {
				timedOut = true;
				signalGroup(child, 'SIGKILL');
			},
			options.timeoutMs ?? 5 * 60_000,
		);
		const onExit = () => signalGroup(child, 'SIGKILL');
		process.once('exit', onExit);
		const finish = (code: number | null, error?: Error) => {
			clearTimeout(timer);
			process.removeListener('exit', onExit);
			resolve({ code, stdout, stderr: error ? `${stderr}${error.message}` : stderr, timedOut });
		};
		child.once('error', (error) => finish(null, error));
		child.once('close', (code) => finish(code));
	});
}

/** The last `count` lines of a command's output, for an error message. */
export function lastLines(text: string, count = 30): string {
	return text.trim().split('\n').slice(-count).join('\n');
}
