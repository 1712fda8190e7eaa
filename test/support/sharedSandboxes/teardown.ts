/** jest's globalTeardown for `npm test`: stops the shared sandboxes ./setup.ts started. */
import { sharedSandboxes } from './registry';

export default async function stopSharedSandboxes(): Promise<void> {
	await Promise.all(
		sharedSandboxes()
			.splice(0)
			.map((sandbox) => sandbox.stop()),
	);
}
