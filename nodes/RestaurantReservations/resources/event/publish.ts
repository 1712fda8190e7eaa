/** Publish (spec 3, 4.6): the event goes online. */
import { statusFields, statusOperation } from './helpers/status';

export const operation = statusOperation({
	value: 'publish',
	name: 'Publish',
	action: 'Publish an event',
	description: 'Publish a draft event so that guests can book it',
	isOffline: false,
});

export const fields = statusFields;
