import { RestaurantReservationsApi } from '../../credentials/RestaurantReservationsApi.credentials';
import { normalizeBaseUrl } from '../../nodes/shared/baseUrl';
import { useSandbox } from '../support/sandbox';
import {
	authenticationHeaders,
	resolveWithCredentials,
	testCredential,
} from '../support/credentials';

const ctx = useSandbox();
const credential = new RestaurantReservationsApi();

describe('Restaurant Reservations API credential', () => {
	it('declares a base URL and a password-typed access token', () => {
		expect(credential.displayName).toBe('Restaurant Reservations API');
		const token = credential.properties.find((p) => p.name === 'accessToken')!;
		expect(token.typeOptions?.password).toBe(true);
		expect(credential.properties.find((p) => p.name === 'baseUrl')!.required).toBe(true);
		expect(credential.documentationUrl).toMatch(/^https:\/\//);
		expect(credential.icon).toEqual({
			light: expect.stringMatching(/\.svg$/),
			dark: expect.stringMatching(/\.dark\.svg$/),
		});
	});

	it('sends the token as a bearer header', () => {
		expect(authenticationHeaders(credential, { baseUrl: 'x', accessToken: 'abc' })).toEqual({
			Authorization: 'Bearer abc',
		});
	});

	it.each([
		['https://api.example.com', 'https://api.example.com'],
		['https://api.example.com/', 'https://api.example.com'],
		['  https://api.example.com//  ', 'https://api.example.com'],
		[
			'https://api.example.com/api/rsv/admin/restaurants/1/reservations/',
			'https://api.example.com',
		],
		['https://gw.example.com/partner/API/core/admin/restaurants', 'https://gw.example.com/partner'],
		['https://apis.example.com/apiary', 'https://apis.example.com/apiary'],
	])(
		"normalises the base URL %p, in n8n's expression engine and in code alike",
		(input, expected) => {
			expect(
				resolveWithCredentials(credential.test!.request.baseURL!, {
					baseUrl: input,
					accessToken: 't',
				}),
			).toBe(expected);
			expect(normalizeBaseUrl(input)).toBe(expected);
		},
	);

	it('passes "Test connection" with a valid token, also with a pasted endpoint URL', async () => {
		expect(
			(
				await testCredential(credential, {
					baseUrl: ctx.sandbox.url,
					accessToken: 'sandbox-partner-token',
				})
			).status,
		).toBe('OK');
		const pasted = await testCredential(credential, {
			baseUrl: `${ctx.sandbox.url}/api/rsv/admin/restaurants/101/reservations/`,
			accessToken: 'sandbox-vendor-token',
		});
		expect(pasted).toMatchObject({
			status: 'OK',
			url: `${ctx.sandbox.url}/api/core/admin/restaurants`,
		});
	});

	it('tells a wrong token from a wrong base URL', async () => {
		const token = await testCredential(credential, {
			baseUrl: ctx.sandbox.url,
			accessToken: 'wrong-token',
		});
		expect(token).toMatchObject({
			status: 'Error',
			message: expect.stringContaining('Check the Access Token'),
		});
		const url = await testCredential(credential, {
			baseUrl: `${ctx.sandbox.url}/not-the-api`,
			accessToken: 'sandbox-staff-token',
		});
		expect(url).toMatchObject({
			status: 'Error',
			message: expect.stringContaining('Check the Base URL'),
		});
		expect(token.message).not.toContain('wrong-token');
	});
});
