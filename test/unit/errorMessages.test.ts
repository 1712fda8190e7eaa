/**
 * What a user reads when the API refuses a request (nodes/shared/errors.ts): the message and
 * description per status, the hint for a code the user can act on, the field messages, and the
 * NodeApiError the nodes throw (its status, its item, the credential a 401 names). Every expected
 * text is written out as the user sees it.
 */
import type { INode } from 'n8n-workflow';
import { apiError, describeApiError, readProblem } from '../../nodes/shared/errors';
import { actionNode } from '../support/nodes';

const said = { code: 'no_access', message: 'Restaurant 7 is not yours.' };

describe('describeApiError: each status in words', () => {
	it('403: the restaurant or operation, and what the API said', () => {
		expect(describeApiError(403, said)).toEqual({
			message:
				'Access denied: the access token may not use this restaurant or operation (HTTP 403)',
			description:
				'Use a restaurant this token may reach (the Restaurant list shows them), or a token with access to it. The API said: "Restaurant 7 is not yours."',
		});
		expect(describeApiError(403, null).description).toBe(
			'Use a restaurant this token may reach (the Restaurant list shows them), or a token with access to it.',
		);
	});

	it("404: the API's reason after Not found, else the status", () => {
		expect(describeApiError(404, { message: 'Reservation 12 does not exist.' })).toEqual({
			message: 'Not found: Reservation 12 does not exist.',
			description:
				'Check the ID (Get Many, Find and the lists of the node give valid ones), or the Base URL of the credential.',
		});
		expect(describeApiError(404, '').message).toBe('Not found (HTTP 404)');
	});

	it('429: the wait the API asks for, when it gives one, in whole seconds', () => {
		expect(describeApiError(429, { message: 'Slow down.' }, 30_000)).toEqual({
			message: 'Too many requests: the API asks to slow down (HTTP 429)',
			description:
				'Retry after 30 seconds. Process fewer items per run, or turn on Retry On Fail with a wait. The API said: "Slow down."',
		});
		expect(describeApiError(429, null, 1_001).description).toBe(
			'Retry after 2 seconds. Process fewer items per run, or turn on Retry On Fail with a wait.',
		);
		expect(describeApiError(429, null, 0).description).toBe(
			'Retry after 0 seconds. Process fewer items per run, or turn on Retry On Fail with a wait.',
		);
		expect(describeApiError(429, undefined)).toEqual({
			message: 'Too many requests: the API asks to slow down (HTTP 429)',
			description: 'Process fewer items per run, or turn on Retry On Fail with a wait.',
		});
	});

	it('500 and up: the server side; 499 is still the request', () => {
		expect(describeApiError(500, { message: 'Database down.' })).toEqual({
			message: 'The restaurant platform failed to answer (HTTP 500)',
			description:
				'This is a problem on the server side: try again later, or turn on Retry On Fail. The API said: "Database down."',
		});
		expect(describeApiError(503, null)).toEqual({
			message: 'The restaurant platform failed to answer (HTTP 503)',
			description:
				'This is a problem on the server side: try again later, or turn on Retry On Fail.',
		});
		expect(describeApiError(499, { message: 'Client closed request.' })).toEqual({
			message: 'Client closed request.',
			description: 'HTTP 499',
		});
	});

	it('401 without a reason from the API: the sentence alone', () => {
		expect(describeApiError(401, undefined)).toEqual({
			message: 'Authorization failed: the API did not accept the access token (HTTP 401)',
			description: 'Check the Access Token in the Restaurant Reservations API credential.',
		});
	});
});

