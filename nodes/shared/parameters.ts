/**
 * Parameters both nodes show: Authentication and its credentials, the restaurant picker, the choice
 * of one restaurant or all of them, and the reservation list filters of spec 4.1 (Reservation ›
 * Get Many lists with them, the trigger watches with them).
 */
import type { INodeCredentialDescription, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { AUTHENTICATION, CREDENTIAL_TYPE, CLIENT_CREDENTIALS_TYPE } from './transport';

/** The restaurant, picked from the list loaded from the API (listSearch `searchRestaurants`) or given by ID. */
export const restaurantLocator: INodeProperties = {
	displayName: 'Restaurant',
	name: 'restaurantId',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description:
		'The restaurant to work with. Only restaurants your access token reaches are listed.',
	builderHint: {
		propertyHint:
			"A resource locator of one restaurant. Leave mode 'list' with an empty value for the user to pick (it lists the restaurants the credential reaches), or use mode 'id' with the restaurant's numeric ID as text (e.g. '101', or an expression such as {{ $json.restaurantId }} from an item of this package's nodes). A name is no ID: to find a restaurant by name, use Restaurant › Search first.",
	},
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: { searchListMethod: 'searchRestaurants', searchable: true },
		},
		{
			displayName: 'By ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. 101',
			validation: [
				{
					type: 'regex',
					properties: {
						regex: '^\\d+$',
						errorMessage: 'A restaurant ID is a whole number, e.g. 101',
					},
				},
			],
		},
	],
};

/** The values of the Restaurants choice, as workflows save them. */
export const RESTAURANTS = { one: 'one', all: 'all' } as const;

/**
 * Restaurants (One Restaurant, the default, or All Accessible Restaurants) and, for one, the
 * Restaurant picker: `all` says what All reads, `description` what the choice is for.
 */
export function restaurantsChoice(choice: {
	all: string;
	description: string;
	propertyHint?: string;
}): INodeProperties[] {
	return [
		{
			displayName: 'Restaurants',
			name: 'restaurants',
			type: 'options',
			noDataExpression: true,
			options: [
				{ name: 'All Accessible Restaurants', value: RESTAURANTS.all, description: choice.all },
				{ name: 'One Restaurant', value: RESTAURANTS.one },
			],
			default: 'one', // RESTAURANTS.one, written out for n8n's lint
			description: choice.description,
			...(choice.propertyHint ? { builderHint: { propertyHint: choice.propertyHint } } : {}),
		},
		...updateDisplayOptions({ show: { restaurants: [RESTAURANTS.one] } }, [restaurantLocator]),
	];
}

/**
 * Said where a state is set on a booking (Create, Update). The API lists no states (the spec leaves
 * a reservation's states "not shown"), so the list is the package's own, the sandbox's; the states
 * a restaurant uses can be given by expression. Ends without a period, for the sentence it closes.
 */
export const STATES_NOTE =
	'The API gives no list of states: these are the ones this package knows. For another state of your platform, use an expression';

/** Reservation states a booking can be set to (values chosen by the sandbox, see the README). */
export const RESERVATION_STATES = [
	{ name: 'Arrived', value: 'arrived' },
	{ name: 'Completed', value: 'completed' },
	{ name: 'Confirmed', value: 'confirmed' },
	{ name: 'No-Show', value: 'noShow' },
	{ name: 'Pending', value: 'pending' },
	{ name: 'Seated', value: 'seated' },
];

/**
 * Said wherever states are picked to match bookings (Status, In States): roles match any spelling,
 * the states listed after them are the restaurant's own. Ends without a period.
 */
export const STATE_CHOICE_NOTE =
	'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>. A role (Booked, Arrived or Seated, ...) matches its states in any spelling; the states after the roles are the ones seen in the restaurant\'s recent bookings';

/** A states list loaded from the restaurant's bookings (../shared/loadOptions/getBookingStates). */
export const BOOKING_STATES_OPTIONS = {
	loadOptionsMethod: 'getBookingStates',
	loadOptionsDependsOn: ['restaurantId.value', 'restaurants'],
};

/** Booking kinds (spec 4.1 `kind`; values chosen by the sandbox, see the README). */
export const BOOKING_KINDS = [
	{ name: 'Reservation', value: 'reservation' },
	{ name: 'Waiting List', value: 'waitlist' },
	{ name: 'Walk-In', value: 'walkin' },
];

/** The list filters of spec 4.1 that both Get Many and the trigger offer, worded for both. */
export const reservationListFilters: INodeProperties[] = [
	{
		displayName: 'Include Event Bookings',
		name: 'includeEvents',
		type: 'boolean',
		default: true,
		description: 'Whether to include bookings made for restaurant events',
	},
	{
		displayName: 'Kind',
		name: 'kind',
		type: 'options',
		options: BOOKING_KINDS,
		default: 'reservation',
		description: 'Only bookings of this kind',
	},
	{
		displayName: 'Only Pending',
		name: 'pending',
		type: 'boolean',
		default: true,
		description:
			'Whether to include only bookings that wait for approval (their state means awaiting approval, in any spelling)',
	},
	{
		displayName: 'Status Name or ID',
		name: 'status',
		type: 'options',
		typeOptions: BOOKING_STATES_OPTIONS,
		default: '',
		description: `Only bookings in this state. ${STATE_CHOICE_NOTE}.`,
	},
];

/**
 * How the nodes authenticate: a static access token (the default: every saved workflow runs on
 * unchanged), or OAuth2 client credentials, whose tokens expire and which n8n renews.
 */
export const authenticationParameter: INodeProperties = {
	displayName: 'Authentication',
	name: 'authentication',
	type: 'options',
	noDataExpression: true,
	options: [
		{
			name: 'Access Token',
			value: AUTHENTICATION.accessToken,
			description: 'A bearer token pasted into the credential',
		},
		{
			name: 'OAuth2 (Client Credentials)',
			value: AUTHENTICATION.oAuth2,
			description:
				"A client ID and secret from the restaurant's integration settings; n8n renews the token",
		},
	],
	// AUTHENTICATION.accessToken, written out for n8n's lint.
	default: 'accessToken',
};

/** Each credential for its Authentication. */
export const NODE_CREDENTIALS: INodeCredentialDescription[] = [
	{
		name: CREDENTIAL_TYPE,
		required: true,
		displayOptions: { show: { authentication: [AUTHENTICATION.accessToken] } },
	},
	{
		name: CLIENT_CREDENTIALS_TYPE,
		required: true,
		displayOptions: { show: { authentication: [AUTHENTICATION.oAuth2] } },
	},
];

/** Collection options in alphabetical order of their display names, as n8n lists them. */
export function sortedOptions(options: INodeProperties[]): INodeProperties[] {
	return [...options].sort((a, b) => a.displayName.localeCompare(b.displayName));
}
