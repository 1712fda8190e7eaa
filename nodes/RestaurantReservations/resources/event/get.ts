import type { INodeProperties } from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { simplifyOption } from '../../operationHelpers/descriptions';
import { apiOperation, simplify } from '../../operationHelpers/routing';
import { checkEventId } from './helpers/body';
import { EVENT_FIELDS, eventIdField } from './helpers/fields';

export const operation = apiOperation({
	value: 'get',
	name: 'Get',
	action: 'Get an event',
	description: 'Get an event with its schedule, booking settings and tickets',
	method: 'GET',
	url: routingUrl('event'),
	preSend: [checkEventId],
	postReceive: [simplify(EVENT_FIELDS)],
});

export const fields: INodeProperties[] = [
	restaurantLocator,
	eventIdField,
	simplifyOption(EVENT_FIELDS),
];
