/** Ports on this machine: check that a chosen one is free, or get a free one. */
import net from 'node:net';
import { UserFacingError } from './output';

/** Rejects with a clear message when `port` is taken on `host`; `option` is the flag that chooses another. */
export async function assertPortFree(
	port: number,
	host: string,
	what: string,
	option: string,
): Promise<void> {
	await new Promise<void>((resolve, reject) => {
		const server = net.createServer();
		server.once('error', (error: NodeJS.ErrnoException) => {
			if (error.code === 'EADDRINUSE')
				reject(
					new UserFacingError(
						`port ${port} (${what}) is already in use on ${host}: choose another with ${option}`,
					),
				);
			else if (error.code === 'EACCES')
				reject(
					new UserFacingError(
						`port ${port} (${what}) needs more privileges on ${host}: choose another with ${option}`,
					),
				);
			else reject(error);
		});
		server.listen({ port, host, exclusive: true }, () => server.close(() => resolve()));
	});
}

/** A port that is free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = net.createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address() as net.AddressInfo;
			server.close(() => resolve(address.port));
		});
	});
}
