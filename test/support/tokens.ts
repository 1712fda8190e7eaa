/** The sandbox's seeded access tokens, by the role they play (sandbox/auth.ts). */
export const TOKENS = {
	staff: 'sandbox-staff-token',
	partner: 'sandbox-partner-token',
	vendor: 'sandbox-vendor-token',
	outsider: 'sandbox-outsider-token',
} as const;

/**
 * The sandbox's OAuth2 clients (client-credentials grant at POST /token, sandbox/oauth.ts), by the
 * role whose rights their tokens get: the fixed token of the same name's (TOKENS).
 */
export const CLIENTS = {
	staff: { clientId: 'sandbox-staff-client', clientSecret: 'sandbox-staff-secret' },
	partner: { clientId: 'sandbox-partner-client', clientSecret: 'sandbox-partner-secret' },
	vendor: { clientId: 'sandbox-vendor-client', clientSecret: 'sandbox-vendor-secret' },
} as const;
