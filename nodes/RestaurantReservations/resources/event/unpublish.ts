/** Unpublish (spec 3, 4.6): the event is switched off and becomes a draft again. */
import { statusFields, statusOperation } from './helpers/status';

export const operation = statusOperation({
	value: 'unpublish',
	name: 'Unpublish',
	action: 'Unpublish an event',
	description: 'Switch an event off: it becomes a draft again',
	isOffline: true,
});

export const fields = statusFields;
