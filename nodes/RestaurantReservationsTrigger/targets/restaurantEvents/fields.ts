/**
 * What the Events watch keeps of a restaurant event (EventDetailsContract, spec 2.9, plus its
 * tickets from the floor layout) and how its items look: `eventId` and `restaurantEvent`.
 */
import { idValue } from '../../../shared/paths';
import { fieldItems } from '../completeList/completeListWatch';
import type { FieldsDescription } from '../completeList/fieldRecords';
import { fieldRecords } from '../completeList/fieldRecords';

export const RESTAURANT_EVENT_RECORDS = fieldRecords({
	// Stored exactly: an update reports their previous values.
	exact: [
		{ name: 'name', kind: 'text' },
		{ name: 'description', kind: 'text' },
		{ name: 'startDate', kind: 'text' },
		{ name: 'endDate', kind: 'text' },
		{ name: 'dates', kind: 'json' },
		{ name: 'isOffline', kind: 'bool' },
		{ name: 'isPublic', kind: 'bool' },
		{ name: 'reservationSettings', kind: 'json' },
		// Read by ID for events not yet over; a finished event's tickets are not read again.
		{ name: 'tickets', kind: 'json', optional: true },
	],
	// Named when they change, with the new value.
	hashed: [
		'promoImage',
		'additionalInfo',
		'reservationHours',
		'openingHours',
		'specialPeriods',
		'depositRules',
	],
	ignored: ['id'],
});

export const RESTAURANT_EVENT_ITEMS = fieldItems('eventId', 'restaurantEvent', idValue);

/** What release 0.1.0 stored, which stored no description: its records are read by this one. */
export const RESTAURANT_EVENTS_OF_010: FieldsDescription = {
	records: 'fields',
	hash: 'h53',
	widths: [5, 2, 2],
	exact: [
		'name:text',
		'description:text',
		'startDate:text',
		'endDate:text',
		'dates:json',
		'isOffline:bool',
		'isPublic:bool',
		'reservationSettings:json',
		'tickets:json?',
	],
	hashed: [
		'promoImage',
		'additionalInfo',
		'reservationHours',
		'openingHours',
		'specialPeriods',
		'depositRules',
	],
	ignored: ['id'],
};
