import type { INodeProperties } from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { simplifyOption } from '../../shared/descriptions';
import { apiOperation, simplify } from '../../shared/routing';
import { checkEventId } from './body';
import { EVENT_FIELDS, eventIdField, statusOptionsField } from './fields';
import { STATUS_URL } from './publish';

export const operation = apiOperation({
	value: 'unpublish',
	name: 'Unpublish',
	action: 'Unpublish an event',
	description: 'Switch an event off: it becomes a draft again',
	method: 'PUT',
	url: STATUS_URL,
	qs: { isOffline: true },
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
