/**
 * readProblem (nodes/shared/errors.ts) over the error bodies web frameworks write: the reason, the
 * code and the field messages from each shape, and a text or HTML page shortened to a readable
 * reason; describeApiError carries them to the node's message and description.
 */
import { describeApiError, readProblem } from '../../nodes/shared/errors';

describe('readProblem: the reason of any common error body', () => {
	it("the spec's own: message and code", () => {
		expect(
			readProblem({ status: 400, code: 'invalid_price', message: 'price must be 0 or more.' }),
		).toEqual({ message: 'price must be 0 or more.', code: 'invalid_price', fields: [] });
	});

	it('ASP.NET Core ProblemDetails: detail, code, and validation errors by field', () => {
		expect(
			readProblem({
				type: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
				title: 'Bad Request',
				status: 400,
				detail: 'groupSize: must be 1 or more.',
				traceId: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00',
				errors: { groupSize: ['Must be 1 or more.'], 'order.tip': ['Must be 0 or more.'] },
				code: 'validation_failed',
			}),
		).toEqual({
			message: 'groupSize: must be 1 or more.',
			code: 'validation_failed',
			fields: [
				['groupSize', ['Must be 1 or more.']],
				['tip', ['Must be 0 or more.']],
			],
		});
	});

	it('ProblemDetails with only a title and errors (ASP.NET model validation)', () => {
		const body = {
			type: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
			title: 'One or more validation errors occurred.',
			status: 400,
			errors: { ReservationTime: ['The ReservationTime field is required.'] },
		};
		expect(readProblem(body)).toEqual({
			message: 'One or more validation errors occurred.',
			code: undefined,
			fields: [['ReservationTime', ['The ReservationTime field is required.']]],
		});
		const error = describeApiError(400, body);
		expect(error.message).toBe('One or more validation errors occurred.');
		expect(error.description).toContain(
			'Fields: ReservationTime (The ReservationTime field is required.)',
		);
	});

	it('ASP.NET Web API: Message and ModelState (the model prefix dropped)', () => {
		expect(
			readProblem({
				Message: 'The request is invalid.',
				ModelState: { 'model.groupSize': ['Must be between 1 and 12.'], customerName: 'Required.' },
			}),
		).toEqual({
			message: 'The request is invalid.',
			code: undefined,
			fields: [
				['groupSize', ['Must be between 1 and 12.']],
				['customerName', ['Required.']],
			],
		});
	});

	it('OAuth style: error and error_description', () => {
		expect(
			readProblem({
				error: 'unknown_cancel_option',
				error_description: 'cancelOptionName "X" is not a cancellation reason of this restaurant.',
			}),
		).toEqual({
			message: 'cancelOptionName "X" is not a cancellation reason of this restaurant.',
			code: 'unknown_cancel_option',
			fields: [],
		});
	});

	it('Google/JSON:API style: { error: { message, code, details } }', () => {
		expect(
			readProblem({
				error: {
					code: 'invalid_argument',
					message: 'Party too large.',
					details: [{ field: 'groupSize', message: 'At most 12.' }],
				},
			}),
		).toEqual({
			message: 'Party too large.',
			code: 'invalid_argument',
			fields: [['groupSize', ['At most 12.']]],
		});
	});

	it('errors as a list of { field, message }', () => {
		expect(
			readProblem({
				title: 'Invalid input',
				errors: [{ field: 'email', message: 'Not an email address.' }, 'Something else.'],
			}).fields,
		).toEqual([
			['email', ['Not an email address.']],
			['', ['Something else.']],
		]);
	});

	it('a JSON body that came as text is read as JSON', () => {
		expect(readProblem('{"Message":"Reservation not found."}')).toMatchObject({
			message: 'Reservation not found.',
		});
	});

	it('plain text: the text itself, whitespace folded', () => {
		expect(readProblem('  Service temporarily\n  unavailable  ')).toEqual({
			message: 'Service temporarily unavailable',
			fields: [],
		});
	});

	it('an HTML page: its title, not its markup', () => {
		expect(
			readProblem(
				'<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><p>nginx</p></body></html>',
			),
		).toEqual({ message: '502 Bad Gateway', fields: [] });
	});

	it('an HTML page without a title: its text, scripts and styles left out', () => {
		expect(
			readProblem(
				'<html><head><style>h1{color:red}</style><script>var x = 1;</script></head><body><h1>Gateway Timeout</h1><p>The upstream server did not answer.</p></body></html>',
			).message,
		).toBe('Gateway Timeout The upstream server did not answer.');
	});

	it('a long text: shortened to 200 characters, marked as shortened', () => {
		const long = `Error: ${'the server failed in a long way '.repeat(30)}`;
		const { message } = readProblem(long);
		expect(message).toHaveLength(200);
		expect(message!.endsWith('…')).toBe(true);
		expect(long.startsWith(message!.slice(0, -1))).toBe(true);
	});

	it('nothing to read: no reason, no fields', () => {
		for (const body of [undefined, null, '', '   ', 42, [], {}]) {
			const problem = readProblem(body);
			expect(problem.message).toBeUndefined();
			expect(problem.fields).toEqual([]);
		}
	});
});

