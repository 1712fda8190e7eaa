import type {
	IAuthenticateGeneric,
	ICredentialTestRequest,
	ICredentialType,
	Icon,
	INodeProperties,
} from 'n8n-workflow';

import { NORMALIZED_BASE_URL_EXPRESSION } from '../nodes/shared/baseUrl';
import {
	BASE_URL_PROPERTY,
	BOOKING_STATES_PROPERTY,
	TIME_ZONE_PROPERTY,
} from '../nodes/shared/reading/credentialFields';

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
		BASE_URL_PROPERTY,
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description: 'Bearer token issued by the restaurant platform (staff, partner or vendor)',
		},
		BOOKING_STATES_PROPERTY,
		TIME_ZONE_PROPERTY,
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
