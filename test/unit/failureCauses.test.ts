/**
 * Why an operation failed, as the nodes declare it to n8n (nodes/shared/errors.ts, `failure` on the
 * error, n8n-workflow 2.41): every status and case, Retry-After in seconds and as an HTTP date
 * (with and without the response's Date), a missing or unreadable one, requests without an answer,
 * the token endpoint, a mistake of the nodes' own code, and the errors that carry it. Every expected
 * value is written out as n8n reads it.
 */
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import {
	apiError,
	configurationError,
	declared,
	declaredFailure,
	failureOfStatus,
	failureOfThrown,
	retryAfterMsOf,
	tokenFailure,
	withFailure,
} from '../../nodes/shared/errors';
import { actionNode } from '../support/nodes';

const node = actionNode();
/** When the response arrived, in n8n's clock: 2026-10-21T07:28:00Z. */
const AT = Date.UTC(2026, 9, 21, 7, 28, 0);

/** An error as Node's HTTP clients throw it for a request without an answer. */
function systemError(code: string, message = `connect ${code} 127.0.0.1:9`): Error {
	return Object.assign(new Error(message), { code });
}

describe('retryAfterMsOf: the wait a Retry-After asks for', () => {
	it('whole seconds, as text or a number, spaces around them ignored; the first of several', () => {
		expect(retryAfterMsOf({ 'retry-after': '7' }, AT)).toBe(7000);
		expect(retryAfterMsOf({ 'retry-after': 120 }, AT)).toBe(120_000);
		expect(retryAfterMsOf({ 'retry-after': ' 3 ' }, AT)).toBe(3000);
		expect(retryAfterMsOf({ 'retry-after': '0' }, AT)).toBe(0);
		expect(retryAfterMsOf({ 'retry-after': ['2', '9'] }, AT)).toBe(2000);
	});

	it("an HTTP date: counted from the Date of the response, whatever n8n's clock says", () => {
		const headers = {
			'retry-after': 'Wed, 21 Oct 2026 07:28:30 GMT',
			date: 'Wed, 21 Oct 2026 07:28:00 GMT',
		};
		expect(retryAfterMsOf(headers, AT)).toBe(30_000);
		// n8n's clock a minute ahead of the server's: still the 30 seconds the server asked for.
		expect(retryAfterMsOf(headers, AT + 60_000)).toBe(30_000);
	});

	it('an HTTP date without a readable Date: counted from when the response arrived', () => {
		const retryAfter = 'Wed, 21 Oct 2026 07:28:45 GMT';
		expect(retryAfterMsOf({ 'retry-after': retryAfter }, AT)).toBe(45_000);
		expect(retryAfterMsOf({ 'retry-after': retryAfter, date: 'yesterday' }, AT)).toBe(45_000);
		expect(retryAfterMsOf({ 'retry-after': retryAfter, date: '1.5' }, AT)).toBe(45_000);
	});

	it('the obsolete RFC 850 and asctime forms, and a day name in small letters', () => {
		expect(retryAfterMsOf({ 'retry-after': 'Wednesday, 21-Oct-26 07:29:00 GMT' }, AT)).toBe(60_000);
		expect(retryAfterMsOf({ 'retry-after': 'wed, 21 oct 2026 07:28:10 gmt' }, AT)).toBe(10_000);
	});

	it('a date already past: no wait', () => {
		expect(retryAfterMsOf({ 'retry-after': 'Wed, 21 Oct 2026 07:27:00 GMT' }, AT)).toBe(0);
	});

	it('missing, empty or unreadable: no Retry-After at all', () => {
		expect(retryAfterMsOf(undefined, AT)).toBeUndefined();
		expect(retryAfterMsOf({}, AT)).toBeUndefined();
		expect(retryAfterMsOf({ 'retry-after': null }, AT)).toBeUndefined();
		for (const garbage of [
			'',
			'soon',
			'1.5',
			'-5',
			'7s',
			'Sun, soon',
			'in 1994',
			'99999999999999999',
			// A date, but not in an HTTP date's form (the day's name first).
			'21 Oct 2026 07:29:00 GMT (Wed)',
		])
			expect([garbage, retryAfterMsOf({ 'retry-after': garbage }, AT)]).toEqual([
				garbage,
				undefined,
			]);
	});
});

