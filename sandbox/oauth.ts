/**
 * Tokens that expire: the OAuth2 client-credentials grant (RFC 6749 4.4) at `POST /token`, at the
 * base address beside /api, as the platform's partner guide shows applications getting their
 * token. The client sends `grant_type=client_credentials` form-encoded and authenticates with its
 * client ID and secret (SANDBOX_CLIENTS), in the body or in an HTTP Basic header (n8n's OAuth2
 * credential offers both); the answer is `{ access_token, token_type, expires_in, scope? }`.
 * Each token has the rights of the fixed token of its client's kind, for the lifetime set at start
 * (`--token-lifetime`); after it the API answers 401 `token_expired` in the reading's error shape.
 * The fixed tokens never expire. Errors of this endpoint are RFC 6749 5.2's, whatever the reading.
 *
 * Neither the request's body nor its query string reaches the request log (sandbox/server.ts logs
 * this route's path alone).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SANDBOX_CLIENTS, type Principal } from './auth';
import { ApiProblem } from './problems';

export const DEFAULT_TOKEN_LIFETIME_SECONDS = 3600;

/** The token endpoint's path, at the base address. */
export const TOKEN_PATH = '/token';

interface IssuedToken {
	principal: Principal;
	/** Epoch ms from which the token is refused. */
	expiresAt: number;
}

/** What GET /__sandbox/tokens answers. */
export interface TokenCounts {
	/** Tokens issued since the start. */
	issued: number;
	/** Issued tokens still within their lifetime. */
	active: number;
	lifetimeSeconds: number;
	/** API requests answered 401 because their issued token had expired. */
	expiredRequests: number;
}

/** The tokens POST /token issued, their lifetimes, and the counts the tests read. */
export class TokenIssuer {
	private readonly tokens = new Map<string, IssuedToken>();
	private issuedCount = 0;
	private expiredRequests = 0;

	constructor(readonly lifetimeSeconds = DEFAULT_TOKEN_LIFETIME_SECONDS) {
		if (!Number.isInteger(lifetimeSeconds) || lifetimeSeconds < 1)
			throw new RangeError(
				`the token lifetime must be a whole number of seconds, 1 or more, not ${lifetimeSeconds}`,
			);
	}

	issue(principal: Principal): string {
		const token = `sandbox-issued-${randomBytes(24).toString('base64url')}`;
		this.tokens.set(token, { principal, expiresAt: Date.now() + this.lifetimeSeconds * 1000 });
		this.issuedCount++;
		return token;
	}

	/** authenticate()'s lookup of an issued token (sandbox/auth.ts IssuedTokenLookup). */
	readonly principalOf = (token: string): Principal | undefined => {
		const issued = this.tokens.get(token);
		if (!issued) return undefined;
		if (Date.now() >= issued.expiresAt) {
			this.expiredRequests++;
			throw new ApiProblem(
				401,
				'token_expired',
				`The access token has expired (tokens from POST ${TOKEN_PATH} are valid for ${this.lifetimeSeconds} s): get a new one from POST ${TOKEN_PATH}.`,
			);
		}
		return issued.principal;
	};

	/** Ends the lifetime of every issued token now; answers how many were still valid. */
	expireAll(): number {
		const now = Date.now();
		let expired = 0;
		for (const token of this.tokens.values()) {
			if (token.expiresAt > now) {
				token.expiresAt = now;
				expired++;
			}
		}
		return expired;
	}

	counts(): TokenCounts {
		const now = Date.now();
		let active = 0;
		for (const token of this.tokens.values()) if (token.expiresAt > now) active++;
		return {
			issued: this.issuedCount,
			active,
			lifetimeSeconds: this.lifetimeSeconds,
			expiredRequests: this.expiredRequests,
		};
	}
}

/** An error answer of the token endpoint (RFC 6749 5.2). */
class OAuthError extends Error {
	constructor(
		readonly status: 400 | 401 | 500,
		readonly error: string,
		description: string,
	) {
		super(description);
	}
}

const invalidRequest = (description: string) => new OAuthError(400, 'invalid_request', description);
const invalidClient = (description: string) => new OAuthError(401, 'invalid_client', description);

const FORM = 'application/x-www-form-urlencoded';

/** A form-encoded value ("+" a space); the value as sent when it is not one. */
function formDecoded(value: string): string {
	try {
		return decodeURIComponent(value.replace(/\+/g, ' '));
	} catch {
		return value;
	}
}

/** The client ID and secret of `Authorization: Basic`, or null without that header. */
function basicCredentials(authorization: string | undefined): [string, string] | null {
	if (authorization === undefined) return null;
	const match = /^Basic\s+(\S+)\s*$/i.exec(authorization);
	if (!match)
		throw invalidClient(
			'Send the client ID and secret as "Authorization: Basic base64(client_id:client_secret)", or in the body.',
		);
	const decoded = Buffer.from(match[1], 'base64').toString('utf8');
	const colon = decoded.indexOf(':');
	if (colon < 0)
		throw invalidClient('The Basic header does not hold "client_id:client_secret" in base64.');
	// RFC 6749 2.3.1 form-encodes both before base64; many clients (n8n's among them) do not.
	return [formDecoded(decoded.slice(0, colon)), formDecoded(decoded.slice(colon + 1))];
}

