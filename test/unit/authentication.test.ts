/**
 * Which credential a node uses (nodes/shared/authentication.ts): the Authentication parameter's
 * OAuth2 value, Access Token otherwise; and the names and fields a user reads about each.
 */
import type { INode } from 'n8n-workflow';
import { TOKEN_FIELDS, TOKEN_REFUSED_NOTICE, usesOAuth2 } from '../../nodes/shared/authentication';
import { actionNode } from '../support/nodes';

const node = (parameters?: INode['parameters']): INode =>
	({ ...actionNode(), parameters }) as INode;

describe('usesOAuth2', () => {
	it('only the OAuth2 value of Authentication', () => {
		expect(usesOAuth2(node({ authentication: 'oAuth2' }))).toBe(true);
		expect(usesOAuth2(node({ authentication: 'accessToken' }))).toBe(false);
		expect(usesOAuth2(node({ authentication: 'OAuth2' }))).toBe(false);
		expect(usesOAuth2(node({}))).toBe(false);
		expect(usesOAuth2(node(undefined))).toBe(false);
	});
});

describe('what the OAuth2 credential tells the user', () => {
	it('the fields that decide whether the token endpoint gives a token', () => {
		expect(TOKEN_REFUSED_NOTICE).toBe(
			'If Test connection says "Client authentication failed" or "Failed to acquire OAuth2 access token", the token endpoint refused the client: check Access Token URL, Client ID, Client Secret and Send Client Credentials (In the Body or As a Basic Auth Header).',
		);
		expect(TOKEN_REFUSED_NOTICE.endsWith(`${TOKEN_FIELDS}.`)).toBe(true);
	});
});