describe('failureOfStatus: the cause of an error status', () => {
	it("429: rate-limited, with the wait and when it ends in n8n's clock", () => {
		expect(failureOfStatus(429, { 'retry-after': '7' }, AT)).toEqual({
			cause: 'rate-limited',
			retryAfterMs: 7000,
			resetsAtEpochMs: AT + 7000,
		});
		expect(
			failureOfStatus(
				429,
				{ 'retry-after': 'Wed, 21 Oct 2026 07:30:00 GMT', date: 'Wed, 21 Oct 2026 07:29:00 GMT' },
				AT,
			),
		).toEqual({ cause: 'rate-limited', retryAfterMs: 60_000, resetsAtEpochMs: AT + 60_000 });
	});

	it('429 without a Retry-After, or an unreadable one: rate-limited, nothing to wait for', () => {
		expect(failureOfStatus(429, undefined, AT)).toEqual({ cause: 'rate-limited' });
		expect(failureOfStatus(429, { 'retry-after': 'soon' }, AT)).toEqual({ cause: 'rate-limited' });
	});

	it.each([500, 502, 503, 504, 599, 408])(
		'%i: temporarily-unavailable, with a Retry-After when the API gives one',
		(status) => {
			expect(failureOfStatus(status, {}, AT)).toEqual({ cause: 'temporarily-unavailable' });
			expect(failureOfStatus(status, { 'retry-after': '120' }, AT)).toEqual({
				cause: 'temporarily-unavailable',
				retryAfterMs: 120_000,
				resetsAtEpochMs: AT + 120_000,
			});
		},
	);

	it('401: credential-invalid; 403 and 404: configuration-invalid', () => {
		expect(failureOfStatus(401, {}, AT)).toEqual({ cause: 'credential-invalid' });
		expect(failureOfStatus(403, {}, AT)).toEqual({ cause: 'configuration-invalid' });
		expect(failureOfStatus(404, {}, AT)).toEqual({ cause: 'configuration-invalid' });
	});

	it.each([400, 402, 405, 407, 409, 410, 415, 422, 428, 499])(
		'%i (a refused booking, a refused value, a conflict): no cause',
		(status) => {
			expect(failureOfStatus(status, { 'retry-after': '5' }, AT)).toBeUndefined();
		},
	);

	it('without a moment, now: the wait ends that long after the response', () => {
		const before = Date.now();
		const failure = failureOfStatus(429, { 'retry-after': '2' }) as { resetsAtEpochMs: number };
		expect(failure.resetsAtEpochMs).toBeGreaterThanOrEqual(before + 2000);
		expect(failure.resetsAtEpochMs).toBeLessThanOrEqual(Date.now() + 2000);
	});
});

