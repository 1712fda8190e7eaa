/**
 * Requests at Once, for every part that reads many restaurants (the trigger's Options, Get Guest
 * History across restaurants): the most API requests one run has under way at once. One bound,
 * one default and one check; each part says in its own words what the number paces.
 */
import type { INode, INodeProperties } from 'n8n-workflow';
import { configurationError } from './errors';

export const MAX_REQUESTS_AT_ONCE = 32;
/** Requests in flight at once unless the user says otherwise. */
export const DEFAULT_REQUESTS_AT_ONCE = 8;

/** The Requests at Once field, described for its part (`description` ends with a period). */
export function requestsAtOnceField(description: string): INodeProperties {
	return {
		displayName: 'Requests at Once',
		name: 'requestsAtOnce',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MAX_REQUESTS_AT_ONCE, numberPrecision: 0 },
		default: DEFAULT_REQUESTS_AT_ONCE,
		description,
	};
}

/** The field's value, checked: a whole number from 1 to MAX_REQUESTS_AT_ONCE (empty: the default). */
export function checkedRequestsAtOnce(node: INode, value: unknown, itemIndex?: number): number {
	const limit = value ?? DEFAULT_REQUESTS_AT_ONCE;
	if (
		typeof limit === 'number' &&
		Number.isInteger(limit) &&
		limit >= 1 &&
		limit <= MAX_REQUESTS_AT_ONCE
	)
		return limit;
	throw configurationError(
		node,
		`Requests at Once must be a whole number from 1 to ${MAX_REQUESTS_AT_ONCE}; it is ${JSON.stringify(limit)}`,
		{ itemIndex },
	);
}
