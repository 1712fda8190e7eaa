/**
 * Tokens that expire (sandbox/oauth.ts), over real HTTP: POST /token with the client-credentials
 * grant, the client authenticated in the body or with a Basic header; each client's rights; RFC
 * 6749's errors; an issued token past its lifetime answered 401 token_expired in the reading's
 * error shape while the fixed tokens keep working; the control routes' counts; and no token or
 * secret in the request log.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { apiClient } from '../support/client';
import { startSandbox, useSandbox, type RunningSandbox } from '../support/sandbox';
import { CLIENTS } from '../support/tokens';

const ROOT = path.resolve(__dirname, '../..');
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

type Client = keyof typeof CLIENTS;

interface TokenAnswer {
	status: number;
	headers: Headers;
	body: Record<string, unknown>;
}

async function postToken(
	sandbox: RunningSandbox,
	body: string,
	headers: Record<string, string> = FORM,
	query = '',
): Promise<TokenAnswer> {
	const response = await fetch(`${sandbox.url}/token${query}`, { method: 'POST', headers, body });
	return {
		status: response.status,
		headers: response.headers,
		body: (await response.json()) as Record<string, unknown>,
	};
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

const basic = (id: string, secret: string) =>
	`Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

/** A token for the client, its credentials in the body. */
async function tokenFor(sandbox: RunningSandbox, client: Client): Promise<string> {
	const { clientId, clientSecret } = CLIENTS[client];
	const answer = await postToken(
		sandbox,
		form({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
	);
	expect(answer.status).toBe(200);
	return answer.body.access_token as string;
}

const ctx = useSandbox({ ownProcess: true });

const restaurantIds = async (token: string) => {
	const res = await ctx.call('listRestaurants', { token });
	expect(res.status).toBe(200);
	return res.body.map((r: { id: number }) => r.id);
};

describe('POST /token (client credentials)', () => {
	it('issues a bearer token for the client ID and secret in the form-encoded body', async () => {
		const { clientId, clientSecret } = CLIENTS.staff;
		const answer = await postToken(
			ctx.sandbox,
			form({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
		);
		expect(answer.status).toBe(200);
		expect(answer.headers.get('content-type')).toContain('application/json');
		expect(answer.headers.get('cache-control')).toBe('no-store');
		expect(answer.body).toEqual({
			access_token: expect.stringMatching(/^\S{20,}$/),
			token_type: 'Bearer',
			expires_in: 3600,
		});
		expect(await restaurantIds(answer.body.access_token as string)).toEqual([101, 102, 103]);
	});

	it('issues one for the client ID and secret in a Basic header (charset in the content type), and a new one each time', async () => {
		const { clientId, clientSecret } = CLIENTS.partner;
		const headers = {
			'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
			authorization: basic(clientId, clientSecret),
		};
		const body = form({ grant_type: 'client_credentials' });
		const [first, second] = [
			await postToken(ctx.sandbox, body, headers),
			await postToken(ctx.sandbox, body, headers),
		];
		expect(first.status).toBe(200);
		expect(first.body.token_type).toBe('Bearer');
		expect(second.body.access_token).not.toBe(first.body.access_token);
		expect(await restaurantIds(first.body.access_token as string)).toEqual([101, 102, 103]);
	});

	it('names the scope it was asked for, and none when none was asked', async () => {
		const { clientId, clientSecret } = CLIENTS.vendor;
		const asked = await postToken(
			ctx.sandbox,
			form({ grant_type: 'client_credentials', scope: 'App' }),
			{ ...FORM, authorization: basic(clientId, clientSecret) },
		);
		expect(asked.body.scope).toBe('App');
		const unasked = await postToken(ctx.sandbox, form({ grant_type: 'client_credentials' }), {
			...FORM,
			authorization: basic(clientId, clientSecret),
		});
		expect(unasked.body).not.toHaveProperty('scope');
	});

	it("gives each client's token the rights of the fixed token of its kind", async () => {
		const staff = await tokenFor(ctx.sandbox, 'staff');
		const partner = await tokenFor(ctx.sandbox, 'partner');
		const vendor = await tokenFor(ctx.sandbox, 'vendor');
		expect(await restaurantIds(staff)).toEqual([101, 102, 103]);
		expect(await restaurantIds(partner)).toEqual([101, 102, 103]);
		expect(await restaurantIds(vendor)).toEqual([101]);
		const me = async (token: string) => (await ctx.call('getAccountMe', { token })).body;
		expect(await me(staff)).toMatchObject({ kind: 'staff', scope: 'User', userId: 'user-staff-1' });
		expect(await me(partner)).toMatchObject({ kind: 'partner', partnerId: 'partner-aurora' });
		expect(await me(vendor)).toMatchObject({
			kind: 'vendor',
			scope: 'App',
			applicationId: 'app-sandbox-pos',
			restaurantIds: [101],
		});
		const outside = await ctx.call('getRestaurant', { token: vendor, path: { restaurantId: 102 } });
		expect(outside.status).toBe(403);
		const adminWrite = await ctx.call('updateRestaurant', {
			token: partner,
			path: { restaurantId: 101 },
			body: { name: 'Renamed' },
		});
		expect(adminWrite.status).toBe(403);
	});
});

describe('POST /token errors (RFC 6749 5.2)', () => {
	const { clientId, clientSecret } = CLIENTS.staff;

	it.each([
		[
			'a wrong secret in the body',
			form({ grant_type: 'client_credentials', client_id: clientId, client_secret: 'nope' }),
			FORM,
			/Wrong client secret for sandbox-staff-client/,
		],
		[
			'a wrong secret in the Basic header',
			form({ grant_type: 'client_credentials' }),
			{ ...FORM, authorization: basic(clientId, 'nope') },
			/Wrong client secret/,
		],
		[
			'an unknown client',
			form({ grant_type: 'client_credentials', client_id: 'someone', client_secret: clientSecret }),
			FORM,
			/Unknown client ID "someone"/,
		],
		[
			'no client credentials',
			form({ grant_type: 'client_credentials' }),
			FORM,
			/No client credentials/,
		],
		[
			'a client ID without a secret',
			form({ grant_type: 'client_credentials', client_id: clientId }),
			FORM,
			/No client secret/,
		],
	])('answers 401 invalid_client for %s', async (_case, body, headers, description) => {
		const answer = await postToken(ctx.sandbox, body, headers);
		expect(answer.status).toBe(401);
		expect(answer.headers.get('www-authenticate')).toMatch(/^Basic\b/);
		expect(answer.body).toEqual({
			error: 'invalid_client',
			error_description: expect.stringMatching(description),
		});
		expect(JSON.stringify(answer.body)).not.toContain('nope');
	});

	it('answers 400 unsupported_grant_type for another grant', async () => {
		const answer = await postToken(
			ctx.sandbox,
			form({ grant_type: 'password', client_id: clientId, client_secret: clientSecret }),
		);
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({
			error: 'unsupported_grant_type',
			error_description: expect.stringContaining('client_credentials'),
		});
	});

	it.each([
		['no grant_type', form({ client_id: clientId, client_secret: clientSecret }), FORM, ''],
		[
			'a JSON body',
			JSON.stringify({
				grant_type: 'client_credentials',
				client_id: clientId,
				client_secret: clientSecret,
			}),
			{ 'content-type': 'application/json' },
			'',
		],
		['another media type', 'grant_type=client_credentials', { 'content-type': 'text/plain' }, ''],
		[
			'a parameter sent twice',
			'grant_type=client_credentials&grant_type=client_credentials',
			{ ...FORM, authorization: basic(clientId, clientSecret) },
			'',
		],
		[
			'both a Basic header and a secret in the body',
			form({ grant_type: 'client_credentials', client_secret: clientSecret }),
			{ ...FORM, authorization: basic(clientId, clientSecret) },
			'',
		],
		[
			'the secret in the URL',
			form({ grant_type: 'client_credentials' }),
			FORM,
			`?client_id=${clientId}&client_secret=${clientSecret}`,
		],
	])('answers 400 invalid_request for %s', async (_case, body, headers, query) => {
		const answer = await postToken(ctx.sandbox, body, headers, query);
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({
			error: 'invalid_request',
			error_description: expect.any(String),
		});
	});
});

describe('expiry', () => {
	it('answers an issued token 401 token_expired once expired, while the fixed tokens and new tokens work', async () => {
		const before = await ctx.sandbox.tokens();
		const token = await tokenFor(ctx.sandbox, 'vendor');
		expect(await restaurantIds(token)).toEqual([101]);

		expect(await ctx.sandbox.expireTokens()).toBeGreaterThanOrEqual(1);
		for (let i = 0; i < 2; i++) {
			const res = await ctx.call('listRestaurants', { token });
			expect(res.status).toBe(401);
			expect(res.headers.get('www-authenticate')).toBe('Bearer');
			expect(res.headers.get('content-type')).toContain('application/problem+json');
			expect(res.body).toMatchObject({ status: 401, code: 'token_expired' });
			expect(res.body.message).toMatch(/expired.*POST \/token/);
			expect(res.text).not.toContain(token);
		}

		expect(await restaurantIds('sandbox-staff-token')).toEqual([101, 102, 103]);
		expect(await restaurantIds('sandbox-vendor-token')).toEqual([101]);
		expect(await restaurantIds(await tokenFor(ctx.sandbox, 'vendor'))).toEqual([101]);

		const after = await ctx.sandbox.tokens();
		expect(after).toEqual({
			issued: before.issued + 2,
			active: 1,
			lifetimeSeconds: 3600,
			expiredRequests: before.expiredRequests + 2,
		});
	});

	it('answers a token never issued 401 unauthorized, not expired, and counts nothing', async () => {
		const before = await ctx.sandbox.tokens();
		const res = await ctx.call('listRestaurants', { token: 'sandbox-issued-never' });
		expect(res.status).toBe(401);
		expect(res.body.code).toBe('unauthorized');
		expect(await ctx.sandbox.tokens()).toEqual(before);
	});

	it('keeps issued tokens and their counts across a reset', async () => {
		const token = await tokenFor(ctx.sandbox, 'staff');
		const before = await ctx.sandbox.tokens();
		await ctx.sandbox.reset();
		expect(await ctx.sandbox.tokens()).toEqual(before);
		expect(await restaurantIds(token)).toEqual([101, 102, 103]);
	});

	it('writes neither a token nor a secret in the request log', async () => {
		const token = await tokenFor(ctx.sandbox, 'staff');
		await restaurantIds(token);
		const { clientId, clientSecret } = CLIENTS.partner;
		await postToken(
			ctx.sandbox,
			form({ grant_type: 'client_credentials' }),
			FORM,
			`?client_id=${clientId}&client_secret=${clientSecret}`,
		);
		// The log line of the last request is written once it is answered.
		await ctx.sandbox.control('GET', '/health');
		const log = ctx.sandbox.output.join('\n');
		expect(log).toMatch(/POST \/token 200/);
		expect(log).toMatch(/POST \/token 400/);
		expect(log).toMatch(/GET \/api\/core\/admin\/restaurants 200/);
		for (const secret of [token, ...Object.values(CLIENTS).map((c) => c.clientSecret)])
			expect(log).not.toContain(secret);
	});
});

describe('--token-lifetime', () => {
	let short: RunningSandbox;
	beforeAll(async () => {
		short = await startSandbox({ quiet: true, reading: 'upper', tokenLifetimeSeconds: 1 });
	}, 60_000);
	afterAll(() => short?.stop());

	it('gives tokens that lifetime, then answers 401 token_expired in the reading shape', async () => {
		const { clientId, clientSecret } = CLIENTS.staff;
		const answer = await postToken(short, form({ grant_type: 'client_credentials' }), {
			...FORM,
			authorization: basic(clientId, clientSecret),
		});
		expect(answer.body.expires_in).toBe(1);
		const token = answer.body.access_token as string;
		const call = apiClient(short.url, { checkContract: false });
		expect((await call('listRestaurants', { token })).status).toBe(200);

		await new Promise((resolve) => setTimeout(resolve, 1100));
		const expired = await call('listRestaurants', { token });
		expect(expired.status).toBe(401);
		expect(expired.headers.get('www-authenticate')).toBe('Bearer');
		expect(expired.body).toEqual({
			error: 'token_expired',
			error_description: expect.stringContaining('valid for 1 s'),
		});
		expect((await call('listRestaurants', { token: 'sandbox-staff-token' })).status).toBe(200);
		expect(await short.tokens()).toEqual({
			issued: 1,
			active: 0,
			lifetimeSeconds: 1,
			expiredRequests: 1,
		});
		const health = (await (await short.control('GET', '/health')).json()) as Record<
			string,
			unknown
		>;
		expect(health.tokenLifetimeSeconds).toBe(1);
	});

	it('refuses a lifetime under 1 second at start', async () => {
		const child = spawn(
			path.join(ROOT, 'node_modules/.bin/tsx'),
			['sandbox/cli.ts', '--port', '0', '--token-lifetime', '0'],
			{ cwd: ROOT },
		);
		let stderr = '';
		child.stderr.on('data', (chunk) => (stderr += chunk));
		const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
		expect(code).not.toBe(0);
		expect(stderr).toContain('--token-lifetime');
		expect(stderr).toContain('must be a whole number, 1 or more');
	});
});
