/** The records of the Reservations watch as the tests expect this release to describe them. */
import { reservationDescription } from '../../nodes/RestaurantReservationsTrigger/targets/reservations/layout';

/**
 * What this release's records of the Reservations watch hold, as their description says (with the
 * previous guest details as hashes or as values): what the tests expect it to store.
 */
export const reservationRecords = (guestDetailsAs: 'hash' | 'value') => ({
	records: 'reservation',
	hash: 'h53',
	reading: 2,
	widths: [5, 2, 2],
	exact: [
		...['reservationTime:time', 'groupSize:int', 'tableNumber:text'],
		...['state:state', 'eventId:int'],
	],
	guestDetails: ['customerName', 'phone', 'email', 'specialRequests'],
	guestDetailsAs,
	ignored: ['id', 'updatedAt', 'lastUpdatedBy', 'viewed', 'businessDate'],
});

/** The snapshot of a Berlin restaurant with no records yet, described as this release does. */
export const EMPTY_BERLIN_SNAPSHOT = {
	timeZone: 'Europe/Berlin',
	horizonFrom: '',
	horizonTo: '',
	serverTime: 0,
	records: '',
	description: reservationDescription(false),
};
