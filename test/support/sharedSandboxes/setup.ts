/**
 * jest's globalSetup for `npm test`: one default sandbox per test worker, started once for the
 * run instead of once per test file (about 1.3 s of CPU each: 35 of the files ask for the default
 * sandbox). Each file takes its worker's sandbox and resets it to the seed first
 * (test/support/sandbox.ts); a worker runs one file at a time, so no two files share it at once.
 * The URLs reach the workers through the environment, the processes the teardown stops.
 */
import type { Config } from '@jest/types';
import { startSandbox } from '../../../scripts/n8n/sandbox';
import { SHARED_SANDBOX_URLS, sharedSandboxes } from './registry';

export default async function startSharedSandboxes(config: Config.GlobalConfig): Promise<void> {
	const count = Math.max(1, config.maxWorkers);
	const started = await Promise.all(
		Array.from({ length: count }, () => startSandbox({ quiet: true })),
	);
	sharedSandboxes().push(...started);
	process.env[SHARED_SANDBOX_URLS] = JSON.stringify(started.map((sandbox) => sandbox.url));
}
