/**
 * The parameters of the moment events (Reminder Due, Not Arrived, Visit Ended), each shown once
 * its event is chosen, read into the settings of ./moments, and checked against the horizon: a
 * moment outside the watched period could never fire, so the node says which day count to raise.
 *
 * The API lists no reservation states (the spec leaves them "not shown"): In States offers the roles,
 * which match a state in any spelling, and the states seen in the restaurant's bookings
 * (../../../shared/loadOptions/getBookingStates).
 */
import type { INodeProperties, IPollFunctions } from 'n8n-workflow';
import { configurationError } from '../../../shared/errors';
import { BOOKING_STATES_OPTIONS, STATE_CHOICE_NOTE } from '../../../shared/parameters';
import { chosenValues } from '../../../shared/reading/vocabulary';
import { MOMENT_EVENTS } from './moments';
import type { MomentSettings, ReminderOffset } from './momentSettings';

/** Roles (../../../shared/reading/stateOptions): awaiting approval and booked; arrived or seated and finished. */
const BOOKED = ['pending', 'confirmed'];
const CAME = ['arrived', 'completed'];
const UNIT_MINUTES = { minutes: 1, hours: 60, days: 1440 } as const;
type Unit = keyof typeof UNIT_MINUTES;

const shownFor = (event: string, watch = 'reservations') => ({
	show: { watch: [watch], events: [event] },
});

function statesParameter(name: string, event: string, defaults: string[], description: string) {
	return {
		displayName: 'In State Names or IDs',
		name,
		type: 'multiOptions',
		typeOptions: BOOKING_STATES_OPTIONS,
		default: [...defaults],
		displayOptions: shownFor(event),
		description: `${description}. ${STATE_CHOICE_NOTE}.`,
	} satisfies INodeProperties;
}

export const MOMENT_PARAMETERS: INodeProperties[] = [
	{
		displayName: 'Remind Before the Visit',
		name: 'reminderOffsets',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Reminder',
		default: {
			offset: [
				{ amount: 24, unit: 'hours' },
				{ amount: 2, unit: 'hours' },
			],
		},
		displayOptions: shownFor(MOMENT_EVENTS.reminderDue),
		description:
			'When each reminder falls due, before the reservation time (restaurant time). Each fires once per booking, at the first poll at or after its moment.',
		options: [
			{
				displayName: 'Reminder',
				name: 'offset',
				values: [
					{
						displayName: 'Amount',
						name: 'amount',
						type: 'number',
						default: 2,
						typeOptions: { minValue: 1 },
					},
					{
						displayName: 'Unit',
						name: 'unit',
						type: 'options',
						options: [
							{ name: 'Minutes', value: 'minutes' },
							{ name: 'Hours', value: 'hours' },
							{ name: 'Days', value: 'days' },
						],
						default: 'hours',
					},
				],
			},
		],
	},
	statesParameter(
		'reminderStates',
		MOMENT_EVENTS.reminderDue,
		BOOKED,
		'Remind only bookings in these states when the reminder falls due (a cancelled booking is never reminded)',
	),
	{
		displayName: 'Remind Even After the Visit Began',
		name: 'keepLateReminders',
		type: 'boolean',
		default: false,
		displayOptions: shownFor(MOMENT_EVENTS.reminderDue),
		description:
			'Whether a reminder that could not fire in time (n8n down, the workflow inactive) still fires once the visit has begun. Off: it is dropped.',
	},
	{
		displayName: 'Send Missed Reminders at First Activation',
		name: 'remindMissedAtFirstActivation',
		type: 'boolean',
		default: false,
		displayOptions: shownFor(MOMENT_EVENTS.reminderDue),
		description:
			'Whether the bookings whose reminder time had already passed when the trigger first polled their restaurant still get one reminder (the one nearest the visit), as long as the visit has not begun. They are sent at the poll after that first one. Off: the first activation only takes note of the bookings, and reminders start with the next ones that fall due.',
		hint: 'Only at the first activation (or a restaurant new to the trigger): not after a change of the watched restaurants or filters, which may have been reminded already',
	},
	{
		displayName: 'Not Arrived After (Minutes)',
		name: 'notArrivedMinutes',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 15,
		displayOptions: shownFor(MOMENT_EVENTS.notArrived),
		description: 'How long after the reservation time a booking that is still expected is reported',
	},
	statesParameter(
		'expectedStates',
		MOMENT_EVENTS.notArrived,
		BOOKED,
		'The states that mean booked but not arrived: a booking still in one of them is reported',
	),
	{
		displayName: 'Visit Ended: Fire',
		name: 'visitEndedAt',
		type: 'options',
		options: [
			{ name: 'A Delay After the Visit', value: 'delay' },
			{ name: 'The Next Day at a Time', value: 'nextDay' },
		],
		default: 'delay',
		displayOptions: shownFor(MOMENT_EVENTS.visitEnded),
		description:
			"When the follow-up fires: a delay after the visit's end, or the next morning (restaurant time)",
	},
	{
		displayName: 'Delay (Minutes)',
		name: 'visitEndedDelayMinutes',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 60,
		displayOptions: {
			show: { ...shownFor(MOMENT_EVENTS.visitEnded).show, visitEndedAt: ['delay'] },
		},
	},
	{
		displayName: 'Time of Day',
		name: 'visitEndedTimeOfDay',
		type: 'string',
		default: '10:00',
		placeholder: 'e.g. 10:00',
		displayOptions: {
			show: { ...shownFor(MOMENT_EVENTS.visitEnded).show, visitEndedAt: ['nextDay'] },
		},
		description: "HH:mm in the restaurant's time zone, on the day after the visit ended",
	},
	{
		displayName: 'Visit Length (Minutes)',
		name: 'visitLengthMinutes',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 120,
		displayOptions: shownFor(MOMENT_EVENTS.visitEnded),
		description: "A visit's length when its booking has no estimated turnover time",
	},
	statesParameter(
		'cameStates',
		MOMENT_EVENTS.visitEnded,
		CAME,
		'Follow up only bookings in these states (those that mean the guest came)',
	),
];

