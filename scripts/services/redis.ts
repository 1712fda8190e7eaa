/** A throwaway Redis server from Debian's `redis-server` package: loopback only, nothing saved to disk, stopped by pid. */
import fs from 'node:fs';
import net from 'node:net';
import { UserFacingError, type Log } from '../n8n/output';
import { startProcess, type ManagedProcess } from '../n8n/processes';

export interface RunningRedis {
	host: string;
	port: number;
	process: ManagedProcess;
	stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 30_000;
const REDIS_SERVER = '/usr/bin/redis-server';

function ping(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = net.connect({ host: '127.0.0.1', port }, () => socket.write('PING\r\n'));
		socket.setTimeout(2_000, () => socket.destroy());
		socket.once('data', (data) => {
			resolve(data.toString().startsWith('+PONG'));
			socket.destroy();
		});
		socket.once('error', () => resolve(false));
		socket.once('close', () => resolve(false));
	});
}

export async function startRedis(options: {
	port: number;
	folder: string;
	log?: Log;
}): Promise<RunningRedis> {
	if (!fs.existsSync(REDIS_SERVER))
		throw new UserFacingError(
			'Redis is not installed: run `apt-get install redis-server` (Debian) and try again.',
		);
	fs.rmSync(options.folder, { recursive: true, force: true });
	fs.mkdirSync(options.folder, { recursive: true });
	const args = [
		'--port',
		String(options.port),
		'--bind',
		'127.0.0.1',
		'--dir',
		options.folder,
		'--save',
		'',
		'--appendonly',
		'no',
		'--daemonize',
		'no',
	];
	const server = startProcess('redis', REDIS_SERVER, args, {
		cwd: options.folder,
		onLine: options.log,
	});
	const deadline = Date.now() + READY_TIMEOUT_MS;
	while (!(await ping(options.port))) {
		if (server.child.exitCode !== null || Date.now() > deadline) {
			await server.stop();
			throw new UserFacingError(
				`Redis did not start on port ${options.port}:\n${server.output.slice(-20).join('\n')}`,
			);
		}
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	return {
		host: '127.0.0.1',
		port: options.port,
		process: server,
		stop: async () => await server.stop(10_000),
	};
}
