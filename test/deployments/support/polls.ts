/**
 * When the trigger polled, as the sandbox saw it: its reservation-list requests. The tests wait
 * for these instead of sleeping a poll interval.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { RunningSandbox } from '../../../scripts/n8n';

export interface ListRequestWait {
	/** Count only the requests answered 200. */
	ok: boolean;
	timeoutMs: number;
	/** Forget the requests seen so far first (default); false counts from the last clearing. */
	clear?: boolean;
}

/** Waits until the sandbox has seen `count` reservation-list requests. */
export async function waitForListRequests(
	sandbox: RunningSandbox,
	count: number,
	{ ok, timeoutMs, clear = true }: ListRequestWait,
): Promise<void> {
	if (clear) await sandbox.control('DELETE', '/requests');
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		const log = (await (await sandbox.control('GET', '/requests')).json()) as {
			requests: Array<{ url: string; status: number }>;
		};
		const lists = log.requests.filter(
			(r) => /\/reservations\?/.test(r.url) && (!ok || r.status === 200),
		);
		if (lists.length >= count) return;
		await sleep(100);
	}
	throw new Error(`no poll reached the sandbox within ${timeoutMs / 1000} s`);
}
