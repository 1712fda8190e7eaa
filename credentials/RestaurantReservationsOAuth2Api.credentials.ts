import type { ICredentialTestRequest, ICredentialType, Icon, INodeProperties } from 'n8n-workflow';

import {
	BASE_URL_SUFFIX_FLAGS,
	BASE_URL_SUFFIX_PATTERN,
	NORMALIZED_BASE_URL_EXPRESSION,
} from '../nodes/shared/baseUrl';
import { TOKEN_REFUSED_NOTICE } from '../nodes/shared/authentication';
import {
	BASE_URL_PROPERTY,
	BOOKING_STATES_PROPERTY,
	TIME_ZONE_PROPERTY,
} from '../nodes/shared/reading/credentialFields';

/**
 * An application's token from the platform's token endpoint (its partner guide: `POST /token` at
 * the API's base address, OAuth2 client credentials, a client ID and a secret from the
 * restaurant's integration settings). n8n fetches the token on first use and fetches a new one
 * when the API answers 401, with a lock across processes in queue mode.
 */
export class RestaurantReservationsOAuth2Api implements ICredentialType {
	name = 'restaurantReservationsOAuth2Api';

	extends = ['oAuth2Api'];

	displayName = 'Restaurant Reservations OAuth2 API';

	icon: Icon = {
		light: 'file:../icons/restaurantReservations.svg',
		dark: 'file:../icons/restaurantReservations.dark.svg',
	};

	documentationUrl =
		'https://github.com/restaurant-reservations/n8n-nodes-restaurant-reservations#credentials';

	properties: INodeProperties[] = [
		BASE_URL_PROPERTY,
		{
			displayName: 'Grant Type',
			name: 'grantType',
			type: 'hidden',
			default: 'clientCredentials',
		},
		{
			displayName: 'Access Token URL',
			name: 'accessTokenUrl',
			type: 'string',
			required: true,
			default: `={{ String($self["baseUrl"]).trim().replace(/${BASE_URL_SUFFIX_PATTERN}/${BASE_URL_SUFFIX_FLAGS}, '') + '/token' }}`,
			description: "The platform's token endpoint: by default /token at the Base URL",
		},
		{
			displayName: 'Authorization URL',
			name: 'authUrl',
			type: 'hidden',
			default: '',
		},
		{
			displayName: 'Auth URI Query Parameters',
			name: 'authQueryParameters',
			type: 'hidden',
			default: '',
		},
		{
			displayName: 'Scope',
			name: 'scope',
			type: 'string',
			default: '',
			description: 'Only when the platform asks for one; empty otherwise',
		},
		{
			displayName: 'Send Client Credentials',
			name: 'authentication',
			type: 'options',
			options: [
				{ name: 'In the Body', value: 'body' },
				{ name: 'As a Basic Auth Header', value: 'header' },
			],
			default: 'body',
			description:
				'Where the client ID and secret go when a token is fetched: form fields of the body, or an Authorization: Basic header',
		},
		{
			// n8n's Test connection of an OAuth2 credential reports the token endpoint's refusal in
			// n8n's words only (no rule of `test` reaches it): the dialog says what to check.
			displayName: TOKEN_REFUSED_NOTICE,
			name: 'clientRefusedNotice',
			type: 'notice',
			default: '',
		},
		BOOKING_STATES_PROPERTY,
		TIME_ZONE_PROPERTY,
	];

	test: ICredentialTestRequest = {
		request: {
			baseURL: NORMALIZED_BASE_URL_EXPRESSION,
			url: '/api/core/admin/restaurants',
			method: 'GET',
		},
	};
}
