import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { NORMALIZED_BASE_URL_EXPRESSION } from '../shared/baseUrl';
import { authenticationParameter, NODE_CREDENTIALS } from '../shared/parameters';
import { searchRestaurants } from '../shared/listSearch/searchRestaurants';
import { getBookingStates } from '../shared/loadOptions/getBookingStates';
import { getCancellationReasons } from './loadOptions/getCancellationReasons';
import { getEvents } from './loadOptions/getEvents';
import { getMenus } from './loadOptions/getMenus';
import { getProductGroups } from './loadOptions/getProductGroups';
import { getProducts } from './loadOptions/getProducts';
import { declaredOnce } from './operationHelpers/declaredOnce';
import { declaredProperties } from './resources';

export class RestaurantReservations implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Restaurant Reservations',
		name: 'restaurantReservations',
		icon: {
			light: 'file:../../icons/restaurantReservations.svg',
			dark: 'file:../../icons/restaurantReservations.dark.svg',
		},
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Work with reservations, the menu catalog, events and restaurant information of the restaurant platform',
		defaults: { name: 'Restaurant Reservations' },
		builderHint: {
			searchHint:
				"Use to read or change a restaurant's data on its reservation platform. Reservation: Get Many lists the table bookings of any period (tonight's guest list; covers are the sum of groupSize), Find finds a guest's bookings by name, phone or email, Get Guest History sums up a guest's visits, no-shows and cancellations, Check Availability tells whether a time is bookable for a party and the free times of up to 14 days, Create books a table, Update changes time, party size, table or state (e.g. seated, noShow), Cancel cancels with the restaurant's reason. Walk-ins and waiting-list entries are listed with the Kind filter, never created. Product, Product Group and Menu: the menu catalog and its prices (Create or Update for imports). Event: the restaurant's events and their tickets. Restaurant: profile and time zone, opening hours, booking rules, search by name. Times are the restaurant's local time. To react when a booking is made, changed or cancelled, for reminders, no-shows or new guests, use Restaurant Reservations Trigger instead; for an AI agent or an MCP booking desk, connect this node as a tool.",
			relatedNodes: [
				{
					nodeType: 'n8n-nodes-restaurant-reservations.restaurantReservationsTrigger',
					relationHint:
						'Starts a workflow when bookings, guests, events or products change, and for reminders',
				},
				{
					nodeType: 'n8n-nodes-base.scheduleTrigger',
					relationHint: "Runs it daily for a digest of tomorrow's bookings and covers",
				},
				{
					nodeType: 'n8n-nodes-base.googleSheets',
					relationHint: 'Import menu prices from a sheet, or write booking reports',
				},
				{
					nodeType: '@n8n/n8n-nodes-langchain.agent',
					relationHint: 'Connect this node as a tool for an AI agent that books tables',
				},
				{
					nodeType: '@n8n/n8n-nodes-langchain.mcpTrigger',
					relationHint: "Serves this node's operations as MCP tools: an AI booking desk",
				},
			],
		},
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: NODE_CREDENTIALS,
		requestDefaults: {
			baseURL: NORMALIZED_BASE_URL_EXPRESSION,
			headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
			json: true,
			// Error statuses reach the operations' output steps, which report the API's own message.
			ignoreHttpStatusErrors: true,
		},
		// Each field once for all operations that show it alike: n8n walks every property per item.
		properties: [authenticationParameter, ...declaredOnce(declaredProperties)],
	};

	methods = {
		listSearch: { searchRestaurants },
		loadOptions: {
			getBookingStates,
			getCancellationReasons,
			getEvents,
			getMenus,
			getProductGroups,
			getProducts,
		},
	};
}
