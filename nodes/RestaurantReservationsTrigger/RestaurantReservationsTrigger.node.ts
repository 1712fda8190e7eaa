/**
 * The Restaurant Reservations Trigger: its parameters (the Watch options and each target's Events
 * come from the registry of watch targets, ./targets); each poll is ./poll/poll.
 */
import type {
	INodeExecutionData,
	INodeProperties,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes, updateDisplayOptions } from 'n8n-workflow';
import { MAX_RANGE_DAYS } from '../shared/dateWindows';
import { searchRestaurants } from '../shared/listSearch/searchRestaurants';
import { getBookingStates } from '../shared/loadOptions/getBookingStates';
import {
	authenticationParameter,
	NODE_CREDENTIALS,
	reservationListFilters,
	restaurantsChoice,
	sortedOptions,
} from '../shared/parameters';
import { pollWatch } from './poll/poll';
import { REQUESTS_AT_ONCE_OPTION } from './poll/requestsAtOnce';
import { MAX_HORIZON_DAYS } from './poll/settings';
import { GUEST_OPTIONS, GUEST_PARAMETERS } from './targets/guests/parameters';
import { MOMENT_PARAMETERS } from './targets/reservations/momentParameters';
import type { WatchTargetDefinition } from './targets';
import { WATCH_TARGETS } from './targets';

const TARGETS = Object.values(WATCH_TARGETS);

/**
 * The Events parameter of one watch target, shown for that target only. Each has its own name, so
 * that a choice made for one target never lingers in another's.
 */
function eventsOf(target: WatchTargetDefinition): INodeProperties {
	return {
		displayName: 'Events',
		name: target.eventsParameter,
		type: 'multiOptions',
		required: true,
		displayOptions: { show: { watch: [target.option.value] } },
		options: [...target.triggerEvents.options],
		default: [...target.triggerEvents.defaults],
		description: target.eventsDescription,
	};
}

/** Shown when reservations, or the guests behind them, are watched. */
const forBookings = { show: { watch: ['reservations', 'guests'] } };

/**
 * What n8n's AI workflow builder is told about Watch: each target's value, the name of its Events
 * parameter and its trigger events, from the registry, and the events it has to add itself.
 */
function watchHint(): string {
	const targets = TARGETS.map(
		({ option, eventsParameter, triggerEvents }) =>
			`'${option.value}' (its Events parameter is ${eventsParameter}: ${triggerEvents.options.map((o) => String(o.value)).join(', ')})`,
	);
	const offByDefault = TARGETS.flatMap(({ triggerEvents }) =>
		triggerEvents.options
			.map((o) => String(o.value))
			.filter((value) => !triggerEvents.defaults.includes(value)),
	);
	return `What starts the workflow; one trigger watches one of: ${targets.join('; ')}. 'events' are the restaurant's own events (special occasions that take bookings), not trigger events. Off by default, so name them in the Events parameter when wanted: ${offByDefault.join(', ')}. For two of them use two triggers.`;
}

