/** A node run stopped on the API's answer: the HTTP status code and the message the user reads. */
import type { NodeRunResult } from './nodeRunner';
import { errorOf } from './nodeResults';

/** What the user reads when the token may not use the restaurant (HTTP 403). */
export const ACCESS_DENIED =
	'Access denied: the access token may not use this restaurant or operation (HTTP 403)';

/** The run stopped on the API's answer: its HTTP status code and the message the user reads. */
export function expectHttpError(result: NodeRunResult, httpCode: string, message: string) {
	const error = errorOf(result);
	expect(error.httpCode).toBe(httpCode);
	expect(error.message).toBe(message);
	return error;
}
