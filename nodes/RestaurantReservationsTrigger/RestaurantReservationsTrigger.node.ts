/**
 * The Restaurant Reservations Trigger: its parameters (the events come from ./reservationEvents);
 * each poll is ./poll.
 */
import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes, updateDisplayOptions } from 'n8n-workflow';
import { MAX_RANGE_DAYS } from '../shared/dateWindows';
import { searchRestaurants } from '../shared/listSearch/searchRestaurants';
import { reservationListFilters, restaurantLocator, sortedOptions } from '../shared/parameters';
import { CREDENTIAL_TYPE } from '../shared/transport';
import { pollReservations } from './poll';
import { RESERVATION_EVENTS } from './reservationEvents';
import { MAX_HORIZON_DAYS } from './settings';

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
			'Starts the workflow when reservations are created, updated, cancelled or change state',
		defaults: { name: 'Restaurant Reservations Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		properties: [
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				required: true,
				options: [...RESERVATION_EVENTS.options],
				default: [...RESERVATION_EVENTS.defaults],
				description:
					'The changes that start the workflow. Each changed reservation gives one item per poll, with the most specific chosen event.',
			},
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
				name: 'lookBackDays',
				type: 'number',
				typeOptions: { minValue: 0, maxValue: MAX_HORIZON_DAYS, numberPrecision: 0 },
				default: 1,
				description:
					"How many days before now (in the restaurant's time zone) the watched period starts",
			},
			{
				displayName: 'Look Ahead (Days)',
				name: 'lookAheadDays',
				type: 'number',
				typeOptions: { minValue: 0, maxValue: MAX_HORIZON_DAYS, numberPrecision: 0 },
				default: 90,
				description: `How many days after now the watched period ends. Look Back plus Look Ahead can be up to ${MAX_HORIZON_DAYS} days; the period is fetched in parts of at most ${MAX_RANGE_DAYS} days.`,
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: sortedOptions([
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
			},
		],
	};

	methods = {
		listSearch: { searchRestaurants },
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollReservations(this);
	}
}
