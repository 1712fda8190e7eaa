/**
 * Every output, error and static data of the engine passes through here: none may contain an
 * access token of the credentials used (the token belongs in the request header only).
 */
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

type CredentialsByType = Record<string, ICredentialDataDecryptedObject> | undefined;

/** An error as text, with the fields JSON.stringify would drop. */
function errorText(error: unknown): string {
	if (!error || typeof error !== 'object') return String(error ?? '');
	const e = error as Error & { description?: unknown; context?: unknown; cause?: unknown };
	return JSON.stringify({
		...e,
		message: e.message,
		stack: e.stack,
		description: e.description,
		context: e.context,
	});
}

/** Throws when `value` or `error` contains an access token of `credentials`. */
export function assertNoAccessToken(
	what: string,
	value: unknown,
	error: unknown,
	credentials: CredentialsByType,
): void {
	// The static token, and OAuth2's client secret and the tokens n8n fetched with it.
	const tokens = Object.values(credentials ?? {})
		.flatMap((c) => [
			c.accessToken,
			c.clientSecret,
			(c.oauthTokenData as { access_token?: unknown } | undefined)?.access_token,
		])
		.filter((t): t is string => typeof t === 'string' && t.length > 0);
	const text = `${JSON.stringify(value ?? null)}\n${errorText(error)}`;
	for (const token of tokens) {
		if (text.includes(token))
			throw new Error(`${what} contains the access token "${token.slice(0, 4)}…"`);
	}
}

/** Runs `run` and checks what it returns or throws for the tokens. */
export async function tokenChecked<T>(
	what: string,
	credentials: CredentialsByType,
	run: () => Promise<T>,
): Promise<T> {
	let result: T;
	try {
		result = await run();
	} catch (error) {
		assertNoAccessToken(what, null, error, credentials);
		throw error;
	}
	assertNoAccessToken(what, result, undefined, credentials);
	return result;
}
