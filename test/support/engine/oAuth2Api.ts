/**
 * The base credential type n8n's server ships as `oAuth2Api` (n8n-nodes-base), which the package's
 * OAuth2 credential extends: the fields n8n-core's OAuth2 request helper reads, with the server's
 * names and defaults (checked against n8n 2.41.1's OAuth2Api.credentials.js). The in-process
 * engine has no n8n-nodes-base, so the tests register this stand-in.
 */
import type { ICredentialType, INodeProperties } from 'n8n-workflow';

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
				{ name: 'Authorization Code', value: 'authorizationCode' },
				{ name: 'Client Credentials', value: 'clientCredentials' },
				{ name: 'PKCE', value: 'pkce' },
			],
			default: 'authorizationCode',
		},
		{ displayName: 'Authorization URL', name: 'authUrl', type: 'string', default: '' },
		{ displayName: 'Access Token URL', name: 'accessTokenUrl', type: 'string', default: '' },
		{ displayName: 'Client ID', name: 'clientId', type: 'string', default: '' },
		{
			displayName: 'Authentication',
			name: 'clientCredentialType',
			type: 'hidden',
			default: 'clientSecret',
		},
		{
			displayName: 'Client Secret',
			name: 'clientSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
		},
		{ displayName: 'Scope', name: 'scope', type: 'string', default: '' },
		{
			displayName: 'Auth URI Query Parameters',
			name: 'authQueryParameters',
			type: 'string',
			default: '',
		},
		{
			displayName: 'Authentication',
			name: 'authentication',
			type: 'options',
			options: [
				{ name: 'Body', value: 'body' },
				{ name: 'Header', value: 'header' },
			],
			default: 'header',
		},
	];
}
