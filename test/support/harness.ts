/** Per-file test harness: a sandbox of the file's own, started before and stopped after its tests. */
import { apiClient, type ApiCall } from './client';
import { startSandbox, type RunningSandbox } from './sandboxProcess';

export interface SandboxContext {
	sandbox: RunningSandbox;
	call: ApiCall;
}

export function useSandbox(args: string[] = []): SandboxContext {
	const ctx = {} as SandboxContext;
	beforeAll(async () => {
		ctx.sandbox = await startSandbox(args);
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
