/**
 * The sandbox's fixed bearer tokens (documented in the README) and the access rules per token
 * kind (spec 5): staff and partner tokens act as a user, the vendor token as an application with
 * scope App, the outsider token is valid but reaches no restaurant. Beside them, the OAuth2 clients
 * whose tokens (POST /token, sandbox/oauth.ts) expire: each gets the rights of one fixed token.
 */
import { ApiProblem } from './problems';

export type TokenKind = 'staff' | 'partner' | 'vendor';

export interface Actor {
	type: 'user' | 'application';
	id: string;
	name: string;
}

export interface Principal {
	kind: TokenKind;
	scope: 'User' | 'App';
	actor: Actor;
	/** Restaurants the token reaches: every one, or a fixed list. */
	restaurants: 'all' | number[];
	partnerId: string | null;
	/** The application id that scope App forces as VendorAppId (spec 4.1). */
	vendorAppId: string | null;
}

export const SANDBOX_TOKENS: Readonly<Record<string, Principal>> = {
	'sandbox-staff-token': {
		kind: 'staff',
		scope: 'User',
		actor: { type: 'user', id: 'user-staff-1', name: 'Sam Host (staff)' },
		restaurants: 'all',
		partnerId: null,
		vendorAppId: null,
	},
	'sandbox-partner-token': {
		kind: 'partner',
		scope: 'User',
		actor: { type: 'user', id: 'user-partner-1', name: 'Pat Manager (partner)' },
		restaurants: 'all',
		partnerId: 'partner-aurora',
		vendorAppId: null,
	},
	'sandbox-vendor-token': {
		kind: 'vendor',
		scope: 'App',
		actor: { type: 'application', id: 'app-sandbox-pos', name: 'Sandbox POS' },
		// The first seeded restaurant only.
		restaurants: [101],
		partnerId: 'partner-aurora',
		vendorAppId: 'app-sandbox-pos',
	},
	'sandbox-outsider-token': {
		kind: 'partner',
		scope: 'User',
		actor: { type: 'user', id: 'user-outsider-1', name: 'Olli Outsider' },
		restaurants: [],
		partnerId: null,
		vendorAppId: null,
	},
};

export interface SandboxClient {
	clientSecret: string;
	/** The rights of every token issued to the client: those of a fixed token. */
	principal: Principal;
}

/**
 * The OAuth2 clients of the client-credentials grant (POST /token), by client ID: one each for the
 * staff, partner and vendor (application) rights of the fixed tokens.
 */
export const SANDBOX_CLIENTS: Readonly<Record<string, SandboxClient>> = {
	'sandbox-staff-client': {
		clientSecret: 'sandbox-staff-secret',
		principal: SANDBOX_TOKENS['sandbox-staff-token'],
	},
	'sandbox-partner-client': {
		clientSecret: 'sandbox-partner-secret',
		principal: SANDBOX_TOKENS['sandbox-partner-token'],
	},
	'sandbox-vendor-client': {
		clientSecret: 'sandbox-vendor-secret',
		principal: SANDBOX_TOKENS['sandbox-vendor-token'],
	},
};

/**
 * The rights of a token POST /token issued; undefined for one it never issued. Throws the 401 of
 * an issued token past its lifetime.
 */
export type IssuedTokenLookup = (token: string) => Principal | undefined;

/**
 * Reads the bearer token of a request, or fails with 401 (no token, wrong scheme, unknown, or an
 * issued token that expired). The fixed tokens never expire.
 */
export function authenticate(
	authorization: string | undefined,
	issued?: IssuedTokenLookup,
): Principal {
	const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
	if (!match) {
		throw new ApiProblem(
			401,
			'unauthorized',
			'Missing bearer token: send the header "Authorization: Bearer <token>".',
		);
	}
	const token = match[1];
	const principal = Object.hasOwn(SANDBOX_TOKENS, token) ? SANDBOX_TOKENS[token] : issued?.(token);
	if (!principal)
		throw new ApiProblem(401, 'unauthorized', 'The access token is invalid or has expired.');
	return principal;
}

export function canAccess(principal: Principal, restaurantId: number): boolean {
	return principal.restaurants === 'all' || principal.restaurants.includes(restaurantId);
}

/** Administrative writes (create, update, delete a restaurant, overwrite settings): staff only. */
export function requireStaff(principal: Principal): void {
	if (principal.kind !== 'staff') {
		throw new ApiProblem(
			403,
			'forbidden',
			'Only staff tokens may change restaurants or their settings.',
		);
	}
}
