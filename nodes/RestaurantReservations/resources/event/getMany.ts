import type { INodeProperties } from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrlChoice } from '../../../shared/paths';
import { returnAllAndLimit, simplifyOption } from '../../operationHelpers/descriptions';
import { apiOperation, applyLimit, simplify, splitArray } from '../../operationHelpers/routing';
import { EVENT_FIELDS } from './helpers/fields';

export const operation = apiOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many events',
	description: 'List all, active, past or draft events of a restaurant',
	method: 'GET',
	url: routingUrlChoice('$parameter.list', {
		all: 'events',
		active: 'activeEvents',
		past: 'pastEvents',
		draft: 'draftEvents',
	}),
	postReceive: [splitArray, applyLimit, simplify(EVENT_FIELDS)],
});

export const fields: INodeProperties[] = [
	restaurantLocator,
	{
		displayName: 'List',
		name: 'list',
		type: 'options',
		options: [
			{
				name: 'Active',
				value: 'active',
				description: 'Published events that are not over, running ones included',
			},
			{ name: 'All', value: 'all', description: 'Every event of the restaurant' },
			{ name: 'Draft', value: 'draft', description: 'Unpublished events' },
			{ name: 'Past', value: 'past', description: 'Events that are over' },
		],
		default: 'all',
		description: 'Which events to list',
	},
	...returnAllAndLimit,
	simplifyOption(EVENT_FIELDS),
];
