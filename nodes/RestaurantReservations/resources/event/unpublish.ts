import { apiOperation, simplify } from '../../shared/routing';
import { checkEventId, EVENT_FIELDS } from './fields';
import { STATUS_URL } from './publish';

export const unpublish = apiOperation({
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
