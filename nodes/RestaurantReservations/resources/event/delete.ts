import type { INodeProperties } from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { apiOperation, returnDeleted } from '../../operationHelpers/routing';
import { checkEventId } from './helpers/body';
import { eventIdField } from './helpers/fields';

export const operation = apiOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete an event',
	description: 'Delete a restaurant event',
	method: 'DELETE',
	url: routingUrl('event'),
	preSend: [checkEventId],
	postReceive: [returnDeleted],
});

export const fields: INodeProperties[] = [restaurantLocator, eventIdField];
