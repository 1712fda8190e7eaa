/**
 * Fault injection for reliability tests: make the next API requests fail (500, 503, 429 with
 * Retry-After; 404 as if the record was deleted just before the request; 403 as if the token had
 * lost access), optionally after letting
 * some through, and add latency (`--latency` sets where it starts, and where a clear returns it).
 * Only the control path (/__sandbox) sets it; it applies to /api requests only. It also keeps the
 * log of API requests and how many were in flight at most.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiProblem, sendProblemDetails, type ProblemSender } from '../problems';

export interface FaultPlan {
	status: 500 | 503 | 429 | 404 | 403;
	/** How many matching requests fail. */
	count: number;
	/** How many matching requests pass first. */
	after?: number;
	retryAfterSeconds?: number;
	/** Only requests whose URL contains this text match. */
	pathContains?: string;
}

interface RequestRecord {
	method: string;
	url: string;
	status: number;
	/** When it was answered (ms since the epoch): tests measure a poller's pace from it. */
	at: number;
	/** The kind of token it came with (staff, partner, vendor), never the token: tells two pollers apart. */
	client?: string;
}

const FAULT_MESSAGES: Record<FaultPlan['status'], [string, string]> = {
	500: ['injected_server_error', 'Injected server error (sandbox fault injection).'],
	503: ['service_unavailable', 'The service is temporarily unavailable (sandbox fault injection).'],
	429: ['rate_limited', 'Too many requests: slow down and retry after the time in Retry-After.'],
	404: ['not_found', 'The record was not found (sandbox fault injection).'],
	403: ['forbidden', 'The access token has no access to this resource (sandbox fault injection).'],
};

export class FaultInjector {
	private plans: Array<FaultPlan & { passed: number; failed: number }> = [];
	private latencyMs: number;
	/** API requests seen since the last clear, for tests that count requests. */
	readonly requests: RequestRecord[] = [];
	private inFlight = 0;
	/** The most API requests in flight at once since the log was last cleared. */
	maxInFlight = 0;

	/** `send` renders the fault's error body: the sandbox's own, or a reading's (sandbox/readings/). */
	constructor(
		private readonly initialLatencyMs = 0,
		private readonly send: ProblemSender = sendProblemDetails,
	) {
		this.latencyMs = initialLatencyMs;
	}

	add(plan: FaultPlan): void {
		this.plans.push({ ...plan, passed: 0, failed: 0 });
	}

	setLatency(ms: number): void {
		this.latencyMs = ms;
	}

	/** No fault planned, and the latency the sandbox started with. */
	clear(): void {
		this.plans = [];
		this.latencyMs = this.initialLatencyMs;
	}

	/** Empties the request log and the in-flight maximum. */
	clearLog(): void {
		this.requests.length = 0;
		this.maxInFlight = this.inFlight;
	}

	/** An API request arrived (before any latency or fault). */
	arrived(): void {
		this.inFlight++;
		this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
	}

	pending(): FaultPlan[] {
		return this.plans.map(({ passed: _p, failed: _f, ...plan }) => plan);
	}

	/** An API request was answered. */
	record(method: string, url: string, status: number, client?: string): void {
		this.inFlight = Math.max(0, this.inFlight - 1);
		this.requests.push({ method, url, status, at: Date.now(), ...(client ? { client } : {}) });
		if (this.requests.length > 100_000) this.requests.splice(0, 50_000);
	}

	/** An onRequest hook: waits the latency, then answers with a fault if a plan says so. */
	readonly onRequest = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
		if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
		const plan = this.plans.find((p) => !p.pathContains || request.url.includes(p.pathContains));
		if (!plan) return;
		if (plan.passed < (plan.after ?? 0)) {
			plan.passed++;
			return;
		}
		plan.failed++;
		if (plan.failed >= plan.count) this.plans.splice(this.plans.indexOf(plan), 1);
		const [code, message] = FAULT_MESSAGES[plan.status];
		if (plan.status === 429) reply.header('Retry-After', String(plan.retryAfterSeconds ?? 1));
		await this.send(new ApiProblem(plan.status, code, message), request, reply);
	};
}
