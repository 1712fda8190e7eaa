/** The action node run through n8n's engine with the OAuth2 credential, the way a user meets it. */
import type { ICredentialDataDecryptedObject, INodeParameters } from 'n8n-workflow';
import { RestaurantReservations } from '../../nodes/RestaurantReservations/RestaurantReservations.node';
import { runNode } from '../support/engine';
import { restaurant } from '../support/nodeRunner';

type Credentials = Record<string, ICredentialDataDecryptedObject>;

const action = new RestaurantReservations();

const withOAuth2 = (credentials: Credentials, parameters: INodeParameters) =>
	runNode({
		nodeType: action,
		parameters: { authentication: 'oAuth2', ...parameters },
		credentials,
	});

/** Restaurant › Get Many, every restaurant. */
export const listRestaurants = (credentials: Credentials) =>
	withOAuth2(credentials, { resource: 'restaurant', operation: 'getAll', returnAll: true });

/** Reservation › Find at restaurant 101, every guest named with an `a`. */
export const findInBerlin = (credentials: Credentials) =>
	withOAuth2(credentials, {
		resource: 'reservation',
		operation: 'find',
		restaurantId: restaurant(101),
		customerName: 'a',
		returnAll: true,
	});
