import type {
	IAuthenticateGeneric,
	ICredentialTestRequest,
	ICredentialType,
	Icon,
	INodeProperties,
} from 'n8n-workflow';

import { NORMALIZED_BASE_URL_EXPRESSION } from '../nodes/shared/baseUrl';
import { BOOKING_STATES_FIELD, TIME_ZONE_FIELD } from '../nodes/shared/reading/credentialFields';

export class RestaurantReservationsApi implements ICredentialType {
	name = 'restaurantReservationsApi';

	displayName = 'Restaurant Reservations API';

	icon: Icon = {
		light: 'file:../icons/restaurantReservations.svg',
		dark: 'file:../icons/restaurantReservations.dark.svg',
	};

	documentationUrl =
		'https://github.com/restaurant-reservations/n8n-nodes-restaurant-reservations#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. https://api.example.com',
			description:
				'Address of the API: only the scheme and host are needed. A pasted endpoint URL (anything from /api/ on) or a trailing slash is fine, it is stripped.',
		},
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description: 'Bearer token issued by the restaurant platform (staff, partner or vendor)',
		},
		{
			displayName: 'Booking States',
			name: BOOKING_STATES_FIELD,
			type: 'string',
			typeOptions: { rows: 2 },
			default: '',
			placeholder: 'e.g. Walked = arrived, LEFT_MESSAGE = booked',
			description:
				'Only for states the nodes cannot place (Restaurant › Check Booking Data names them): "<state> = <role>" entries separated by commas, with the roles awaitingApproval, booked, arrived, finished, noShow, cancelled. States are otherwise read by their meaning in any spelling (Confirmed, CONFIRMED, Canceled, NO_SHOW ...). Used by every node and AI tool with this credential.',
		},
		{
			displayName: 'Restaurant Time Zone',
			name: TIME_ZONE_FIELD,
			type: 'string',
			default: '',
			placeholder: 'e.g. Europe/Berlin',
			description:
				'Only when the API gives a restaurant no time zone the nodes can read (IANA names and Windows zone names such as "W. Europe Standard Time" are read), or only a fixed offset such as UTC+01:00, which knows no clock change: the zone its booking times are read in. Leave empty otherwise.',
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: '=Bearer {{$credentials.accessToken}}',
			},
		},
	};

	test: ICredentialTestRequest = {
		request: {
			baseURL: NORMALIZED_BASE_URL_EXPRESSION,
			url: '/api/core/admin/restaurants',
			method: 'GET',
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message: 'The API rejected the access token (HTTP 401). Check the Access Token.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message:
						'The access token is valid but may not list restaurants (HTTP 403). Use a token with access to at least one restaurant.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message:
						'No Restaurant Reservations API answered at this Base URL (HTTP 404 for /api/core/admin/restaurants). Check the Base URL: scheme and host, e.g. https://api.example.com.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 405,
					message:
						'The server at this Base URL does not serve the Restaurant Reservations API (HTTP 405). Check the Base URL.',
				},
			},
		],
	};
}
