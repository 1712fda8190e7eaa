/** The OAuth2 credential's dialog in the editor, as the n8n server answers it. */
import { CLIENT_CREDENTIALS_TYPE } from '../../../nodes/shared/transport';
import type { N8nRest } from '../../../scripts/n8n';
import { CLIENTS } from '../../support/tokens';

/** Test connection with `clientSecret`, as the editor runs it: the credential saved, then tested with its data. */
export async function testOAuth2Connection(
	rest: N8nRest,
	sandboxUrl: string,
	clientSecret: string,
	name = 'OAuth2 connection test',
): Promise<{ status: string; message?: string }> {
	const credential = {
		name,
		type: CLIENT_CREDENTIALS_TYPE,
		data: {
			baseUrl: sandboxUrl,
			grantType: 'clientCredentials',
			accessTokenUrl: `${sandboxUrl}/token`,
			clientId: CLIENTS.staff.clientId,
			clientSecret,
			authentication: 'body',
		},
	};
	const { id } = await rest.request<{ id: string }>('POST', '/credentials', credential);
	return await rest.request<{ status: string; message?: string }>('POST', '/credentials/test', {
		credentials: { id, ...credential },
	});
}

/** The notices the OAuth2 credential's dialog shows, by their text. */
export async function oAuth2Notices(rest: N8nRest): Promise<string[] | undefined> {
	const types = await rest.request<
		Array<{ name: string; properties: Array<{ type: string; displayName: string }> }>
	>('GET', '/../types/credentials.json');
	const oAuth2 = types.find((type) => type.name === CLIENT_CREDENTIALS_TYPE);
	return oAuth2?.properties.filter((p) => p.type === 'notice').map((p) => p.displayName);
}
