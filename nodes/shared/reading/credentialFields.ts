/**
 * The fields both credentials have: the base URL and the reading settings, by the names they are
 * saved under in n8n's credentials (never rename them); the reading settings are read by ./context.
 */
import type { INodeProperties } from 'n8n-workflow';

export const BOOKING_STATES_FIELD = 'bookingStates';
export const TIME_ZONE_FIELD = 'restaurantTimeZone';

export const BASE_URL_PROPERTY: INodeProperties = {
	displayName: 'Base URL',
	name: 'baseUrl',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. https://api.example.com',
	description:
		'Address of the API: only the scheme and host are needed. A pasted endpoint URL (anything from /api/ on) or a trailing slash is fine, it is stripped.',
};

export const BOOKING_STATES_PROPERTY: INodeProperties = {
	displayName: 'Booking States',
	name: BOOKING_STATES_FIELD,
	type: 'string',
	typeOptions: { rows: 2 },
	default: '',
	placeholder: 'e.g. Walked = arrived, LEFT_MESSAGE = booked',
	description:
		'Only for states the nodes cannot place (Restaurant › Check Booking Data names them): "state = role" entries separated by commas, with the roles awaitingApproval, booked, arrived, finished, noShow, cancelled. States are otherwise read by their meaning in any spelling (Confirmed, CONFIRMED, Canceled, NO_SHOW ...). Used by every node and AI tool with this credential.',
};

export const TIME_ZONE_PROPERTY: INodeProperties = {
	displayName: 'Restaurant Time Zone',
	name: TIME_ZONE_FIELD,
	type: 'string',
	default: '',
	placeholder: 'e.g. Europe/Berlin',
	description:
		'Only when the API gives a restaurant no time zone the nodes can read (IANA names and Windows zone names such as "W. Europe Standard Time" are read), or only a fixed offset such as UTC+01:00, which knows no clock change: the zone its booking times are read in. Leave empty otherwise.',
};
