/**
 * The parts of nodes/shared/transport.ts that need no request: an answer's status read into the
 * error a user sees (bodyOrThrow), the credential a node's Authentication names, and n8n's words
 * of a token failure with the secret masked. Sending, the OAuth2 renewal and the token errors
 * themselves run through n8n's engine against the sandbox: test/credentials/*.test.ts, test/node.
 */
import type { IN8nHttpFullResponse, INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import {
	bodyOrThrow,
	credentialTypeOf,
	maskedWords,
	type ApiContext,
} from '../../nodes/shared/transport';
import { actionNode } from '../support/nodes';

const node = (parameters?: INode['parameters']): INode =>
	({ ...actionNode(), parameters }) as INode;

/** Only what bodyOrThrow and credentialTypeOf read of a context: its node. */
const contextOf = (parameters?: INode['parameters']) =>
	({ getNode: () => node(parameters) }) as unknown as ApiContext;

const response = (
	statusCode: number,
	body: unknown,
	headers: IN8nHttpFullResponse['headers'] = {},
): IN8nHttpFullResponse => ({ statusCode, body: body as IN8nHttpFullResponse['body'], headers });

function thrown(run: () => unknown): NodeApiError {
	try {
		run();
	} catch (error) {
		return error as NodeApiError;
	}
	throw new Error('nothing thrown');
}

describe('bodyOrThrow', () => {
	it('a status under 400: the body', () => {
		expect(bodyOrThrow(contextOf(), response(200, { id: 1 }))).toEqual({ id: 1 });
		expect(bodyOrThrow(contextOf(), response(399, 'moved'))).toBe('moved');
	});

	it("400 and up: the API's reason, on the item, with the status", () => {
		const error = thrown(() =>
			bodyOrThrow(contextOf(), response(400, { code: 'conflict', message: 'Taken.' }), 4),
		);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe('Taken.');
		expect(error.description).toBe('Code: conflict.');
		expect(error.httpCode).toBe('400');
		expect(error.context.itemIndex).toBe(4);
	});

	it("a 429's Retry-After, a number or text, reaches the description; none without it", () => {
		expect(
			thrown(() => bodyOrThrow(contextOf(), response(429, null, { 'retry-after': 7 }))).description,
		).toBe(
			'Retry after 7 seconds. Process fewer items per run, or turn on Retry On Fail with a wait.',
		);
		expect(
			thrown(() => bodyOrThrow(contextOf(), response(429, null, { 'retry-after': '20' })))
				.description,
		).toBe(
			'Retry after 20 seconds. Process fewer items per run, or turn on Retry On Fail with a wait.',
		);
		expect(
			thrown(() =>
				bodyOrThrow(contextOf(), { statusCode: 429, body: null } as IN8nHttpFullResponse),
			).description,
		).toBe('Process fewer items per run, or turn on Retry On Fail with a wait.');
	});

	it('a 401 names the credential of the node', () => {
		expect(
			thrown(() => bodyOrThrow(contextOf({ authentication: 'oAuth2' }), response(401, null)))
				.message,
		).toBe(
			'Authorization failed: the API did not accept the token from the token endpoint, also after a new one was fetched (HTTP 401)',
		);
	});
});

describe('credentialTypeOf', () => {
	it('the OAuth2 credential for OAuth2, the Access Token one otherwise', () => {
		expect(credentialTypeOf(contextOf({ authentication: 'oAuth2' }))).toBe(
			'restaurantReservationsOAuth2Api',
		);
		expect(credentialTypeOf(contextOf({ authentication: 'accessToken' }))).toBe(
			'restaurantReservationsApi',
		);
		expect(credentialTypeOf(contextOf(undefined))).toBe('restaurantReservationsApi');
	});
});

describe("maskedWords: n8n's words of a token failure, secrets masked", () => {
	it('every bearer token, in any case, and every copy of the secret', () => {
		expect(
			maskedWords(
				new Error('Sent bearer   eyJ.abc with s3cr3t, then Bearer x2 and s3cr3t again'),
				's3cr3t',
			),
		).toBe('Sent Bearer *** with ***, then Bearer *** and *** again');
	});

	it('no secret: only tokens masked; an error without a message as text', () => {
		expect(maskedWords({ message: 'Client authentication failed' }, undefined)).toBe(
			'Client authentication failed',
		);
		expect(maskedWords('token endpoint down: Bearer abc', undefined)).toBe(
			'token endpoint down: Bearer ***',
		);
		expect(maskedWords(null, 'x')).toBe('null');
	});
});
