/** Publish (spec 3, 4.6): PUT /events/{id}/status?isOffline=false, or /status/system for automatic switching. */
import type { INodeProperties } from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrlChoice } from '../../../shared/paths';
import { simplifyOption } from '../../shared/descriptions';
import { apiOperation, simplify } from '../../shared/routing';
import { checkEventId } from './body';
import { EVENT_FIELDS, eventIdField, statusOptionsField } from './fields';

/** The status path of Publish and Unpublish: the system's when System Change is on. */
export const STATUS_URL = routingUrlChoice(
	"$parameter.statusOptions.systemChange ? 'system' : 'user'",
	{
		user: 'eventStatus',
		system: 'eventSystemStatus',
	},
);

export const operation = apiOperation({
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

export const fields: INodeProperties[] = [
	restaurantLocator,
	eventIdField,
	statusOptionsField,
	simplifyOption(EVENT_FIELDS),
];