describe('describeApiError: a refused request (4xx) in the API words', () => {
	it('a code the user can act on: the code and what to do', () => {
		expect(
			describeApiError(400, { code: 'invalid_price', message: 'price must be 0 or more.' }),
		).toEqual({
			message: 'price must be 0 or more.',
			description:
				'Code: invalid_price. Prices must be 0 or more, with at most two decimals, and at most 21474836.47.',
		});
		expect(
			describeApiError(422, { code: 'slot_fully_booked', message: 'The slot is full.' })
				.description,
		).toBe(
			"Code: slot_fully_booked. The restaurant's published booking rules refuse it; checking availability (Reservation › Check Availability) gives the bookable times.",
		);
	});

	it('a code without a hint: the code alone', () => {
		expect(describeApiError(409, { code: 'conflict', message: 'Changed meanwhile.' })).toEqual({
			message: 'Changed meanwhile.',
			description: 'Code: conflict.',
		});
	});

	it('nothing readable: the status in message and description', () => {
		expect(describeApiError(422, {})).toEqual({
			message: 'The API rejected the request (HTTP 422)',
			description: 'HTTP 422',
		});
	});

	it('the code, its hint and every field with its messages', () => {
		expect(
			describeApiError(400, {
				code: 'invalid_quantity',
				errors: {
					'orderItems.amount': ['Must be 0 or more.', 'Must be whole.'],
					tip: 'Too small.',
				},
			}),
		).toEqual({
			message: 'The API rejected the request: amount: Must be 0 or more.; Must be whole.',
			description:
				'Code: invalid_quantity. Amounts of order lines and modifiers must be 0 or more. Fields: amount (Must be 0 or more.; Must be whole.), tip (Too small.).',
		});
	});

	it('a code without a hint and fields: one space between them', () => {
		expect(describeApiError(409, { code: 'conflict', errors: { slot: ['Taken.'] } })).toEqual({
			message: 'The API rejected the request: slot: Taken.',
			description: 'Code: conflict. Fields: slot (Taken.).',
		});
	});

	it('messages under an empty key (ASP.NET, the body itself): joined without a field name', () => {
		expect(
			describeApiError(400, {
				errors: { '': ['A non-empty request body is required.', 'The body is not JSON.'] },
			}),
		).toEqual({
			message:
				'The API rejected the request: A non-empty request body is required.; The body is not JSON.',
			description: 'Fields: A non-empty request body is required.; The body is not JSON..',
		});
	});

	it('a field message without a field name: the message alone', () => {
		expect(describeApiError(400, { errors: ['Something is missing.', 'And more.'] })).toEqual({
			message: 'The API rejected the request: Something is missing.',
			description: 'Fields: Something is missing., And more..',
		});
	});
});

describe('readProblem: the less common shapes', () => {
	it('Code, errorCode, errorMessage, ExceptionMessage', () => {
		expect(readProblem({ Code: 'E1', ExceptionMessage: 'Boom.' })).toEqual({
			code: 'E1',
			message: 'Boom.',
			fields: [],
		});
		expect(readProblem({ errorCode: 'E2', errorMessage: 'Bang.' })).toEqual({
			code: 'E2',
			message: 'Bang.',
			fields: [],
		});
	});

	it('which word wins when a body has several', () => {
		expect(
			readProblem({
				code: 'first',
				Code: 'second',
				errorCode: 'third',
				message: 'one',
				Message: 'two',
				detail: 'three',
				title: 'four',
			}),
		).toMatchObject({ code: 'first', message: 'one' });
		expect(
			readProblem({ Code: 'second', errorCode: 'third', Message: 'two', detail: 'three' }),
		).toMatchObject({ code: 'second', message: 'two' });
		expect(readProblem({ detail: 'three', error_description: 'four', title: 'five' }).message).toBe(
			'three',
		);
		expect(
			readProblem({
				error: { code: 'nested', message: 'inner' },
				errorCode: 'outer',
				errorMessage: 'outer text',
			}),
		).toMatchObject({ code: 'nested', message: 'inner' });
		expect(readProblem({ errorMessage: 'a', ExceptionMessage: 'b', title: 'c' }).message).toBe('a');
		expect(readProblem({ ExceptionMessage: 'b', title: 'c' }).message).toBe('b');
		expect(readProblem({ errorCode: 'x', error: 'oauth_code' }).code).toBe('x');
	});

	it('blank values are no values; text is trimmed', () => {
		expect(
			readProblem({ message: '   ', Message: '  The reason.  ', code: '', Code: ' c1 ' }),
		).toEqual({
			message: 'The reason.',
			code: 'c1',
			fields: [],
		});
		expect(readProblem({ message: 42, detail: 'The detail.', code: 7 })).toEqual({
			message: 'The detail.',
			code: undefined,
			fields: [],
		});
	});

	it('an `error` word: a code when it looks like one, a reason when it is a sentence', () => {
		expect(readProblem({ error: 'invalid_grant' })).toEqual({
			code: 'invalid_grant',
			message: undefined,
			fields: [],
		});
		expect(readProblem({ error: 'rate.limit-exceeded' }).code).toBe('rate.limit-exceeded');
		expect(readProblem({ error: '404' })).toEqual({ code: undefined, message: '404', fields: [] });
		expect(readProblem({ error: 'x_y z' })).toEqual({
			code: undefined,
			message: 'x_y z',
			fields: [],
		});
		expect(readProblem({ error: 'Denied!' })).toEqual({
			code: undefined,
			message: 'Denied!',
			fields: [],
		});
		expect(readProblem({ error: 'token_expired', code: 'other' })).toEqual({
			code: 'other',
			message: 'token_expired',
			fields: [],
		});
	});

	it('field lists name the field by field, name, property or propertyName', () => {
		expect(
			readProblem({
				errors: [
					{ name: 'a', detail: 'A.' },
					{ property: 'b', errorMessage: 'B.' },
					{ propertyName: 'c', message: 'C.' },
					{},
					'A sentence.',
				],
			}).fields,
		).toEqual([
			['a', ['A.']],
			['b', ['B.']],
			['c', ['C.']],
			['', ['']],
			['', ['A sentence.']],
		]);
	});

	it('ModelState keys lose one model prefix, and only a prefix of letters', () => {
		expect(
			readProblem({
				ModelState: { 'Model.order.tip': ['x'], 'lines[0].tip.amount': ['y'], plain: [5] },
			}).fields,
		).toEqual([
			['order.tip', ['x']],
			['lines[0].tip.amount', ['y']],
			['plain', ['5']],
		]);
		expect(readProblem({ errors: 'not fields', ModelState: 3 }).fields).toEqual([]);
	});

	it('errors and ModelState together: both, errors first', () => {
		expect(readProblem({ errors: { a: ['A.'] }, ModelState: { 'm.b': ['B.'] } }).fields).toEqual([
			['a', ['A.']],
			['b', ['B.']],
		]);
	});

	it('JSON text: read when it starts with { or [ after spaces; broken JSON stays text', () => {
		expect(readProblem('  \n{"message":"From JSON."}')).toEqual({
			message: 'From JSON.',
			fields: [],
		});
		expect(readProblem('["a"]')).toEqual({ fields: [] });
		expect(readProblem('{not json')).toEqual({ message: '{not json', fields: [] });
		expect(readProblem('Error {"message":"x"}')).toEqual({
			message: 'Error {"message":"x"}',
			fields: [],
		});
	});

	it('a JSON text that is not an object is text; an array body is no reason', () => {
		expect(readProblem('"Service {x} unavailable"')).toEqual({
			message: '"Service {x} unavailable"',
			fields: [],
		});
		expect(readProblem('null').message).toBe('null');
		expect(readProblem(['{"message":"inside a list"}'])).toStrictEqual({ fields: [] });
	});

	it('a script between two words still parts them', () => {
		expect(readProblem('Before<script>x()</script>after').message).toBe('Before after');
	});

	it('HTML: a title with attributes or in capitals; only markup: no reason', () => {
		expect(
			readProblem('<HTML><TITLE lang="en"> 503  Service Unavailable </TITLE></HTML>').message,
		).toBe('503 Service Unavailable');
		expect(readProblem('<div><br/></div>').message).toBeUndefined();
		expect(
			readProblem('<html><title id="t">Maintenance</title><body>Back at 6.</body></html>').message,
		).toBe('Maintenance');
		expect(
			readProblem('<p>Before</p><SCRIPT type="x">alert(1)</SCRIPT><Style>p{}</Style><p>after</p>')
				.message,
		).toBe('Before after');
	});

	it('a text of exactly 200 characters is kept whole; 201 are shortened to 200', () => {
		const exact = 'x'.repeat(200);
		expect(readProblem(exact).message).toBe(exact);
		expect(readProblem(`${exact}y`).message).toBe(`${'x'.repeat(199)}…`);
	});
});

