/**
 * What a user reads when the OAuth2 credential (client credentials) does not work, through n8n's
 * engine against the sandbox: a client secret the token endpoint refuses (sent in the body or as a
 * Basic header), and a token the API refuses also after a new one was fetched (a token endpoint of
 * another platform). Each error names the Restaurant Reservations OAuth2 API credential and its
 * fields, for a declarative operation, an operation whose requests are made from code, a dropdown
 * and the trigger; neither the secret nor a token reaches an error (also the engine's leak check,
 * tokenLeaks.ts, on every run and poll). Each also tells n8n that the credential must be fixed
 * (`failure`: credential-invalid).
 */
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';
import { RestaurantReservations } from '../../nodes/RestaurantReservations/RestaurantReservations.node';
import { RestaurantReservationsTrigger } from '../../nodes/RestaurantReservationsTrigger/RestaurantReservationsTrigger.node';
import { CLIENT_CREDENTIALS_TYPE } from '../../nodes/shared/transport';
import { listSearch, poll, runNode } from '../support/engine';
import { startSandbox, useSandbox, type RunningSandbox } from '../support/sandbox';
import { CLIENTS } from '../support/tokens';
import { findInBerlin, listRestaurants } from './oAuth2Runs';

const ctx = useSandbox({ ownProcess: true });
const action = new RestaurantReservations();
const trigger = new RestaurantReservationsTrigger();

const WRONG_SECRET = 'not-the-staff-secret-7f3a';

function oAuth2Credentials(
	data: Partial<ICredentialDataDecryptedObject>,
): Record<string, ICredentialDataDecryptedObject> {
	return {
		[CLIENT_CREDENTIALS_TYPE]: {
			baseUrl: ctx.sandbox.url,
			clientId: CLIENTS.staff.clientId,
			clientSecret: CLIENTS.staff.clientSecret,
			authentication: 'body',
			...data,
		},
	};
}

/** The four ways a user meets the credential: Get Many, Find, the Restaurant dropdown, the trigger. */
async function everyWay(credentials: Record<string, ICredentialDataDecryptedObject>) {
	const getMany = await listRestaurants(credentials);
	const find = await findInBerlin(credentials);
	let dropdown: unknown;
	try {
		await listSearch({
			nodeType: action,
			method: 'searchRestaurants',
			parameters: {
				authentication: 'oAuth2',
				resource: 'reservation',
				operation: 'getAll',
			},
			credentials,
		});
	} catch (error) {
		dropdown = error;
	}
	const polled = await poll({
		nodeType: trigger,
		type: 'CUSTOM.restaurantReservationsTrigger',
		parameters: {
			authentication: 'oAuth2',
			restaurants: 'one',
			restaurantId: { __rl: true, mode: 'id', value: '101' },
		},
		credentials,
		staticData: {},
	});
	return { getMany: getMany.error, find: find.error, dropdown, trigger: polled.error };
}

/** What a user reads, and why n8n is told the operation failed (its `failure`). */
const said = (error: unknown) => {
	const e = error as { message?: string; description?: string; failure?: unknown } | undefined;
	return { message: e?.message, description: e?.description, failure: e?.failure };
};

/** What a user reads is `expected` in each of these ways. */
function expectSaid(
	errors: Awaited<ReturnType<typeof everyWay>>,
	ways: Array<keyof typeof errors>,
	expected: ReturnType<typeof said>,
): void {
	for (const way of ways) expect(said(errors[way])).toEqual(expected);
}

/** Someone must fix the credential: n8n asks to reconnect it. */
const CREDENTIAL_INVALID = { cause: 'credential-invalid' };

describe('OAuth2: a client secret the token endpoint refuses', () => {
	it.each([
		['in the body', 'body'],
		['as a Basic Auth header', 'header'],
	])(
		'sent %s: every way says which fields of the OAuth2 credential to check',
		async (_, authentication) => {
			const errors = await everyWay(
				oAuth2Credentials({ clientSecret: WRONG_SECRET, authentication }),
			);
			const expected = {
				message: 'No access token: the token endpoint refused the client or did not answer',
				description:
					'Check Access Token URL, Client ID, Client Secret and Send Client Credentials (In the Body or As a Basic Auth Header) in the Restaurant Reservations OAuth2 API credential. n8n said: Failed to acquire OAuth2 access token: Client authentication failed (e.g., unknown client, no client authentication included, or unsupported authentication method).',
				failure: CREDENTIAL_INVALID,
			};
			expectSaid(errors, ['getMany', 'find', 'dropdown', 'trigger'], expected);
			for (const error of Object.values(errors))
				expect(
					JSON.stringify({ ...(error as object), stack: (error as Error).stack }),
				).not.toContain(WRONG_SECRET);
		},
	);
});

describe('OAuth2: a token the API refuses also after a new one was fetched', () => {
	/** Another platform's token endpoint: it issues tokens to the same client, which this API does not know. */
	let elsewhere: RunningSandbox;
	beforeAll(async () => {
		elsewhere = await startSandbox({ port: 0, quiet: true });
	}, 60_000);
	afterAll(async () => {
		await elsewhere?.stop();
	});

	it('names the OAuth2 credential and its fields, not the Access Token credential', async () => {
		const tokensBefore = await elsewhere.tokens();
		const expiredBefore = await ctx.sandbox.tokens();
		const errors = await everyWay(oAuth2Credentials({ accessTokenUrl: `${elsewhere.url}/token` }));
		const expected = {
			message:
				'Authorization failed: the API did not accept the token from the token endpoint, also after a new one was fetched (HTTP 401)',
			description:
				'Check Base URL, Access Token URL, Client ID, Client Secret and Scope in the Restaurant Reservations OAuth2 API credential: the token endpoint must be the one of the API at the Base URL, and the client one this API accepts. The API said: "The access token is invalid or has expired."',
			failure: CREDENTIAL_INVALID,
		};
		expectSaid(errors, ['getMany', 'find', 'dropdown'], expected);
		// The trigger adds what the poll was doing and that nothing was lost.
		expect(said(errors.trigger)).toEqual({
			message: expected.message,
			description: `${expected.description} While fetching restaurant 101. Nothing was emitted and the stored snapshot was kept: the next successful poll reports every change since the last successful one, once.`,
			failure: CREDENTIAL_INVALID,
		});
		// A new token was fetched for each way (n8n renews after the first 401), none issued here.
		expect((await elsewhere.tokens()).issued - tokensBefore.issued).toBeGreaterThanOrEqual(4);
		expect((await ctx.sandbox.tokens()).issued).toBe(expiredBefore.issued);
		for (const error of Object.values(errors)) {
			const text = JSON.stringify({ ...(error as object), stack: (error as Error).stack });
			expect(text).not.toContain(CLIENTS.staff.clientSecret);
			expect(text).not.toMatch(/Bearer [^*\s]/);
			// Every token the sandboxes issue starts so (sandbox/oauth.ts).
			expect(text).not.toContain('sandbox-issued-');
		}
	});

	it('the Access Token credential keeps its own sentence', async () => {
		const result = await runNode({
			nodeType: action,
			parameters: { resource: 'restaurant', operation: 'getAll', returnAll: true },
			credentials: {
				restaurantReservationsApi: { baseUrl: ctx.sandbox.url, accessToken: 'not-a-token' },
			},
		});
		expect(said(result.error)).toEqual({
			message: 'Authorization failed: the API did not accept the access token (HTTP 401)',
			description:
				'Check the Access Token in the Restaurant Reservations API credential. The API said: "The access token is invalid or has expired."',
			failure: CREDENTIAL_INVALID,
		});
	});
});
