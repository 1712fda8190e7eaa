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
	restaurantLocator,
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
			},
			...TARGETS.map(eventsOf),
			{
				displayName: 'Restaurants',
				name: 'restaurants',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'All Accessible Restaurants',
						value: 'all',
						description:
							'Every restaurant the access token reaches, including ones it reaches later',
					},
					{ name: 'One Restaurant', value: 'one' },
				],
				default: 'one',
				description: 'Which restaurants to watch',
			},
			...updateDisplayOptions({ show: { restaurants: ['one'] } }, [restaurantLocator]),
			{
				displayName: 'Look Back (Days)',
				displayOptions: forBookings,
				name: 'lookBackDays',
				type: 'number',
				typeOptions: { minValue: 0, maxValue: MAX_HORIZON_DAYS, numberPrecision: 0 },
				default: 1,
				description:
					"How many days before the start of the current hour (in the restaurant's time zone) the watched period starts",
			},
			{
				displayName: 'Look Ahead (Days)',
				displayOptions: forBookings,
				name: 'lookAheadDays',
				type: 'number',
				typeOptions: { minValue: 0, maxValue: MAX_HORIZON_DAYS, numberPrecision: 0 },
				default: 90,
				description: `How many days after the start of the current hour the watched period ends. Look Back plus Look Ahead can be up to ${MAX_HORIZON_DAYS} days; the period is fetched in parts of at most ${MAX_RANGE_DAYS} days.`,
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
