/**
 * The workflow of the chaos scenario: the trigger on all accessible restaurants over a 120-day
 * horizon with all four events, polling every 10 seconds (six minute-granular Poll Times entries:
 * n8n's shortest pace, scripts/n8n/pollTimes.ts), and an HTTP Request node that sends each item to
 * the test's sink. The trigger authenticates with the sandbox credential (the staff token) or the
 * one given (the OAuth2 credential: its Authentication is then OAuth2).
 */
import {
	SANDBOX_CREDENTIAL,
	TEN_SECOND_POLL_TIMES,
	TRIGGER_NODE_TYPE,
	useCredential,
	type NodeCredential,
} from '../../../scripts/n8n';

export const CHAOS_WORKFLOW_ID = 'RrChaosTrigger001';
export const TRIGGER_NAME = 'Reservation changed';

/** The horizon: from one day back to 119 days ahead, two 60-day windows per restaurant. */
export const LOOK_BACK_DAYS = 1;
export const LOOK_AHEAD_DAYS = 119;

/** The change events the chaos workflow watches. */
const CHANGE_EVENTS = [
	'reservationCreated',
	'reservationUpdated',
	'reservationCancelled',
	'reservationStateChanged',
];

/**
 * The moments of the chaos scenario (issue 24): short enough that the moment driver's bookings fall
 * due within a run, and the same numbers for the trigger and for the ledger's expectations.
 */
export const CHAOS_MOMENTS = {
	reminderOffsetsMinutes: [90, 30],
	notArrivedMinutes: 5,
	visitLengthMinutes: 4,
	visitEndedDelayMinutes: 1,
	/** The node's default states: booked (reminders, not arrived) and came (visit ended). */
	bookedStates: ['pending', 'confirmed'],
	cameStates: ['arrived', 'seated', 'completed'],
};

/** The chaos trigger with the three moment events as well as the change events. */
export const WITH_MOMENTS: TriggerOverrides = {
	events: [...CHANGE_EVENTS, 'reminderDue', 'notArrived', 'visitEnded'],
	reminderOffsets: {
		offset: CHAOS_MOMENTS.reminderOffsetsMinutes.map((amount) => ({ amount, unit: 'minutes' })),
	},
	notArrivedMinutes: CHAOS_MOMENTS.notArrivedMinutes,
	visitEndedAt: 'delay',
	visitEndedDelayMinutes: CHAOS_MOMENTS.visitEndedDelayMinutes,
	visitLengthMinutes: CHAOS_MOMENTS.visitLengthMinutes,
};

/** Trigger parameters other than the chaos scenario's (e.g. one restaurant and a 365-day horizon). */
export type TriggerOverrides = Record<string, unknown>;

export function chaosWorkflow(
	sinkUrl: string,
	overrides: TriggerOverrides = {},
	id = CHAOS_WORKFLOW_ID,
	credential: NodeCredential = SANDBOX_CREDENTIAL,
): Record<string, unknown> {
	const trigger: Record<string, unknown> = {
		id: 'c0a1b2c3-0000-4000-8000-000000000001',
		name: TRIGGER_NAME,
		type: TRIGGER_NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: {
			pollTimes: TEN_SECOND_POLL_TIMES,
			events: CHANGE_EVENTS,
			restaurants: 'all',
			lookBackDays: LOOK_BACK_DAYS,
			lookAheadDays: LOOK_AHEAD_DAYS,
			options: {},
			...overrides,
		},
	};
	useCredential(trigger, credential);
	return {
		id,
		name: 'Chaos: every reservation change to the sink',
		active: false,
		settings: {
			executionOrder: 'v1',
			saveDataSuccessExecution: 'all',
			saveDataErrorExecution: 'all',
		},
		nodes: [
			trigger,
			{
				id: 'c0a1b2c3-0000-4000-8000-000000000002',
				name: 'Send to the sink',
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.2,
				position: [240, 0],
				parameters: {
					method: 'POST',
					url: sinkUrl,
					sendBody: true,
					specifyBody: 'json',
					jsonBody: '={{ JSON.stringify({ executionId: $execution.id, item: $json }) }}',
					options: {},
				},
			},
		],
		connections: {
			[TRIGGER_NAME]: { main: [[{ node: 'Send to the sink', type: 'main', index: 0 }]] },
		},
	};
}

export const GUESTS_WORKFLOW_ID = 'RrChaosGuests0001';
export const GUESTS_TRIGGER_NAME = 'Guest event';

/**
 * The second trigger of a chaos run that also watches guests (issue 32): Watch: Guests on every
 * restaurant over the chaos trigger's period, New Guest, Returning Guest and Guest No-Show, every
 * item to its own sink. It authenticates with `credential` (another token kind than the chaos
 * trigger's, so that the sandbox's log tells the two pollers apart).
 */
export function guestsWorkflow(
	sinkUrl: string,
	credential: NodeCredential,
): Record<string, unknown> {
	const workflow = chaosWorkflow(
		sinkUrl,
		{
			watch: 'guests',
			events: undefined,
			guestEvents: ['newGuest', 'returningGuest', 'guestNoShow'],
			guestHistoryDays: 30,
		},
		GUESTS_WORKFLOW_ID,
		credential,
	) as {
		name: string;
		nodes: Array<Record<string, unknown>>;
		connections: Record<string, unknown>;
	};
	workflow.name = 'Chaos: every guest event to the sink';
	workflow.nodes[0].name = GUESTS_TRIGGER_NAME;
	workflow.nodes[0].id = 'c0a1b2c3-0000-4000-8000-000000000011';
	workflow.nodes[1].id = 'c0a1b2c3-0000-4000-8000-000000000012';
	workflow.connections = { [GUESTS_TRIGGER_NAME]: workflow.connections[TRIGGER_NAME] };
	return workflow;
}
