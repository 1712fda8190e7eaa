/**
 * The Requests at Once option (Options collection, every watch): the most API requests one poll
 * has under way at once, across restaurants and their periods (../api/pacing applies it).
 */
import type { INodeProperties, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { DEFAULT_REQUEST_LIMIT } from '../api/requests';

export const MAX_REQUESTS_AT_ONCE = 32;

export const REQUESTS_AT_ONCE_OPTION: INodeProperties = {
	displayName: 'Requests at Once',
	name: 'requestsAtOnce',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: MAX_REQUESTS_AT_ONCE, numberPrecision: 0 },
	default: DEFAULT_REQUEST_LIMIT,
	description: `The most API requests a poll has under way at once, across all restaurants and their periods (1 to ${MAX_REQUESTS_AT_ONCE}). More polls many restaurants faster; fewer is gentler with the API. When the API answers "too many requests" (429), every request of the poll waits as it asks and the poll slows to the pace the API takes, whatever this is.`,
};

/** The option's value, checked. */
export function readRequestsAtOnce(
	context: IPollFunctions,
	options: { requestsAtOnce?: unknown },
): number {
	const value = options.requestsAtOnce ?? DEFAULT_REQUEST_LIMIT;
	if (
		typeof value === 'number' &&
		Number.isInteger(value) &&
		value >= 1 &&
		value <= MAX_REQUESTS_AT_ONCE
	)
		return value;
	throw new NodeOperationError(
		context.getNode(),
		`Requests at Once must be a whole number from 1 to ${MAX_REQUESTS_AT_ONCE}; it is ${JSON.stringify(value)}`,
	);
}
