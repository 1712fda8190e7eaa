/**
 * The run's shared sandboxes: started by ./setup.ts and stopped by ./teardown.ts in jest's parent
 * process (one module registry for both), found by the test files through the environment.
 */
import type { RunningSandbox } from '../../../scripts/n8n/sandbox';

/** The environment variable with the shared sandboxes' URLs, a JSON array, one per test worker. */
export const SHARED_SANDBOX_URLS = 'RR_SHARED_SANDBOX_URLS';

const STARTED = Symbol.for('n8n-nodes-restaurant-reservations.sharedSandboxes');

/** The sandboxes this process started for the run; on globalThis, which jest keeps from setup to teardown. */
export function sharedSandboxes(): RunningSandbox[] {
	const holder = globalThis as { [STARTED]?: RunningSandbox[] };
	return (holder[STARTED] ??= []);
}

/** This test worker's shared sandbox (jest numbers its workers from 1), if the run started them. */
export function sharedSandboxUrl(): string | undefined {
	const urls = JSON.parse(process.env[SHARED_SANDBOX_URLS] ?? '[]') as string[];
	if (urls.length === 0) return undefined;
	const worker = Number(process.env.JEST_WORKER_ID ?? 1);
	return urls[(worker - 1) % urls.length];
}
