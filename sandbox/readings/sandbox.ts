/**
 * The `sandbox` reading, the default: the sandbox's own form, as stored. `state` with the values of
 * RESERVATION_STATES, restaurant-local times without offset, IANA zones, ProblemDetails with
 * `message` and `code`. When it is chosen no reading hook runs at all (sandbox/readings/http.ts);
 * this object states the form for tests and documentation.
 */
import { problemBody } from '../problems';
import type { ReservationState } from '../store/types';
import type { Reading } from './index';

const STATES: Readonly<Record<ReservationState, string>> = {
	pending: 'pending',
	confirmed: 'confirmed',
	arrived: 'arrived',
	seated: 'seated',
	completed: 'completed',
	noShow: 'noShow',
	cancelled: 'cancelled',
};

export const sandboxReading: Reading = {
	name: 'sandbox',
	stateField: 'state',
	states: STATES,
	moreStates: {},
	stateOf: (record) => record.state,
	time: (local) => local,
	timeZone: (iana) => iana,
	ianaOf: () => undefined,
	error: (problem, instance) => ({
		contentType: 'application/problem+json',
		body: problemBody(problem.status, problem.code, problem.message, instance, problem.errors),
	}),
};
