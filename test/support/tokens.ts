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

/** A token from the sandbox's POST /token for the staff client: what n8n stores after a first use. */
export async function fetchedToken(sandboxUrl: string): Promise<Record<string, unknown>> {
	const response = await fetch(`${sandboxUrl}/token`, {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({
			grant_type: 'client_credentials',
			client_id: CLIENTS.staff.clientId,
			client_secret: CLIENTS.staff.clientSecret,
		}),
	});
	if (response.status !== 200) throw new Error(`POST /token answered ${response.status}`);
	return (await response.json()) as Record<string, unknown>;
}
