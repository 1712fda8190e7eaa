/**
 * A static access token that worked at earlier polls and is refused now has most likely expired
 * (the platform's tokens carry an expiry): the poll's error says so, and what to do, in one sentence.
 */
import type { IPollFunctions } from 'n8n-workflow';
import { CREDENTIAL_TYPE, credentialTypeOf } from '../../shared/transport';

export function withExpiredTokenHint(
	context: IPollFunctions,
	failure: Error,
	pollsWorkedBefore: boolean,
): Error {
	const status = (failure as { httpCode?: string | null }).httpCode;
	if (status !== '401' || !pollsWorkedBefore || credentialTypeOf(context) !== CREDENTIAL_TYPE)
		return failure;
	failure.message =
		'Authorization failed: the access token worked at earlier polls and is refused now (HTTP 401), so it has probably expired';
	(failure as { description?: string }).description =
		'Paste a new token into the Restaurant Reservations API credential, or set Authentication to OAuth2 (Client Credentials) with a client ID and secret so that n8n renews the token itself.';
	return failure;
}
