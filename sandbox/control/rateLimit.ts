/**
 * A rate limit on API requests (`--rate-limit N`, or PUT /__sandbox/rate-limit): a token bucket
 * that holds one second of requests (N) and refills N per second. A request that finds it empty is
 * answered 429 with Retry-After, the whole seconds until a token is back (at least 1), and takes no
 * token. So a client that keeps to N requests a second is never refused, and one that bursts gets
 * N at once and then N a second.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiProblem, sendProblemDetails, type ProblemSender } from '../problems';

export class RateLimit {
	private perSecond = 0;
	private tokens = 0;
	private refilledAt = 0;

	/** `send` renders the 429's body: the sandbox's own, or a reading's (sandbox/readings/). */
	constructor(
		private readonly initialPerSecond = 0,
		private readonly send: ProblemSender = sendProblemDetails,
	) {
		this.set(initialPerSecond);
	}

	/** Requests per second; 0 means no limit. The bucket starts full. */
	set(perSecond: number): void {
		this.perSecond = perSecond;
		this.tokens = perSecond;
		this.refilledAt = Date.now();
	}

	get requestsPerSecond(): number {
		return this.perSecond;
	}

	/** Back to the limit the sandbox started with. */
	reset(): void {
		this.set(this.initialPerSecond);
	}

	/** Takes a token; when there is none, the seconds to wait before one is back. */
	private take(now: number): number | undefined {
		this.tokens = Math.min(
			this.perSecond,
			this.tokens + ((now - this.refilledAt) / 1000) * this.perSecond,
		);
		this.refilledAt = now;
		if (this.tokens >= 1) {
			this.tokens -= 1;
			return undefined;
		}
		return Math.max(1, Math.ceil((1 - this.tokens) / this.perSecond));
	}

	/** An onRequest hook of the API: a 429 beyond the limit. */
	readonly onRequest = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
		if (this.perSecond <= 0) return;
		const waitSeconds = this.take(Date.now());
		if (waitSeconds === undefined) return;
		reply.header('Retry-After', String(waitSeconds));
		await this.send(
			new ApiProblem(
				429,
				'rate_limited',
				`Too many requests: at most ${this.perSecond} a second. Retry after ${waitSeconds} s.`,
			),
			request,
			reply,
		);
	};
}
