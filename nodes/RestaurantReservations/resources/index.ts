/**
 * The node's parameters as each operation declares them: the Resource selector, then every
 * resource's Operation selector and the fields of each of its operations, shown only for it. The
 * node declares them through ../operationHelpers/declaredOnce.
 */
import type { INodeProperties } from 'n8n-workflow';
import { eventDescription } from './event';
import { menuDescription } from './menu';
import { productDescription } from './product';
import { productGroupDescription } from './productGroup';
import { reservationDescription } from './reservation';
import { restaurantDescription } from './restaurant';

export const declaredProperties: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Event', value: 'event' },
			{ name: 'Menu', value: 'menu' },
			{ name: 'Product', value: 'product' },
			{ name: 'Product Group', value: 'productGroup' },
			{ name: 'Reservation', value: 'reservation' },
			{ name: 'Restaurant', value: 'restaurant' },
		],
		default: 'reservation',
	},
	...reservationDescription,
	...restaurantDescription,
	...productGroupDescription,
	...productDescription,
	...menuDescription,
	...eventDescription,
];
