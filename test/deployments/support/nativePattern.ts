/**
 * What n8n users build for reminders today (issue 24), beside the trigger in the chaos scenario:
 * Schedule Trigger every 10 seconds, Get Many of the bookings whose visit is within the reminder's
 * offset from now, a Filter keeping the booked states, Remove Duplicates ("remove items processed
 * in previous executions", keyed on the booking's ID), then the reminder (here: to a sink of its
 * own, in the shape of the trigger's item so that the same moment ledger judges both).
 */
import {
	ACTION_NODE_TYPE,
	SANDBOX_CREDENTIAL,
	useCredential,
	type NodeCredential,
} from '../../../scripts/n8n';
import type { ExpectedMoment } from './momentLedger';
import type { ReportedItem } from './ledger';
import { CHAOS_MOMENTS } from './workflow';

export const NATIVE_WORKFLOW_ID = 'RrNativeReminder01';
/** One restaurant and one offset, as a template would have it. */
export const NATIVE_RESTAURANT = { id: 101, timeZone: 'Europe/Berlin' };
export const NATIVE_OFFSET_MINUTES = Math.max(...CHAOS_MOMENTS.reminderOffsetsMinutes);

const LOCAL = "yyyy-LL-dd'T'HH:mm:ss";
const now = `$now.setZone('${NATIVE_RESTAURANT.timeZone}')`;

const node = (name: string, type: string, typeVersion: number, x: number, parameters: object) => ({
	id: `a0b1c2d3-0000-4000-8000-00000000000${x}`,
	name,
	type,
	typeVersion,
	position: [x * 220, 0],
	parameters,
});

/** The workflow, its Get Many authenticating with `credential` (the staff token by default). */
export function nativeReminderWorkflow(
	sinkUrl: string,
	credential: NodeCredential = SANDBOX_CREDENTIAL,
): Record<string, unknown> {
	const names = [
		'Every 10 seconds',
		'Visits within 90 minutes',
		'Booked',
		'Not reminded yet',
		'Remind',
	];
	const nodes = [
		node(names[0], 'n8n-nodes-base.scheduleTrigger', 1.2, 1, {
			rule: { interval: [{ field: 'seconds', secondsInterval: 10 }] },
		}),
		node(names[1], ACTION_NODE_TYPE, 1, 2, {
			resource: 'reservation',
			operation: 'getAll',
			restaurantId: { __rl: true, mode: 'id', value: String(NATIVE_RESTAURANT.id) },
			from: `={{ ${now}.toFormat("${LOCAL}") }}`,
			to: `={{ ${now}.plus({ minutes: ${NATIVE_OFFSET_MINUTES} }).toFormat("${LOCAL}") }}`,
			returnAll: true,
			filters: {},
		}),
		node(names[2], 'n8n-nodes-base.filter', 2.2, 3, {
			conditions: {
				options: { caseSensitive: true, leftValue: '', typeValidation: 'loose', version: 2 },
				conditions: CHAOS_MOMENTS.bookedStates.map((state, i) => ({
					id: `state-${i}`,
					leftValue: '={{ $json.state }}',
					rightValue: state,
					operator: { type: 'string', operation: 'equals' },
				})),
				combinator: 'or',
			},
			looseTypeValidation: true,
			options: {},
		}),
		node(names[3], 'n8n-nodes-base.removeDuplicates', 2, 4, {
			operation: 'removeItemsSeenInPreviousExecutions',
			dedupeValue: '={{ $json.id }}',
			options: {},
		}),
		node(names[4], 'n8n-nodes-base.httpRequest', 4.2, 5, {
			method: 'POST',
			url: sinkUrl,
			sendBody: true,
			specifyBody: 'json',
			jsonBody: `={{ JSON.stringify({ executionId: $execution.id, item: { event: 'reminderDue', reservationId: $json.id, dueAt: DateTime.fromISO($json.reservationTime).minus({ minutes: ${NATIVE_OFFSET_MINUTES} }).toFormat("${LOCAL}"), timeZone: '${NATIVE_RESTAURANT.timeZone}', offset: { minutes: ${NATIVE_OFFSET_MINUTES} } } }) }}`,
			options: {},
		}),
	];
	useCredential(nodes[1], credential);
	const connections = Object.fromEntries(
		names
			.slice(0, -1)
			.map((name, i) => [name, { main: [[{ node: names[i + 1], type: 'main', index: 0 }]] }]),
	);
	return {
		id: NATIVE_WORKFLOW_ID,
		name: 'Native pattern: reminders from Schedule + Get Many + Filter + Remove Duplicates',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes,
		connections,
	};
}

/** The moments the native pattern is meant to send: the restaurant's reminders at its offset. */
export const nativeShare = (expected: ExpectedMoment[]) =>
	expected.filter(
		(e) =>
			e.version.restaurantId === NATIVE_RESTAURANT.id &&
			e.event === 'reminderDue' &&
			e.offsetMinutes === NATIVE_OFFSET_MINUTES,
	);

/** The trigger's items for the same moments, to set beside the native pattern's. */
export function sameShare(items: ReportedItem[], expected: ExpectedMoment[]): ReportedItem[] {
	const bookings = new Set(nativeShare(expected).map((e) => e.reservationId));
	return items.filter(
		(item) =>
			bookings.has(item.reservationId) &&
			item.event === 'reminderDue' &&
			item.moment?.offsetMinutes === NATIVE_OFFSET_MINUTES,
	);
}
