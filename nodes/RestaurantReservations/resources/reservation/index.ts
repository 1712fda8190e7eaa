/** Reservation: create, read, list over any period, update and cancel bookings (spec 4.1). */
import { resourceDescription } from '../../shared/descriptions';
import * as cancel from './cancel';
import * as create from './create';
import * as get from './get';
import * as getMany from './getMany';
import * as update from './update';

export const reservationDescription = resourceDescription('reservation', 'create', [
	cancel,
	create,
	get,
	getMany,
	update,
]);