/** One parameter of the form; a parameter sent twice is an invalid request (RFC 6749 3.2). */
function param(form: URLSearchParams, name: string): string | undefined {
	const values = form.getAll(name);
	if (values.length > 1) throw invalidRequest(`${name} is sent more than once.`);
	return values[0];
}

/** The client's rights, after checking its ID and secret (from the body or the Basic header). */
function authenticateClient(request: FastifyRequest, form: URLSearchParams): Principal {
	const basic = basicCredentials(request.headers.authorization);
	const bodyId = param(form, 'client_id');
	const bodySecret = param(form, 'client_secret');
	if (basic && bodySecret !== undefined)
		throw invalidRequest(
			'The client authenticates twice (Basic header and client_secret in the body): use one.',
		);
	const [clientId, clientSecret] = basic ?? [bodyId, bodySecret];
	if (!clientId)
		throw invalidClient(
			'No client credentials: send client_id and client_secret in the body, or an "Authorization: Basic" header.',
		);
	if (basic && bodyId !== undefined && bodyId !== clientId)
		throw invalidRequest('client_id in the body differs from the Basic header.');
	const client = Object.hasOwn(SANDBOX_CLIENTS, clientId) ? SANDBOX_CLIENTS[clientId] : undefined;
	if (!client)
		throw invalidClient(
			`Unknown client ID "${clientId}": the sandbox's clients are ${Object.keys(SANDBOX_CLIENTS).join(', ')}.`,
		);
	if (clientSecret === undefined || clientSecret === '')
		throw invalidClient(`No client secret for ${clientId}.`);
	if (clientSecret !== client.clientSecret)
		throw invalidClient(`Wrong client secret for ${clientId}.`);
	return client.principal;
}

function sendOAuthError(reply: FastifyReply, error: OAuthError): FastifyReply {
	if (error.status === 401) reply.header('WWW-Authenticate', 'Basic realm="sandbox"');
	return reply
		.code(error.status)
		.header('Cache-Control', 'no-store')
		.header('Pragma', 'no-cache')
		.send({ error: error.error, error_description: error.message });
}

/** Any other failure before the handler (media type, body size, unreadable body) as RFC 6749's. */
function toOAuthError(error: FastifyError | OAuthError): OAuthError {
	if (error instanceof OAuthError) return error;
	if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
		return invalidRequest(`Send the token request form-encoded (Content-Type: ${FORM}).`);
	if (error.statusCode && error.statusCode < 500) return invalidRequest(error.message);
	return new OAuthError(500, 'server_error', 'The sandbox failed to issue a token.');
}

/** POST /token, registered at the base address (outside the API's routes and their hooks). */
export async function tokenRoutes(
	app: FastifyInstance,
	{ issuer }: { issuer: TokenIssuer },
): Promise<void> {
	app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 16 * 1024 }, (_r, body, done) =>
		done(null, new URLSearchParams(body as string)),
	);
	app.setErrorHandler(async (error: FastifyError | OAuthError, _request, reply) => {
		const oauthError = toOAuthError(error);
		if (oauthError.status >= 500) process.stderr.write(`${error.stack ?? error.message}\n`);
		return sendOAuthError(reply, oauthError);
	});

	app.post(TOKEN_PATH, async (request, reply) => {
		// RFC 6749 2.3.1: credentials never in the URL (where logs and proxies keep them).
		const query = request.query as Record<string, unknown>;
		if (['client_secret', 'client_id', 'grant_type'].some((name) => name in query))
			throw invalidRequest(
				`Send the token request's parameters in the form-encoded body (Content-Type: ${FORM}), not in the URL.`,
			);
		const form = request.body;
		if (!(form instanceof URLSearchParams))
			throw invalidRequest(`Send the token request form-encoded (Content-Type: ${FORM}).`);
		const grantType = param(form, 'grant_type');
		if (!grantType)
			throw invalidRequest('grant_type is missing: send grant_type=client_credentials.');
		if (grantType !== 'client_credentials')
			throw new OAuthError(
				400,
				'unsupported_grant_type',
				`The sandbox issues tokens with the client_credentials grant only, not "${grantType}".`,
			);
		const principal = authenticateClient(request, form);
		const scope = param(form, 'scope');
		return reply
			.header('Cache-Control', 'no-store')
			.header('Pragma', 'no-cache')
			.send({
				access_token: issuer.issue(principal),
				token_type: 'Bearer',
				expires_in: issuer.lifetimeSeconds,
				...(scope ? { scope } : {}),
			});
	});
}
