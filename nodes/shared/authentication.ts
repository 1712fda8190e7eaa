/**
 * The two credentials a node can use, as its Authentication parameter names them, and what a user
 * reads of each in an error: the credential's name in n8n and the fields to check. One home for
 * them, so that transport (which sends with the credential) and errors (which tells the user what
 * to fix) name the same credential.
 */
import type { INode } from 'n8n-workflow';

export const CREDENTIAL_TYPE = 'restaurantReservationsApi';
export const CLIENT_CREDENTIALS_TYPE = 'restaurantReservationsOAuth2Api';

/** Values of the nodes' Authentication parameter (saved in workflows: never change them). */
export const AUTHENTICATION = { accessToken: 'accessToken', oAuth2: 'oAuth2' } as const;

/** The credentials' display names, as n8n lists them. */
export const CREDENTIAL_NAME = 'Restaurant Reservations API';
export const CLIENT_CREDENTIALS_NAME = 'Restaurant Reservations OAuth2 API';

/** Whether the node authenticates with the OAuth2 credential (Access Token is the default). */
export function usesOAuth2(node: INode): boolean {
	return node.parameters?.authentication === AUTHENTICATION.oAuth2;
}

/** The fields that decide whether the token endpoint gives the client a token. */
export const TOKEN_FIELDS =
	'Access Token URL, Client ID, Client Secret and Send Client Credentials (In the Body or As a Basic Auth Header)';

/**
 * What the OAuth2 credential's dialog says under its fields: n8n's Test connection reports a
 * refused client in n8n's words only ("Client authentication failed", "Failed to acquire OAuth2
 * access token").
 */
export const TOKEN_REFUSED_NOTICE = `If Test connection says "Client authentication failed" or "Failed to acquire OAuth2 access token", the token endpoint refused the client: check ${TOKEN_FIELDS}.`;
