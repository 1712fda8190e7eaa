/**
 * A throwaway PostgreSQL server from Debian's `postgresql` package: a new data folder, loopback
 * only, one database for n8n, started as a child process and stopped by pid. PostgreSQL refuses to
 * run as root, so as root its commands run as the `postgres` system user (runuser).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UserFacingError, type Log } from '../n8n/output';
import { lastLines, runCommand, startProcess, type ManagedProcess } from '../n8n/processes';

export interface RunningPostgres {
	host: string;
	port: number;
	database: string;
	user: string;
	password: string;
	process: ManagedProcess;
	/** Runs SQL with psql; returns its unaligned, tuples-only output. */
	query(sql: string): Promise<string>;
	stop(): Promise<void>;
}

export interface PostgresOptions {
	port: number;
	/** A folder of its own; emptied first. */
	folder: string;
	database?: string;
	/** Server settings (`-c name=value`), e.g. for measurements. */
	settings?: Record<string, string>;
	log?: Log;
}

const SYSTEM_USER = 'postgres';
const READY_TIMEOUT_MS = 60_000;

/** The newest installed server's binaries, e.g. /usr/lib/postgresql/15/bin. */
function postgresBinDir(): string {
	const root = '/usr/lib/postgresql';
	const versions = fs.existsSync(root)
		? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'postgres')))
		: [];
	if (versions.length === 0) {
		throw new UserFacingError(
			'PostgreSQL is not installed: run `apt-get install postgresql` (Debian) and try again.',
		);
	}
	const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
	return path.join(root, newest, 'bin');
}

const isRoot = () => process.getuid?.() === 0;

/** [command, args] that run a PostgreSQL binary as a user it accepts. */
function asServerUser(binary: string, args: string[]): [string, string[]] {
	return isRoot() ? ['runuser', ['-u', SYSTEM_USER, '--', binary, ...args]] : [binary, args];
}

async function run(binary: string, args: string[], what: string): Promise<void> {
	const [command, commandArgs] = asServerUser(binary, args);
	const result = await runCommand(command, commandArgs, { cwd: os.tmpdir(), timeoutMs: 120_000 });
	if (result.code !== 0)
		throw new UserFacingError(
			`PostgreSQL: ${what} failed:\n${lastLines(result.stdout + result.stderr)}`,
		);
}

function prepareFolder(folder: string): string {
	fs.rmSync(folder, { recursive: true, force: true });
	fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
	if (isRoot()) {
		const { uid, gid } = systemUserIds();
		fs.chownSync(folder, uid, gid);
	}
	return path.join(folder, 'data');
}

function systemUserIds(): { uid: number; gid: number } {
	const line = fs
		.readFileSync('/etc/passwd', 'utf8')
		.split('\n')
		.find((l) => l.startsWith(`${SYSTEM_USER}:`));
	if (!line)
		throw new UserFacingError(
			`PostgreSQL: no "${SYSTEM_USER}" system user; reinstall the postgresql package.`,
		);
	const [, , uid, gid] = line.split(':');
	return { uid: Number(uid), gid: Number(gid) };
}

async function waitUntilReady(bin: string, port: number, server: ManagedProcess): Promise<void> {
	const deadline = Date.now() + READY_TIMEOUT_MS;
	while (Date.now() < deadline) {
		if (server.child.exitCode !== null)
			throw new UserFacingError(
				`PostgreSQL stopped while starting:\n${server.output.slice(-20).join('\n')}`,
			);
		const ready = await runCommand(
			path.join(bin, 'pg_isready'),
			['-h', '127.0.0.1', '-p', String(port)],
			{ timeoutMs: 10_000 },
		);
		if (ready.code === 0) return;
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	throw new UserFacingError(
		`PostgreSQL did not accept connections on port ${port} within ${READY_TIMEOUT_MS / 1000} s`,
	);
}

/** Starts a new PostgreSQL server with one database, trusted on loopback (a test server, no password). */
export async function startPostgres(options: PostgresOptions): Promise<RunningPostgres> {
	const bin = postgresBinDir();
	const data = prepareFolder(options.folder);
	const user = 'n8n';
	const database = options.database ?? 'n8n';
	await run(
		path.join(bin, 'initdb'),
		['-D', data, '-U', user, '--auth=trust', '--encoding=UTF8', '--no-instructions'],
		'initdb',
	);
	const [command, args] = asServerUser(path.join(bin, 'postgres'), [
		'-D',
		data,
		'-p',
		String(options.port),
		'-c',
		'listen_addresses=127.0.0.1',
		'-c',
		`unix_socket_directories=${options.folder}`,
		'-c',
		'max_connections=100',
		...Object.entries(options.settings ?? {}).flatMap(([name, value]) => [
			'-c',
			`${name}=${value}`,
		]),
	]);
	const server = startProcess('postgres', command, args, { cwd: os.tmpdir(), onLine: options.log });
	await waitUntilReady(bin, options.port, server);
	await run(
		path.join(bin, 'createdb'),
		['-h', '127.0.0.1', '-p', String(options.port), '-U', user, database],
		'createdb',
	);
	return {
		host: '127.0.0.1',
		port: options.port,
		database,
		user,
		password: '',
		process: server,
		query: async (sql) => {
			const result = await runCommand(
				path.join(bin, 'psql'),
				[
					'-h',
					'127.0.0.1',
					'-p',
					String(options.port),
					'-U',
					user,
					'-d',
					database,
					'-At',
					'-c',
					sql,
				],
				{ timeoutMs: 60_000 },
			);
			if (result.code !== 0)
				throw new UserFacingError(`PostgreSQL: ${sql} failed:\n${lastLines(result.stderr)}`);
			return result.stdout.trim();
		},
		// SIGTERM is PostgreSQL's smart shutdown; the process group goes with it.
		stop: async () => await server.stop(30_000),
	};
}
