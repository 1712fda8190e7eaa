/**
 * Publish and Unpublish (spec 3, 4.6): one request, PUT /events/{id}/status?isOffline=…, or
 * /status/system for automatic switching; they differ only in the flag and their words.
 */
import type { INodeProperties } from 'n8n-workflow';
import { restaurantLocator } from '../../../../shared/parameters';
import { routingUrlChoice } from '../../../../shared/paths';
import { simplifyOption } from '../../../operationHelpers/descriptions';
import { apiOperation, simplify } from '../../../operationHelpers/routing';
import { checkEventId } from './body';
import { EVENT_FIELDS, eventIdField, statusOptionsField } from './fields';

/** The status path: the system's when System Change is on. */
const STATUS_URL = routingUrlChoice("$parameter.statusOptions.systemChange ? 'system' : 'user'", {
	user: 'eventStatus',
	system: 'eventSystemStatus',
});

interface StatusOperation {
	value: string;
	name: string;
	action: string;
	description: string;
	isOffline: boolean;
}

export const statusOperation = ({ isOffline, ...names }: StatusOperation) =>
	apiOperation({
		...names,
		method: 'PUT',
		url: STATUS_URL,
		qs: { isOffline },
		preSend: [checkEventId],
		noBody: true,
		postReceive: [simplify(EVENT_FIELDS)],
	});

export const statusFields: INodeProperties[] = [
	restaurantLocator,
	eventIdField,
	statusOptionsField,
	simplifyOption(EVENT_FIELDS),
];
