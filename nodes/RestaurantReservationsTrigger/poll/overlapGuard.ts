/**
 * One poll at a time per trigger. n8n starts a poll at every Poll Times entry without waiting for
 * the previous one (each entry is a cron of its own, or a durable job of its own claimed by the
 * scheduler), and two polls that overlap both compare against the same stored state: both would
 * report the same changes. Under durable poll cursors n8n fences a commit by the poll's own job
 * only, so both commits succeed (read in n8n 2.41.1: poller-state.repository.js, advanceCursor).
 *
 * So a poll that starts while another of the same trigger runs reports nothing and stores nothing:
 * the next poll covers its changes. Under durable cursors also one that starts within a moment
 * after the other returned: its state comes from the database, where n8n is still writing the other
 * poll's (without them, the next poll reads the state the previous one left in memory). n8n runs a
 * workflow's polls in one process (the main, or the leader of several), where this guard lives.
 */
const busyUntil = new Map<string, number>();

/** How long after a poll returned its trigger's state may still be on its way to the database. */
export const SAVE_MARGIN_MS = 2_000;

/** `poll()`, unless another poll of the same trigger is under way: then null, as for no change. */
export async function oneAtATime<T>(
	key: string,
	poll: () => Promise<T>,
	saveMarginMs: number,
): Promise<T | null> {
	const now = Date.now();
	if ((busyUntil.get(key) ?? 0) > now) return null;
	busyUntil.set(key, Number.POSITIVE_INFINITY);
	try {
		return await poll();
	} finally {
		busyUntil.set(key, Date.now() + saveMarginMs);
		for (const [other, until] of busyUntil) if (until < now) busyUntil.delete(other);
	}
}