interface OffsetParameter {
	amount: number;
	unit: Unit;
}

const fail = (context: IPollFunctions, message: string, description?: string): never => {
	throw configurationError(context.getNode(), message, { description });
};

function readOffsets(context: IPollFunctions): ReminderOffset[] {
	const parameter = context.getNodeParameter('reminderOffsets', {}) as {
		offset?: OffsetParameter[];
	};
	const offsets = (parameter.offset ?? []).map(({ amount, unit }) => {
		if (!Number.isInteger(amount) || amount < 1 || !(unit in UNIT_MINUTES))
			fail(
				context,
				`Remind Before the Visit: "${amount} ${unit}" is not a whole number of minutes, hours or days`,
			);
		return {
			minutes: amount * UNIT_MINUTES[unit],
			label: `${amount} ${amount === 1 ? unit.slice(0, -1) : unit}`,
		};
	});
	if (offsets.length === 0)
		fail(
			context,
			'Add at least one reminder under Remind Before the Visit, or leave Reminder Due out of Events',
		);
	return offsets;
}

function readTimeOfDay(context: IPollFunctions): string {
	const text = String(context.getNodeParameter('visitEndedTimeOfDay', '10:00')).trim();
	const match = /^(\d{1,2}):(\d{2})$/.exec(text);
	if (!match || Number(match[1]) > 23 || Number(match[2]) > 59)
		fail(
			context,
			`Time of Day "${text}" is not a time HH:mm`,
			'Give the time as 24-hour HH:mm, e.g. 10:00.',
		);
	return `${match![1].padStart(2, '0')}:${match![2]}`;
}

/** A list of states; an expression may give them as one comma-separated text. */
function states(context: IPollFunctions, name: string, defaults: string[]): Set<string> {
	return new Set(chosenValues(context.getNodeParameter(name, defaults)));
}

/** The moment settings of the chosen events (defaults for the others, which are never read). */
export function readMomentSettings(
	context: IPollFunctions,
	events: ReadonlySet<string>,
): MomentSettings {
	const after =
		context.getNodeParameter('visitEndedAt', 'delay') === 'nextDay'
			? { nextDayAt: events.has(MOMENT_EVENTS.visitEnded) ? readTimeOfDay(context) : '10:00' }
			: { minutes: Number(context.getNodeParameter('visitEndedDelayMinutes', 60)) };
	return {
		reminders: {
			offsets: events.has(MOMENT_EVENTS.reminderDue) ? readOffsets(context) : [],
			states: states(context, 'reminderStates', BOOKED),
			keepLate: context.getNodeParameter('keepLateReminders', false) === true,
			missedAtFirstActivation:
				context.getNodeParameter('remindMissedAtFirstActivation', false) === true,
		},
		notArrived: {
			graceMinutes: Number(context.getNodeParameter('notArrivedMinutes', 15)),
			states: states(context, 'expectedStates', BOOKED),
		},
		visitEnded: {
			after,
			defaultLengthMinutes: Number(context.getNodeParameter('visitLengthMinutes', 120)),
			states: states(context, 'cameStates', CAME),
		},
	};
}

const HOUR = 60;

/**
 * The watched period must hold every chosen moment: a booking is listed from Look Back days before
 * the start of the current hour to Look Ahead days after it.
 */
export function checkHorizonHoldsMoments(
	context: IPollFunctions,
	moments: MomentSettings,
	events: ReadonlySet<string>,
	horizon: { lookBackDays: number; lookAheadDays: number },
): void {
	const days = (minutes: number) => Math.ceil(minutes / 1440);
	if (events.has(MOMENT_EVENTS.reminderDue)) {
		const largest = Math.max(...moments.reminders.offsets.map((o) => o.minutes));
		const needed = days(largest + HOUR);
		if (horizon.lookAheadDays < needed)
			fail(
				context,
				`Look Ahead (Days) is ${horizon.lookAheadDays}, too short for a reminder ${largest / HOUR} hours before the visit: set it to at least ${needed}`,
			);
	}
	const after: number[] = [];
	if (events.has(MOMENT_EVENTS.notArrived)) after.push(moments.notArrived.graceMinutes);
	if (events.has(MOMENT_EVENTS.visitEnded)) {
		const { after: when, defaultLengthMinutes } = moments.visitEnded;
		// The longest a visit may last is not known; the default length and the delay are what the user sets.
		after.push(defaultLengthMinutes + ('minutes' in when ? when.minutes : 2 * 1440));
	}
	if (after.length === 0) return;
	// The period ends at the start of Look Ahead's hour: 0 would leave out the bookings of this hour.
	if (horizon.lookAheadDays < 1)
		fail(
			context,
			'Look Ahead (Days) is 0, which leaves out the bookings of the current hour, so Not Arrived and Visit Ended would miss them: set it to at least 1',
		);
	const needed = days(Math.max(...after) + HOUR);
	if (horizon.lookBackDays < needed)
		fail(
			context,
			`Look Back (Days) is ${horizon.lookBackDays}, too short for the follow-ups chosen (up to ${Math.round(Math.max(...after) / HOUR)} hours after a visit starts): set it to at least ${needed}`,
		);
}
