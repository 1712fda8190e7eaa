import { apiOperation, simplify } from '../../shared/routing';
import { checkEventId, EVENT_FIELDS, EVENT_PATH } from './fields';

export const get = apiOperation({
	value: 'get',
	name: 'Get',
	action: 'Get an event',
	description: 'Get an event with its schedule, booking settings and tickets',
	method: 'GET',
	url: `=${EVENT_PATH}`,
	preSend: [checkEventId],
	postReceive: [simplify(EVENT_FIELDS)],
});
