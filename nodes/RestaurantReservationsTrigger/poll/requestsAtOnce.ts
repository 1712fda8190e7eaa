/**
 * The Requests at Once option (Options collection, every watch): the most API requests one poll
 * has under way at once, across restaurants and their periods (../api/pacing applies it; the
 * bound, default and check: ../../shared/requestsAtOnce).
 */
import type { INodeProperties, IPollFunctions } from 'n8n-workflow';
import {
	checkedRequestsAtOnce,
	MAX_REQUESTS_AT_ONCE,
	requestsAtOnceField,
} from '../../shared/requestsAtOnce';

export { MAX_REQUESTS_AT_ONCE };

export const REQUESTS_AT_ONCE_OPTION: INodeProperties = requestsAtOnceField(
	`The most API requests a poll has under way at once, across all restaurants and their periods (1 to ${MAX_REQUESTS_AT_ONCE}). More polls many restaurants faster; fewer is gentler with the API. When the API answers "too many requests" (429), every request of the poll waits as it asks and the poll slows to the pace the API takes, whatever this is.`,
);

/** The option's value, checked. */
export function readRequestsAtOnce(
	context: IPollFunctions,
	options: { requestsAtOnce?: unknown },
): number {
	return checkedRequestsAtOnce(context.getNode(), options.requestsAtOnce);
}
