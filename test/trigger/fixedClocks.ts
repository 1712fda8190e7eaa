/**
 * A world whose clocks stand still where the trigger reads them: the trigger's own clock (`Date`
 * in this process; timers stay real) and the server's clock, which the trigger reads from the Date
 * header of the API's answers. The sandbox keeps its real clock; a small proxy in front of it
 * answers with the Date the test sets. Used to poll against stored states made on another day
 * (test/trigger/fixtures/storedStateOf*.json), with the horizon and the moments they were made with.
 */
import http from 'node:http';
import type { SandboxContext } from '../support/sandbox';

export interface ServerClock {
	/** The sandbox context to give a Trigger: its URL is the proxy's. */
	ctx: SandboxContext;
	/** Sets the server time the answers carry, epoch ms. */
	set(now: number): void;
	close(): Promise<void>;
}

/** A proxy in front of the sandbox of `ctx` whose answers carry the Date header of `now`. */
export async function serverClock(ctx: SandboxContext, now: number): Promise<ServerClock> {
	let clock = now;
	const to = new URL(ctx.sandbox.url);
	const server = http.createServer((req, res) => {
		const upstream = http.request(
			{
				hostname: to.hostname,
				port: to.port,
				path: req.url,
				method: req.method,
				headers: { ...req.headers, host: to.host },
			},
			(answer) => {
				res.writeHead(answer.statusCode ?? 502, {
					...answer.headers,
					date: new Date(clock).toUTCString(),
				});
				answer.pipe(res);
			},
		);
		upstream.on('error', (error) => res.destroy(error));
		req.pipe(upstream);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as { port: number };
	return {
		ctx: { ...ctx, sandbox: { ...ctx.sandbox, url: `http://127.0.0.1:${port}` } },
		set: (at) => (clock = at),
		close: () => new Promise((resolve) => server.close(() => resolve())),
	};
}

/** Timers that stay real while `Date` is fixed (jest's modern fake timers fake them by default). */
const REAL_TIMERS = [
	'hrtime',
	'nextTick',
	'performance',
	'queueMicrotask',
	'requestAnimationFrame',
	'cancelAnimationFrame',
	'requestIdleCallback',
	'cancelIdleCallback',
	'setImmediate',
	'clearImmediate',
	'setInterval',
	'clearInterval',
	'setTimeout',
	'clearTimeout',
] as const;

/** Fixes this process's `Date` at `now` until {@link realClock}. */
export function fixClock(now: number): void {
	jest.useFakeTimers({ now, doNotFake: [...REAL_TIMERS] });
}

export function realClock(): void {
	jest.useRealTimers();
}
