/**
 * The OAuth2 credential (client credentials) through n8n's engine against the sandbox's token
 * endpoint: a token fetched on first use and kept, a new one after the API answers 401 (the request
 * repeated once), for the action node, its dropdowns and the trigger (what a user reads when the
 * credential does not work: oauth2Errors.test.ts). The static token's trigger says its token has probably expired when a
 * 401 follows polls that worked. Neither the secret nor a token ever reaches an item, an error or
 * the static data (the engine's leak check, tokenLeaks.ts, runs on every run and poll).
 */
import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';
import { RestaurantReservationsTrigger } from '../../nodes/RestaurantReservationsTrigger/RestaurantReservationsTrigger.node';
import { CLIENT_CREDENTIALS_TYPE, CREDENTIAL_TYPE } from '../../nodes/shared/transport';
import { poll } from '../support/engine';
import { useSandbox } from '../support/sandbox';
import { CLIENTS, TOKENS } from '../support/tokens';
import { findInBerlin, listRestaurants } from './oAuth2Runs';

const ctx = useSandbox({ ownProcess: true });
const trigger = new RestaurantReservationsTrigger();

/** The OAuth2 credential as saved: n8n keeps the token it fetched in oauthTokenData. */
function oAuth2Credentials(client: { clientId: string; clientSecret: string } = CLIENTS.staff) {
	return {
		[CLIENT_CREDENTIALS_TYPE]: {
			baseUrl: ctx.sandbox.url,
			clientId: client.clientId,
			clientSecret: client.clientSecret,
			authentication: 'body',
		},
	} as Record<string, ICredentialDataDecryptedObject>;
}

async function tokenCounts(): Promise<{ issued: number; expiredRequests: number }> {
	return (await (await fetch(`${ctx.sandbox.url}/__sandbox/tokens`)).json()) as {
		issued: number;
		expiredRequests: number;
	};
}

const expireTokens = async () =>
	expect((await fetch(`${ctx.sandbox.url}/__sandbox/tokens/expire`, { method: 'POST' })).ok).toBe(
		true,
	);

describe('Authentication: OAuth2 (client credentials)', () => {
	it('fetches a token on first use, keeps it, and renews it once after a 401', async () => {
		const credentials = oAuth2Credentials();
		const before = await tokenCounts();
		const first = await listRestaurants(credentials);
		expect(first.error).toBeUndefined();
		expect(first.items.map((i) => (i.json as IDataObject).id)).toEqual([101, 102, 103]);
		expect((await tokenCounts()).issued).toBe(before.issued + 1);
		// Kept as n8n keeps it, in the credential.
		expect(credentials[CLIENT_CREDENTIALS_TYPE].oauthTokenData).toMatchObject({
			access_token: expect.any(String),
			expires_in: 3600,
		});

		const second = await listRestaurants(credentials);
		expect(second.error).toBeUndefined();
		expect((await tokenCounts()).issued).toBe(before.issued + 1);

		await expireTokens();
		const renewed = await listRestaurants(credentials);
		expect(renewed.error).toBeUndefined();
		expect(renewed.items).toHaveLength(3);
		const after = await tokenCounts();
		expect(after.issued).toBe(before.issued + 2);
		// The one request the expired token made, then the same request with the new token.
		expect(after.expiredRequests).toBe(before.expiredRequests + 1);
	});

	it('renews for custom requests too: Find, and the Restaurant dropdown-backed reads', async () => {
		const credentials = oAuth2Credentials();
		expect((await listRestaurants(credentials)).error).toBeUndefined();
		await expireTokens();
		const found = await findInBerlin(credentials);
		expect(found.error).toBeUndefined();
		expect(found.items.length).toBeGreaterThan(0);
	});

	it('keeps the trigger polling across token renewals, each change once', async () => {
		const credentials = oAuth2Credentials();
		const staticData: IDataObject = {};
		const parameters = {
			authentication: 'oAuth2',
			restaurants: 'one',
			restaurantId: { __rl: true, mode: 'id', value: '101' },
		};
		const tick = () =>
			poll({
				nodeType: trigger,
				type: 'CUSTOM.restaurantReservationsTrigger',
				parameters,
				credentials,
				staticData,
			});
		expect((await tick()).items).toBeNull();
		const ids: string[] = [];
		for (let round = 0; round < 3; round++) {
			await expireTokens();
			const created = await ctx.call('createReservation', {
				path: { restaurantId: 101 },
				body: {
					reservationTime: `2026-12-${String(10 + round).padStart(2, '0')}T12:30:00`,
					groupSize: 2,
					customerName: `Renewal ${round}`,
				},
			});
			ids.push(created.body.id);
			const result = await tick();
			expect(result.error).toBeUndefined();
			expect(result.items?.[0].map((i) => (i.json as IDataObject).reservationId)).toEqual([
				created.body.id,
			]);
		}
		expect((await tick()).items).toBeNull();
	});
});

describe('Authentication: Access Token', () => {
	it('says the token has probably expired when a 401 follows polls that worked', async () => {
		const staticData: IDataObject = {};
		const parameters = {
			restaurants: 'one',
			restaurantId: { __rl: true, mode: 'id', value: '101' },
		};
		const credentials = (accessToken: string) => ({
			[CREDENTIAL_TYPE]: { baseUrl: ctx.sandbox.url, accessToken },
		});
		const tick = (accessToken: string) =>
			poll({
				nodeType: trigger,
				type: 'CUSTOM.restaurantReservationsTrigger',
				parameters,
				credentials: credentials(accessToken),
				staticData,
			});
		expect((await tick(TOKENS.staff)).error).toBeUndefined();
		const refused = await tick('a-token-that-expired');
		expect(refused.error?.message).toBe(
			'Authorization failed: the access token worked at earlier polls and is refused now (HTTP 401), so it has probably expired',
		);
		expect((refused.error as { description?: string }).description).toContain(
			'OAuth2 (Client Credentials)',
		);
	});
});