describe('apiError: the error the nodes throw', () => {
	const node = (parameters: INode['parameters']): INode => actionNode(parameters);

	it('the message, description and status, on the item it failed for', () => {
		const error = apiError(
			node({}),
			400,
			{ code: 'range_too_long', message: 'Too long.' },
			undefined,
			3,
		);
		expect(error.message).toBe('Too long.');
		expect(error.description).toBe('Code: range_too_long. Use a date range of at most 60 days.');
		expect(error.httpCode).toBe('400');
		expect(error.context.itemIndex).toBe(3);
	});

	it('the Retry-After of a 429 reaches the description', () => {
		expect(apiError(node({}), 429, null, { 'retry-after': '12' }).description).toBe(
			'Retry after 12 seconds. Process fewer items per run, or turn on Retry On Fail with a wait.',
		);
	});

	it('a 401 names the credential the node authenticates with', () => {
		expect(apiError(node({ authentication: 'oAuth2' }), 401, null).message).toBe(
			'Authorization failed: the API did not accept the token from the token endpoint, also after a new one was fetched (HTTP 401)',
		);
		expect(apiError(node({ authentication: 'accessToken' }), 401, null).message).toBe(
			'Authorization failed: the API did not accept the access token (HTTP 401)',
		);
		expect(apiError(node({}), 401, null).message).toBe(
			'Authorization failed: the API did not accept the access token (HTTP 401)',
		);
	});

	it("the API's body is kept with the error; a text body under `body`", () => {
		const body = { code: 'conflict', message: 'Changed.' };
		expect(apiError(node({}), 409, body).errorResponse).toBe(body);
		expect(apiError(node({}), 502, 'Bad gateway').errorResponse).toEqual({ body: 'Bad gateway' });
		expect(apiError(node({}), 502, undefined).errorResponse).toEqual({ body: null });
	});
});