export class RestaurantReservationsTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Restaurant Reservations Trigger',
		name: 'restaurantReservationsTrigger',
		icon: {
			light: 'file:../../icons/restaurantReservations.svg',
			dark: 'file:../../icons/restaurantReservations.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["restaurants"] === "all" ? "All restaurants" : "One restaurant"}}',
		description:
			"Starts the workflow when a restaurant's reservations, events or products are created, changed or removed, before and after each visit (reminders, not arrived, visit ended), and for its guests (new, returning, no-show, birthdays)",
		defaults: { name: 'Restaurant Reservations Trigger' },
		builderHint: {
			searchHint:
				"Use to start a workflow when something happens at a restaurant (it polls the reservation platform): Watch 'reservations' for a table booking created, updated, cancelled or changing state (e.g. to seated), and the moments Reminder Due (before each visit), Not Arrived and Visit Ended; Watch 'guests' for a new or returning guest, a no-show, a birthday or anniversary coming; Watch 'events' or 'products' for the restaurant's events and menu catalog. Each change is one item: event (which one fired), restaurantId, reservationId and reservation (the booking as the API gives it: reservationTime in restaurant-local time, groupSize = covers, customerName, phone, email, state, tableNumber), stateRole; updates add changedFields and changes ({ previous, current } per field); guest items add guest, visits, noShows, lastVisit; reminders add dueAt. The first poll only records what exists and starts nothing. To read or change bookings (a day's list and covers, availability, a guest's history, cancelling) use the Restaurant Reservations node instead, with a Schedule Trigger for digests.",
			relatedNodes: [
				{
					nodeType: 'n8n-nodes-restaurant-reservations.restaurantReservations',
					relationHint:
						"Act on the booking that fired: the guest's history, update or cancel it, check availability",
				},
				{
					nodeType: 'n8n-nodes-base.googleSheets',
					relationHint: 'Log each new, changed or cancelled booking as a row',
				},
				{
					nodeType: 'n8n-nodes-base.hubspot',
					relationHint: 'Add a new guest to the CRM as a contact, or update a returning one',
				},
				{
					nodeType: 'n8n-nodes-base.slack',
					relationHint: 'Tell the team about cancellations, no-shows and large parties',
				},
				{
					nodeType: 'n8n-nodes-base.twilio',
					relationHint: 'Text the guest a reminder (Reminder Due) or a thank-you (Visit Ended)',
				},
			],
		},
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: NODE_CREDENTIALS,
		properties: [
			authenticationParameter,
			{
				displayName: 'Watch',
				name: 'watch',
				type: 'options',
				noDataExpression: true,
				options: TARGETS.map((target) => target.option).sort((a, b) =>
					a.name.localeCompare(b.name),
				),
				default: 'reservations',
				description: 'What the trigger watches for changes',
				builderHint: { propertyHint: watchHint() },
			},
			...TARGETS.map(eventsOf),
			...restaurantsChoice({
				all: 'Every restaurant the access token reaches, including ones it reaches later',
				description: 'Which restaurants to watch',
				propertyHint:
					"'one' (the default) needs the Restaurant parameter; 'all' watches every restaurant the credential reaches, including ones added later, with no Restaurant. Every item carries its restaurantId either way.",
			}),
			{
				displayName: 'Look Back (Days)',
				displayOptions: forBookings,
				name: 'lookBackDays',
				type: 'number',
				typeOptions: { minValue: 0, maxValue: MAX_HORIZON_DAYS, numberPrecision: 0 },
				default: 1,
				description:
					"How many days before the start of the current hour (in the restaurant's time zone) the watched period starts",
				builderHint: {
					propertyHint: `Whole days before now that stay watched: a change to a booking older than that is not seen. Keep it at least as long as the staff take to mark a no-show, or Guest No-Show misses it. Look Back plus Look Ahead at most ${MAX_HORIZON_DAYS}.`,
				},
			},
			{
				displayName: 'Look Ahead (Days)',
				displayOptions: forBookings,
				name: 'lookAheadDays',
				type: 'number',
				typeOptions: { minValue: 0, maxValue: MAX_HORIZON_DAYS, numberPrecision: 0 },
				default: 90,
				description: `How many days after the start of the current hour the watched period ends. Look Back plus Look Ahead can be up to ${MAX_HORIZON_DAYS} days; the period is fetched in parts of at most ${MAX_RANGE_DAYS} days.`,
				builderHint: {
					propertyHint: `Whole days, not hours: how far ahead bookings are watched, counted in the restaurant's time zone. A booking further ahead is not seen until it comes within this period, so make it at least as long as the earliest reminder before a visit or the furthest booking the workflow cares about (default 90). Not the polling interval: that is Poll Times. Look Back plus Look Ahead at most ${MAX_HORIZON_DAYS}.`,
				},
			},
			...MOMENT_PARAMETERS,
			...GUEST_PARAMETERS,
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: sortedOptions([
					...updateDisplayOptions({ show: { '/watch': ['reservations'] } }, [
						...reservationListFilters,
						{
							displayName: 'Report Previous Guest Details',
							name: 'keepGuestDetails',
							type: 'boolean',
							default: true,
							description:
								'Whether updates report the previous name, phone, email and special requests too. Without it they report which of these changed and the new values; with it the stored state is about three times larger.',
						},
					]),
					...updateDisplayOptions({ show: { '/watch': ['guests'] } }, GUEST_OPTIONS),
					REQUESTS_AT_ONCE_OPTION,
				]),
			},
		],
	};

	methods = {
		listSearch: { searchRestaurants },
		loadOptions: { getBookingStates },
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollWatch(this);
	}
}
