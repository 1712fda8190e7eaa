/**
 * ProblemDetails (RFC 9457) errors, shaped like the platform's: `message` and `code` beside the
 * standard fields (spec 7). Handlers throw an ApiProblem; the server's error handler renders it.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface ProblemBody {
	type: string;
	title: string;
	status: number;
	detail: string;
	message: string;
	code: string;
	instance?: string;
	traceId: string;
	errors?: Record<string, string[]>;
}

const TITLES: Record<number, string> = {
	400: 'Bad Request',
	401: 'Unauthorized',
	403: 'Forbidden',
	404: 'Not Found',
	409: 'Conflict',
	415: 'Unsupported Media Type',
	429: 'Too Many Requests',
	500: 'Internal Server Error',
	503: 'Service Unavailable',
};

/** The generic text of an HTTP status ("Bad Request"), as ProblemDetails' `title` gives it. */
export function statusTitle(status: number): string {
	return TITLES[status] ?? 'Error';
}

export class ApiProblem extends Error {
	constructor(
		readonly status: number,
		readonly code: string,
		message: string,
		readonly errors?: Record<string, string[]>,
	) {
		super(message);
	}
}

export function problemBody(
	status: number,
	code: string,
	message: string,
	instance?: string,
	errors?: Record<string, string[]>,
): ProblemBody {
	return {
		type: `https://httpstatuses.io/${status}`,
		title: statusTitle(status),
		status,
		detail: message,
		message,
		code,
		...(instance ? { instance } : {}),
		traceId: randomUUID(),
		...(errors ? { errors } : {}),
	};
}

/**
 * Answers a request with a problem. The sandbox's own is sendProblemDetails; a reading of the spec
 * (sandbox/readings/) renders the body its way.
 */
export type ProblemSender = (
	problem: ApiProblem,
	request: FastifyRequest,
	reply: FastifyReply,
) => FastifyReply;

/** The sandbox's own error answer: ProblemDetails, with `WWW-Authenticate: Bearer` on a 401. */
export const sendProblemDetails: ProblemSender = (problem, request, reply) => {
	if (problem.status === 401) reply.header('WWW-Authenticate', 'Bearer');
	return reply
		.code(problem.status)
		.type('application/problem+json')
		.send(problemBody(problem.status, problem.code, problem.message, request.url, problem.errors));
};

export const badRequest = (code: string, message: string, errors?: Record<string, string[]>) =>
	new ApiProblem(400, code, message, errors);
export const notFound = (what: string, id: string | number) =>
	new ApiProblem(404, 'not_found', `${what} ${id} was not found.`);
export const forbidden = (message: string) => new ApiProblem(403, 'forbidden', message);
