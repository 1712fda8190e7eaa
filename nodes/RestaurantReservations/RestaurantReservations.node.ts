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
