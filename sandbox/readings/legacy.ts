/**
 * The `legacy` reading: an older Web API. Reservations carry `state` (as the spec) with spaced,
 * British values ("Awaiting Confirmation", "Checked In", "Cancelled"), times are restaurant-local
 * with milliseconds ("2026-06-21T12:00:00.000"), zones IANA as the sandbox's. A 4xx answers
 * `{ Message, ModelState }` (ModelState: field → messages, for validation errors); a 5xx is the
 * HTML page of the proxy in front of it, with the original status code.
 */
import type { ReservationState } from '../store/types';
import type { Reading } from './index';

const STATES: Readonly<Record<ReservationState, string>> = {
	pending: 'Awaiting Confirmation',
	confirmed: 'Booked',
	arrived: 'Checked In',
	seated: 'Seated',
	completed: 'Finished',
	noShow: 'No Show',
	cancelled: 'Cancelled',
};

export const PROXY_ERROR_PAGE =
	'<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><p>nginx</p></body></html>';

export const legacyReading: Reading = {
	name: 'legacy',
	stateField: 'state',
	states: STATES,
	moreStates: {},
	stateOf: (record) => STATES[record.state] ?? record.state,
	time: (local) => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(local) ? `${local}.000` : local),
	timeZone: (iana) => iana,
	ianaOf: () => undefined,
	error: (problem) =>
		problem.status >= 500
			? { contentType: 'text/html', body: PROXY_ERROR_PAGE }
			: {
					contentType: 'application/json',
					body: {
						Message: problem.message,
						...(problem.errors ? { ModelState: problem.errors } : {}),
					},
				},
};
