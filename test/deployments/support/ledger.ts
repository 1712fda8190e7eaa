/**
 * The truth ledger of the chaos scenario: every change the driver made (each reservation changed
 * once, so each must be reported exactly once) against every item the workflow's sink received.
 * Values are expected in the API's own reading: the state's field and spelling as it writes them
 * (`status: "Confirmed" -> "Seated"` in the platform reading), times compared as instants when
 * they carry an offset.
 */
import { sameValue } from '../../support/reading';

/** What the trigger must report for one reservation the driver changed. */
export interface ExpectedChange {
	reservationId: string;
	event:
		| 'reservationCreated'
		| 'reservationUpdated'
		| 'reservationCancelled'
		| 'reservationStateChanged';
	/** The exact fields whose previous and current values the item must carry. */
	changes?: Record<string, { previous: unknown; current: unknown }>;
	/** A change of state: the item's `previousState` and `newState`, in the API's spelling. */
	states?: { previous: string; current: string };
	/** The item's `stateRole`: the booking's role after the change. */
	role?: string;
	/** What the driver did, for the report. */
	what: string;
}

/** What a moment item (Reminder Due, Not Arrived, Visit Ended) says of its moment. */
export interface ReportedMoment {
	/** Restaurant-local, in `timeZone`. */
	dueAt: string;
	timeZone: string;
	offsetMinutes?: number;
	rescheduled?: boolean;
	previousReservationTime?: string;
}

/** One item as the sink received it. */
export interface ReportedItem {
	executionId?: string;
	event: string;
	reservationId: string;
	changes?: Record<string, { previous?: unknown; current?: unknown }>;
	previousState?: unknown;
	newState?: unknown;
	stateRole?: unknown;
	moment?: ReportedMoment;
	/** When the sink received it, epoch ms (absent for an item read from an execution n8n stored). */
	receivedAt?: number;
}

/** The trigger's item, as much of it as the ledgers read. */
export interface TriggerItemJson {
	event: string;
	reservationId: unknown;
	changes?: ReportedItem['changes'];
	previousState?: unknown;
	newState?: unknown;
	stateRole?: unknown;
	dueAt?: string;
	timeZone?: string;
	offset?: { minutes?: number };
	rescheduled?: boolean;
	previousReservationTime?: string;
}

/** One item of the trigger as the ledger reads it, from the sink or from an execution n8n stored. */
export function reportedItem(
	executionId: string | undefined,
	item: TriggerItemJson,
	receivedAt?: number,
): ReportedItem {
	const reported: ReportedItem = {
		executionId,
		event: item.event,
		reservationId: String(item.reservationId),
		changes: item.changes,
	};
	for (const key of ['previousState', 'newState', 'stateRole'] as const)
		if (item[key] !== undefined) reported[key] = item[key];
	if (typeof item.dueAt === 'string')
		reported.moment = {
			dueAt: item.dueAt,
			timeZone: String(item.timeZone),
			offsetMinutes: item.offset?.minutes,
			rescheduled: item.rescheduled,
			previousReservationTime: item.previousReservationTime,
		};
	if (receivedAt !== undefined) reported.receivedAt = receivedAt;
	return reported;
}

/** One item's identity within an execution: a booking can have a change and moments in the same poll. */
export const itemKey = (item: ReportedItem) =>
	`${item.executionId}/${item.reservationId}/${item.event}/${item.moment?.dueAt ?? ''}`;

export interface LedgerResult {
	expected: number;
	reported: number;
	lost: ExpectedChange[];
	/** Reservations reported more than once: the extra items. */
	duplicated: ReportedItem[];
	/** Items that report something that did not happen: another event, other values, a reservation never changed. */
	wrong: Array<{ item: ReportedItem; why: string }>;
}

function mismatch(expected: ExpectedChange, item: ReportedItem): string | undefined {
	if (item.event !== expected.event)
		return `event ${item.event}, expected ${expected.event} (${expected.what})`;
	for (const [field, change] of Object.entries(expected.changes ?? {})) {
		const got = item.changes?.[field];
		if (!got) return `${field} not among the changes (${expected.what})`;
		if (!sameValue(got.previous, change.previous) || !sameValue(got.current, change.current)) {
			return `${field} ${JSON.stringify(got.previous)} -> ${JSON.stringify(got.current)}, expected ${JSON.stringify(change.previous)} -> ${JSON.stringify(change.current)}`;
		}
	}
	const { states, role } = expected;
	if (states && (item.previousState !== states.previous || item.newState !== states.current))
		return `state ${JSON.stringify(item.previousState)} -> ${JSON.stringify(item.newState)}, expected ${JSON.stringify(states.previous)} -> ${JSON.stringify(states.current)} (${expected.what})`;
	if (role !== undefined && item.stateRole !== role)
		return `stateRole ${JSON.stringify(item.stateRole)}, expected ${JSON.stringify(role)} (${expected.what})`;
	return undefined;
}

export function compareLedger(expected: ExpectedChange[], reported: ReportedItem[]): LedgerResult {
	const byReservation = new Map<string, ReportedItem[]>();
	for (const item of reported)
		byReservation.set(item.reservationId, [...(byReservation.get(item.reservationId) ?? []), item]);
	const result: LedgerResult = {
		expected: expected.length,
		reported: reported.length,
		lost: [],
		duplicated: [],
		wrong: [],
	};
	const expectedIds = new Set<string>();
	for (const change of expected) {
		expectedIds.add(change.reservationId);
		const items = byReservation.get(change.reservationId) ?? [];
		if (items.length === 0) {
			result.lost.push(change);
			continue;
		}
		const why = mismatch(change, items[0]);
		if (why) result.wrong.push({ item: items[0], why });
		result.duplicated.push(...items.slice(1));
	}
	for (const item of reported) {
		if (!expectedIds.has(item.reservationId))
			result.wrong.push({ item, why: 'a reservation the driver did not change' });
	}
	return result;
}

/** `deployment: N expected, N reported, L lost, D duplicated, W wrong`, the line the issue asks for. */
export function ledgerLine(deployment: string, result: LedgerResult): string {
	return `${deployment}: ${result.expected} expected, ${result.reported} reported, ${result.lost.length} lost, ${result.duplicated.length} duplicated, ${result.wrong.length} wrong`;
}
