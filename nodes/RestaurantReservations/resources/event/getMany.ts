import type { INodeProperties } from 'n8n-workflow';
import { apiOperation, applyLimit, simplify, splitArray } from '../../shared/routing';
import { EVENT_FIELDS, EVENTS_PATH } from './fields';

const show = { resource: ['event'], operation: ['getAll'] };

export const getMany = apiOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many events',
	description: 'List all, active, past or draft events of a restaurant',
	method: 'GET',
	url: `=${EVENTS_PATH}{{ $parameter.list === 'all' ? '' : '/' + $parameter.list }}`,
	postReceive: [splitArray, applyLimit, simplify(EVENT_FIELDS)],
});

export const getManyFields: INodeProperties[] = [
	{
		displayName: 'List',
		name: 'list',
		type: 'options',
		options: [
			{ name: 'Active', value: 'active', description: 'Published events that are not over, running ones included' },
			{ name: 'All', value: 'all', description: 'Every event of the restaurant' },
			{ name: 'Draft', value: 'draft', description: 'Unpublished events' },
			{ name: 'Past', value: 'past', description: 'Events that are over' },
		],
		default: 'all',
		description: 'Which events to list',
		displayOptions: { show },
	},
];