describe('failureOfThrown: the cause of an error thrown instead of answered', () => {
	it.each([
		// Transport: aborted, refused, reset, unreachable, broken, timed out.
		...['ECONNABORTED', 'ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETDOWN', 'ENETUNREACH'],
		...['EPIPE', 'ETIMEDOUT', 'ESOCKETTIMEDOUT'],
		// DNS.
		...['EAI_AGAIN', 'ENOTFOUND'],
		// undici.
		...['UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT'],
		'UND_ERR_SOCKET',
	])(
		"%s (no answer): temporarily-unavailable, on the error, its cause, or n8n's httpCode",
		(code) => {
			const unavailable = { cause: 'temporarily-unavailable' };
			expect(failureOfThrown(systemError(code))).toEqual(unavailable);
			expect(failureOfThrown(new Error('request failed', { cause: systemError(code) }))).toEqual(
				unavailable,
			);
			expect(failureOfThrown(Object.assign(new Error('n8n'), { httpCode: code }))).toEqual(
				unavailable,
			);
		},
	);

	it("undici's cut body (TypeError: terminated) is no answer, not a mistake of ours", () => {
		expect(failureOfThrown(new TypeError('terminated'))).toEqual({
			cause: 'temporarily-unavailable',
		});
		expect(failureOfThrown(new Error('terminated'))).toBeUndefined();
	});

	it("n8n's NodeApiError around a refused connection", () => {
		const error = new NodeApiError(node, systemError('ECONNREFUSED') as never);
		expect(failureOfThrown(error)).toEqual({ cause: 'temporarily-unavailable' });
	});

	it("a status the error carries: the HTTP client's response (with its Retry-After), or httpCode", () => {
		const axiosLike = Object.assign(new Error('Request failed with status code 429'), {
			response: { status: 429, headers: { 'retry-after': '0' } },
		});
		const failure = failureOfThrown(axiosLike) as { cause: string; retryAfterMs: number };
		expect([failure.cause, failure.retryAfterMs]).toEqual(['rate-limited', 0]);
		expect(failureOfThrown(Object.assign(new Error('x'), { response: { status: 401 } }))).toEqual({
			cause: 'credential-invalid',
		});
		expect(failureOfThrown(Object.assign(new Error('x'), { httpCode: '503' }))).toEqual({
			cause: 'temporarily-unavailable',
		});
		expect(
			failureOfThrown(
				new Error('wrapped', { cause: Object.assign(new Error('x'), { httpCode: '404' }) }),
			),
		).toEqual({ cause: 'configuration-invalid' });
		expect(failureOfThrown(Object.assign(new Error('x'), { httpCode: '400' }))).toBeUndefined();
		expect(failureOfThrown(Object.assign(new Error('x'), { httpCode: 502 }))).toEqual({
			cause: 'temporarily-unavailable',
		});
	});

	it('an httpCode that is no status is not read as one', () => {
		for (const httpCode of ['none', '600', '4040', '1503', '40', 'x503', null])
			expect([httpCode, failureOfThrown(Object.assign(new Error('x'), { httpCode }))]).toEqual([
				httpCode,
				undefined,
			]);
		expect(
			failureOfThrown(Object.assign(new Error('x'), { response: { status: '503' } })),
		).toBeUndefined();
	});

	it.each([
		new TypeError("Cannot read properties of undefined (reading 'id')"),
		new RangeError('Invalid time value'),
		new ReferenceError('x is not defined'),
		new SyntaxError('Unexpected token'),
		new EvalError('eval'),
		new URIError('URI malformed'),
	])("%s: a mistake of the nodes' own code, node-defect", (error) => {
		expect(failureOfThrown(error)).toEqual({ cause: 'node-defect' });
		expect(failureOfThrown(new Error('wrapped', { cause: error }))).toEqual({
			cause: 'node-defect',
		});
	});

	it('a JavaScript error with a system code (an invalid URL) is not ours; plain errors have no cause', () => {
		const invalidUrl = Object.assign(new TypeError('Invalid URL'), { code: 'ERR_INVALID_URL' });
		expect(failureOfThrown(invalidUrl)).toBeUndefined();
		expect(failureOfThrown(new Error('The operation was aborted'))).toBeUndefined();
		expect(failureOfThrown(new NodeOperationError(node, 'Choose a restaurant'))).toBeUndefined();
		expect(failureOfThrown('a string')).toBeUndefined();
		expect(failureOfThrown(undefined)).toBeUndefined();
		expect(failureOfThrown(null)).toBeUndefined();
	});

	it('a cause the error or one it wraps declares comes first', () => {
		const declaredOne = Object.assign(systemError('ECONNREFUSED'), {
			failure: { cause: 'credential-invalid' },
		});
		expect(failureOfThrown(declaredOne)).toEqual({ cause: 'credential-invalid' });
		expect(failureOfThrown(new Error('outer', { cause: declaredOne }))).toEqual({
			cause: 'credential-invalid',
		});
	});

	it('looks five errors deep, no deeper; a loop of causes ends', () => {
		let error: Error = systemError('ECONNRESET');
		for (let depth = 1; depth < 5; depth++) error = new Error(`level ${depth}`, { cause: error });
		expect(failureOfThrown(error)).toEqual({ cause: 'temporarily-unavailable' });
		expect(failureOfThrown(new Error('level 5', { cause: error }))).toBeUndefined();
		const loop: Error & { cause?: unknown } = new Error('loop');
		loop.cause = loop;
		expect(failureOfThrown(loop)).toBeUndefined();
	});
});

