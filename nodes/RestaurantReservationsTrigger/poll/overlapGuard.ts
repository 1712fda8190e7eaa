/**
 * One poll at a time per trigger. n8n starts a poll at every Poll Times entry without waiting for
 * the previous one (each entry is a cron of its own, or a durable job of its own claimed by the
 * scheduler), and two polls that overlap both compare against the same stored state: both would
 * report the same changes. Under durable poll cursors n8n fences a commit by the poll's own job
 * only, so both commits succeed (read in n8n 2.41.1: poller-state.repository.js, advanceCursor).
 *
 * So a poll that starts while another of the same trigger runs reports nothing and stores nothing:
 * the next poll covers its changes. Under durable cursors a poll's state comes from the database,
 * where n8n writes the previous poll's state after that poll returned (with the execution it
 * starts): a poll also reports nothing while the last poll that reported has not reached the
 * database (its stamp, `ra`, is not in the state read), and within a moment after any poll returned
 * (a state written without items carries no stamp). Without durable cursors the next poll reads the
 * state the previous one left in memory. n8n runs a workflow's polls in one process (the main, or
 * the leader of several), where this guard lives.
 */
import type { IDataObject } from 'n8n-workflow';

const busyUntil = new Map<string, number>();
/** Per trigger, the stamp of its last poll that reported and when that poll returned. */
const lastReport = new Map<string, { stamp: number; returnedAt: number }>();

/** How long after a poll returned its trigger's state may still be on its way to the database. */
export const SAVE_MARGIN_MS = 2_000;
/**
 * How long a reporting poll's state is waited for. Past it, the state was never written (n8n
 * dropped that execution, so its items were not delivered either) and the next poll reports them.
 */
export const REPORT_WAIT_MS = 60_000;

/** Where the stamp of the last report is kept in the trigger's static data. */
const REPORT_STAMP = 'ra';

/**
 * `poll()`, unless another poll of the same trigger is under way, or (`durable`) the stored state is
 * not yet the one the last report left: then null, as for no change, and nothing stored. A poll that
 * reports stamps the state it leaves; one that does not keeps the stamp it read.
 */
export async function oneAtATime<T>(
	key: string,
	staticData: IDataObject,
	poll: () => Promise<T | null>,
	durable: boolean,
): Promise<T | null> {
	const now = Date.now();
	if ((busyUntil.get(key) ?? 0) > now) return null;
	const stampRead = staticData[REPORT_STAMP];
	const last = lastReport.get(key);
	if (durable && last && stampRead !== last.stamp && now - last.returnedAt < REPORT_WAIT_MS)
		return null;
	busyUntil.set(key, Number.POSITIVE_INFINITY);
	try {
		const result = await poll();
		if (result !== null) {
			// Strictly increasing, so that two reports in one millisecond are told apart.
			const stamp = Math.max(Date.now(), typeof stampRead === 'number' ? stampRead + 1 : 0);
			staticData[REPORT_STAMP] = stamp;
			lastReport.set(key, { stamp, returnedAt: Date.now() });
		} else if (stampRead !== undefined) staticData[REPORT_STAMP] = stampRead;
		return result;
	} finally {
		busyUntil.set(key, Date.now() + (durable ? SAVE_MARGIN_MS : 0));
		for (const [other, until] of busyUntil) if (until < now) busyUntil.delete(other);
		for (const [other, report] of lastReport)
			if (now - report.returnedAt >= REPORT_WAIT_MS) lastReport.delete(other);
	}
}
