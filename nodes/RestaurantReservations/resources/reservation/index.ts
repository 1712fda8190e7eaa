/** Reservation: create, read, list over any period, find a guest's, a guest's history, check availability, update, cancel (spec 4.1). */
import { resourceDescription } from '../../operationHelpers/descriptions';
import * as cancel from './cancel';
import * as checkAvailability from './checkAvailability';
import * as create from './create';
import * as find from './find';
import * as get from './get';
import * as getGuestHistory from './getGuestHistory';
import * as getMany from './getMany';
import * as update from './update';

export const reservationDescription = resourceDescription('reservation', 'create', [
	cancel,
	checkAvailability,
	create,
	find,
	get,
	getGuestHistory,
	getMany,
	update,
]);