describe('declaredFailure and declared', () => {
	it.each([
		...['rate-limited', 'quota-exhausted', 'temporarily-unavailable'],
		...['credential-invalid', 'configuration-invalid', 'node-defect'],
	])('%s is a cause n8n knows', (cause) => {
		expect(declaredFailure({ failure: { cause } })).toEqual({ cause });
	});

	it('anything else is no declared cause', () => {
		expect(declaredFailure({ failure: { cause: 'broken' } })).toBeUndefined();
		expect(declaredFailure({ failure: { cause: 7 } })).toBeUndefined();
		expect(declaredFailure({ failure: 'rate-limited' })).toBeUndefined();
		expect(declaredFailure({ failure: null })).toBeUndefined();
		expect(declaredFailure(new Error('x'))).toBeUndefined();
		expect(declaredFailure(null)).toBeUndefined();
	});

	it('sets the field where n8n-workflow did not (an older one ignores the option); keeps one it has', () => {
		const plain = declared(new Error('x'), { cause: 'node-defect' });
		expect((plain as Error & { failure?: unknown }).failure).toEqual({ cause: 'node-defect' });
		const kept = declared(plain, { cause: 'rate-limited' });
		expect(kept).toBe(plain);
		expect((kept as Error & { failure?: unknown }).failure).toEqual({ cause: 'node-defect' });
		expect(declared(new Error('y'), undefined)).not.toHaveProperty('failure');
	});
});

describe('tokenFailure: no OAuth2 token could be had', () => {
	it('the token endpoint refused the client: credential-invalid', () => {
		const refused = Object.assign(new Error('Client authentication failed'), {
			code: 'EAUTH',
			body: { error: 'invalid_client' },
		});
		expect(tokenFailure(refused)).toEqual({ cause: 'credential-invalid' });
		expect(tokenFailure(Object.assign(new Error('x'), { response: { status: 401 } }))).toEqual({
			cause: 'credential-invalid',
		});
		expect(tokenFailure(new Error('Could not get an OAuth2 access token'))).toEqual({
			cause: 'credential-invalid',
		});
	});

	it('the token endpoint did not answer, failed or asked to wait: it comes back on its own', () => {
		expect(tokenFailure(systemError('ECONNREFUSED'))).toEqual({
			cause: 'temporarily-unavailable',
		});
		expect(
			tokenFailure(Object.assign(new Error('x'), { response: { status: 502, headers: {} } })),
		).toEqual({ cause: 'temporarily-unavailable' });
		expect(
			tokenFailure(Object.assign(new Error('x'), { response: { status: 429, headers: {} } })),
		).toEqual({ cause: 'rate-limited' });
	});
});

describe('withFailure: a thrown error leaves with its cause', () => {
	it("n8n's NodeApiError for a request without an answer: the same error, declared", () => {
		const error = new NodeApiError(node, systemError('ETIMEDOUT') as never);
		const result = withFailure(node, error, 2);
		expect(result).toBe(error);
		expect(error.failure).toEqual({ cause: 'temporarily-unavailable' });
	});

	it("n8n's NodeApiError around a mistake of ours (its routing wraps one): the same error, node-defect", () => {
		const error = Object.assign(new NodeApiError(node, { message: 'x is not a function' }), {
			cause: new TypeError('x is not a function'),
		});
		expect(withFailure(node, error)).toBe(error);
		expect(error.failure).toEqual({ cause: 'node-defect' });
	});

	it('a NodeOperationError around a request without an answer: the same error, temporarily-unavailable', () => {
		const error = Object.assign(new NodeOperationError(node, 'No answer'), {
			cause: systemError('ECONNRESET'),
		});
		expect(withFailure(node, error)).toBe(error);
		expect(error.failure).toEqual({ cause: 'temporarily-unavailable' });
	});

	it('a NodeOperationError around a mistake of ours: the same error, node-defect', () => {
		// As n8n wraps one (its `cause`, which n8n-workflow sets for an Error of its own realm).
		const error = Object.assign(new NodeOperationError(node, 'x is not a function'), {
			cause: new TypeError('x is not a function'),
		});
		expect(withFailure(node, error)).toBe(error);
		expect(error.failure).toEqual({ cause: 'node-defect' });
	});

	it('a raw JavaScript error: a NodeOperationError saying it is a mistake of the nodes, on its item', () => {
		const result = withFailure(
			node,
			new TypeError("Cannot read properties of undefined (reading 'id')"),
			3,
		) as NodeOperationError;
		expect(result).toBeInstanceOf(NodeOperationError);
		expect(result.message).toBe("Cannot read properties of undefined (reading 'id')");
		expect(result.description).toBe(
			'This is a mistake in the Restaurant Reservations nodes themselves, not in the workflow, the credential or the API: please report it to the package with this message.',
		);
		expect(result.context.itemIndex).toBe(3);
		expect(result.failure).toEqual({ cause: 'node-defect' });
	});

	it('a raw error of a request without an answer: a NodeApiError, as n8n makes one, on its item', () => {
		const result = withFailure(
			node,
			systemError('ECONNRESET', 'socket hang up'),
			1,
		) as NodeApiError;
		expect(result).toBeInstanceOf(NodeApiError);
		expect(result.context.itemIndex).toBe(1);
		expect(result.failure).toEqual({ cause: 'temporarily-unavailable' });
	});

	it('an error that declares its cause, or has none to tell, passes unchanged', () => {
		const mapped = apiError(node, 503, null);
		const cause = mapped.failure;
		expect(withFailure(node, mapped)).toBe(mapped);
		expect(mapped.failure).toBe(cause);
		const refused = apiError(node, 422, { code: 'slot_fully_booked', message: 'Full.' });
		expect(withFailure(node, refused)).toBe(refused);
		expect(refused.failure).toBeUndefined();
		const cancelled = new Error('The operation was aborted');
		expect(withFailure(node, cancelled)).toBe(cancelled);
		expect(cancelled).not.toHaveProperty('failure');
		expect(withFailure(node, 'text')).toBe('text');
	});
});

