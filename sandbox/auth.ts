/**
 * The sandbox's fixed bearer tokens (documented in the README) and the access rules per token
 * kind (spec 5): staff and partner tokens act as a user, the vendor token as an application with
 * scope App, the outsider token is valid but reaches no restaurant.
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

/** Reads the bearer token of a request, or fails with 401 (no token, wrong scheme, unknown). */
export function authenticate(authorization: string | undefined): Principal {
	const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
	if (!match) {
		throw new ApiProblem(
			401,
			'unauthorized',
			'Missing bearer token: send the header "Authorization: Bearer <token>".',
		);
	}
	const principal = SANDBOX_TOKENS[match[1]];
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
