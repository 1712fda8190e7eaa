import { apiOperation, returnDeleted } from '../../shared/routing';
import { checkEventId, EVENT_PATH } from './fields';

export const remove = apiOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete an event',
	description: 'Delete a restaurant event',
	method: 'DELETE',
	url: `=${EVENT_PATH}`,
	preSend: [checkEventId],
	postReceive: [returnDeleted],
});
