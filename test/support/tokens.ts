/** The sandbox's seeded access tokens, by the role they play (sandbox/auth.ts). */
export const TOKENS = {
	staff: 'sandbox-staff-token',
	partner: 'sandbox-partner-token',
	vendor: 'sandbox-vendor-token',
	outsider: 'sandbox-outsider-token',
} as const;
