import type { INodeProperties } from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { returnAllAndLimit } from '../../operationHelpers/descriptions';
import { apiOperation, pageBySkipTake } from '../../operationHelpers/routing';

export const operation = apiOperation({
	value: 'getAuditLog',
	name: 'Get Change Log',
	action: 'Get the change log of a restaurant',
	description: 'Get the changes made to a restaurant, newest first',
	method: 'GET',
	url: routingUrl('auditLog'),
	pagination: pageBySkipTake(),
});

export const fields: INodeProperties[] = [restaurantLocator, ...returnAllAndLimit];
