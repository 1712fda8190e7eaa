/**
 * The base credential type n8n's server ships as `oAuth2Api` (n8n-nodes-base), which the package's
 * OAuth2 credential extends: the fields n8n-core's OAuth2 request helper reads, with the server's
 * names and defaults (checked against n8n 2.41.1's OAuth2Api.credentials.js). The in-process
 * engine has no n8n-nodes-base, so the tests register this stand-in.
 */
import type { ICredentialType, INodeProperties } from 'n8n-workflow';

/** A choice of an options field. */
const choice = (name: string, value: string) => ({ name, value });

/** A text field, empty by default. */
const text = (displayName: string, name: string): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	default: '',
});

export class OAuth2ApiBase implements ICredentialType {
	name = 'oAuth2Api';

	displayName = 'OAuth2 API';

	genericAuth = true;

	properties: INodeProperties[] = [
		{
			displayName: 'Grant Type',
			name: 'grantType',
			type: 'options',
			options: [
				choice('Authorization Code', 'authorizationCode'),
				choice('Client Credentials', 'clientCredentials'),
				choice('PKCE', 'pkce'),
			],
			default: 'authorizationCode',
		},
		text('Authorization URL', 'authUrl'),
		text('Access Token URL', 'accessTokenUrl'),
		text('Client ID', 'clientId'),
		{
			displayName: 'Authentication',
			name: 'clientCredentialType',
			type: 'hidden',
			default: 'clientSecret',
		},
		{ ...text('Client Secret', 'clientSecret'), typeOptions: { password: true } },
		text('Scope', 'scope'),
		text('Auth URI Query Parameters', 'authQueryParameters'),
		{
			displayName: 'Authentication',
			name: 'authentication',
			type: 'options',
			options: [choice('Body', 'body'), choice('Header', 'header')],
			default: 'header',
		},
	];
}