describe('configurationError: a setting every run fails on', () => {
	it('a NodeOperationError with its message, description and item, configuration-invalid', () => {
		const error = configurationError(node, 'Choose at least one event to watch', {
			description: 'Pick one.',
			itemIndex: 4,
		});
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe('Choose at least one event to watch');
		expect(error.description).toBe('Pick one.');
		expect(error.context.itemIndex).toBe(4);
		expect(error.failure).toEqual({ cause: 'configuration-invalid' });
		expect(configurationError(node, 'No restaurant').failure).toEqual({
			cause: 'configuration-invalid',
		});
	});
});

describe('apiError: the NodeApiError of a status carries its cause', () => {
	afterEach(() => jest.restoreAllMocks());

	it('a 429 with an HTTP date: the wait from the Date header, in the failure and the description', () => {
		jest.spyOn(Date, 'now').mockReturnValue(AT);
		const error = apiError(node, 429, null, {
			'retry-after': 'Wed, 21 Oct 2026 07:28:30 GMT',
			date: 'Wed, 21 Oct 2026 07:28:00 GMT',
		});
		expect(error.failure).toEqual({
			cause: 'rate-limited',
			retryAfterMs: 30_000,
			resetsAtEpochMs: AT + 30_000,
		});
		expect(error.description).toBe(
			'Retry after 30 seconds. Process fewer items per run, or turn on Retry On Fail with a wait.',
		);
	});

	it('a 429 with a Retry-After that is no wait: rate-limited, and the description asks for none', () => {
		const error = apiError(node, 429, null, { 'retry-after': 'soon' });
		expect(error.failure).toEqual({ cause: 'rate-limited' });
		expect(error.description).toBe(
			'Process fewer items per run, or turn on Retry On Fail with a wait.',
		);
	});

	it('each status its cause, and none for a refused booking', () => {
		expect(apiError(node, 503, null).failure).toEqual({ cause: 'temporarily-unavailable' });
		expect(apiError(node, 401, null).failure).toEqual({ cause: 'credential-invalid' });
		expect(apiError(actionNode({ authentication: 'oAuth2' }), 401, null).failure).toEqual({
			cause: 'credential-invalid',
		});
		expect(apiError(node, 403, null).failure).toEqual({ cause: 'configuration-invalid' });
		expect(apiError(node, 404, { message: 'Menu 9 was not found.' }).failure).toEqual({
			cause: 'configuration-invalid',
		});
		const refused = apiError(node, 400, {
			code: 'outside_reservation_hours',
			message: 'The restaurant takes no bookings at 03:00.',
		});
		expect(refused.failure).toBeUndefined();
		expect(refused).not.toHaveProperty('failure', expect.anything());
	});
});