describe("describeApiError: the reason reaches the user's error", () => {
	it('a 400 names the reason and the code, never only the status', () => {
		expect(
			describeApiError(400, { error: 'invalid_request', error_description: 'Bad groupSize.' }),
		).toEqual({ message: 'Bad groupSize.', description: 'Code: invalid_request.' });
		const webApi = describeApiError(400, {
			Message: 'The request is invalid.',
			ModelState: { 'model.groupSize': ['Must be between 1 and 12.'] },
		});
		expect(webApi.message).toBe('The request is invalid.');
		expect(webApi.description.trim()).toBe('Fields: groupSize (Must be between 1 and 12.).');
	});

	it("a 5xx HTML page: the page's title as the API's word", () => {
		const { message, description } = describeApiError(
			502,
			'<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>',
		);
		expect(message).toBe('The restaurant platform failed to answer (HTTP 502)');
		expect(description).toContain('The API said: "502 Bad Gateway"');
		expect(description).not.toContain('<');
	});

	it('an `error` that is a sentence is the reason, not a code', () => {
		expect(describeApiError(400, { error: 'The party is too large for this table.' })).toEqual({
			message: 'The party is too large for this table.',
			description: 'HTTP 400',
		});
	});

	it('field errors alone name the first field in the message', () => {
		const { message, description } = describeApiError(400, {
			title: '',
			errors: { groupSize: ['Must be at least 1.'] },
		});
		expect(message).toBe('The API rejected the request: groupSize: Must be at least 1.');
		expect(description).toBe('Fields: groupSize (Must be at least 1.).');
	});
});

describe('describeApiError: a 401 names the credential the node uses', () => {
	const body = { code: 'unauthorized', message: 'The access token is invalid or has expired.' };

	it('Access Token (the default): its one field', () => {
		expect(describeApiError(401, body)).toEqual({
			message: 'Authorization failed: the API did not accept the access token (HTTP 401)',
			description:
				'Check the Access Token in the Restaurant Reservations API credential. The API said: "The access token is invalid or has expired."',
		});
		expect(describeApiError(401, body, undefined, 'accessToken')).toEqual(
			describeApiError(401, body),
		);
	});

	it('OAuth2: the OAuth2 credential and the fields that decide which token the API gets', () => {
		expect(describeApiError(401, body, undefined, 'oAuth2')).toEqual({
			message:
				'Authorization failed: the API did not accept the token from the token endpoint, also after a new one was fetched (HTTP 401)',
			description:
				'Check Base URL, Access Token URL, Client ID, Client Secret and Scope in the Restaurant Reservations OAuth2 API credential: the token endpoint must be the one of the API at the Base URL, and the client one this API accepts. The API said: "The access token is invalid or has expired."',
		});
		expect(describeApiError(401, null, undefined, 'oAuth2').description).toMatch(/accepts\.$/);
	});

	it('other statuses read alike with either credential', () => {
		for (const status of [400, 403, 404, 429, 500])
			expect(describeApiError(status, body, 3000, 'oAuth2')).toEqual(
				describeApiError(status, body, 3000),
			);
	});
});
