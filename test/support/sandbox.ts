/**
 * The sandbox for tests and benchmarks: the sandbox process (scripts/n8n/sandbox.ts), and a test
 * file's own sandbox, started before and stopped after its tests, with an API client on it.
 */
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../scripts/n8n/sandbox';
import { apiClient, type ApiCall } from './client';

export { startSandbox, type RunningSandbox };

export interface SandboxContext {
	sandbox: RunningSandbox;
	call: ApiCall;
}

/** This test file's sandbox; its fields are set once `beforeAll` has run. */
export function useSandbox(options: SandboxOptions = {}): SandboxContext {
	const ctx = {} as SandboxContext;
	beforeAll(async () => {
		ctx.sandbox = await startSandbox(options);
		ctx.call = apiClient(ctx.sandbox.url);
	}, 60_000);
	afterAll(async () => {
		await ctx.sandbox?.stop();
	});
	return ctx;
}

/** Today's date in UTC, the seed's default anchor. */
export function todayUtc(): string {
	return new Date().toISOString().slice(0, 10);
}
