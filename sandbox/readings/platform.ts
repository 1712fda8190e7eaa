/**
 * The `platform` reading: the platform's own client models (an ASP.NET service; DESIGN.md, "The
 * real platform where the spec says not shown"). Reservations carry `status` in PascalCase
 * (American "Canceled", "Closed" for a finished visit), times are DateTimeOffset values with the
 * restaurant's offset at that time ("2026-06-21T12:00:00-07:00"), restaurants name their zone the
 * Windows way ("Pacific Standard Time"), and errors are ASP.NET Core ProblemDetails: `type`,
 * `title`, `status`, `detail`, `traceId`, `errors` for validation, and the spec's `code`, without
 * `message`.
 */
import { randomBytes } from 'node:crypto';
import { findIana, findWindows } from 'windows-iana';
import { statusTitle } from '../problems';
import type { ReservationState } from '../store/types';
import type { Reading } from './index';
import { localWithOffset } from './time';

const STATES: Readonly<Record<ReservationState, string>> = {
	pending: 'Pending',
	confirmed: 'Confirmed',
	arrived: 'Arrived',
	seated: 'Seated',
	completed: 'Closed',
	noShow: 'NoShow',
	cancelled: 'Canceled',
};

/** The problem type URIs ASP.NET Core writes by default (RFC 9110's sections). */
const PROBLEM_TYPES: Record<number, string> = {
	400: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
	401: 'https://tools.ietf.org/html/rfc9110#section-15.5.2',
	403: 'https://tools.ietf.org/html/rfc9110#section-15.5.4',
	404: 'https://tools.ietf.org/html/rfc9110#section-15.5.5',
	409: 'https://tools.ietf.org/html/rfc9110#section-15.5.10',
	415: 'https://tools.ietf.org/html/rfc9110#section-15.5.16',
	429: 'https://tools.ietf.org/html/rfc6585#section-4',
	500: 'https://tools.ietf.org/html/rfc9110#section-15.6.1',
	503: 'https://tools.ietf.org/html/rfc9110#section-15.6.4',
};

/** A W3C trace context id, as ASP.NET Core's `traceId`: "00-<trace>-<span>-00". */
function traceId(): string {
	return `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-00`;
}

export const platformReading: Reading = {
	name: 'platform',
	stateField: 'status',
	states: STATES,
	moreStates: {},
	stateOf: (record) => STATES[record.state] ?? record.state,
	time: localWithOffset,
	// CLDR's mapping; a zone without a Windows name keeps its IANA name.
	timeZone: (iana) => findWindows(iana)[0] ?? iana,
	ianaOf: (value) => findIana(value)[0],
	error: (problem) => ({
		contentType: 'application/problem+json',
		body: {
			type: PROBLEM_TYPES[problem.status] ?? 'about:blank',
			title: statusTitle(problem.status),
			status: problem.status,
			detail: problem.message,
			traceId: traceId(),
			...(problem.errors ? { errors: problem.errors } : {}),
			code: problem.code,
		},
	}),
};
