/** Publish (spec 3, 4.6): PUT /events/{id}/status?isOffline=false, or /status/system for automatic switching. */
import type { INodeProperties } from 'n8n-workflow';
import { apiOperation, simplify } from '../../shared/routing';
import { checkEventId, EVENT_FIELDS, EVENT_PATH } from './fields';

export const STATUS_URL = `=${EVENT_PATH}/status{{ $parameter.statusOptions.systemChange ? '/system' : '' }}`;

export const publish = apiOperation({
	value: 'publish',
	name: 'Publish',
	action: 'Publish an event',
	description: 'Publish a draft event so that guests can book it',
	method: 'PUT',
	url: STATUS_URL,
	qs: { isOffline: false },
	preSend: [checkEventId],
	noBody: true,
	postReceive: [simplify(EVENT_FIELDS)],
});

export const statusFields: INodeProperties[] = [
	{
		displayName: 'Options',
		name: 'statusOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { resource: ['event'], operation: ['publish', 'unpublish'] } },
		options: [
			{
				displayName: 'System Change',
				name: 'systemChange',
				type: 'boolean',
				default: false,
				description: 'Whether to record the change as made by the system (automatic switching) rather than by a user',
			},
		],
	},
];
