/** The trigger's static data measured the way n8n stores it: the JSON of the workflow's static data. */
import type { Trigger } from './support';

/** Records tracked, bytes stored, and bytes per tracked record (one decimal). */
export function staticDataSize(trigger: Trigger) {
	const state = trigger.state as { r: Record<string, { s: string }> };
	const tracked = Object.values(state.r).reduce(
		(n, r) => n + (r.s === '' ? 0 : r.s.split('|').length),
		0,
	);
	const bytes = Buffer.byteLength(JSON.stringify(trigger.staticData));
	return { tracked, bytes, perRecord: Math.round((bytes / tracked) * 10) / 10 };
}
