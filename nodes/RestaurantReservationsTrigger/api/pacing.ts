/**
 * The pace of one poll's requests, shared by all of them (every restaurant, window and read): at
 * most `limit` under way at once, and after a 429 every request of the poll waits until its
 * Retry-After has passed, not only the one refused. A 429 also sets a pace, so that the poll keeps
 * close to the API's limit with few refusals: the first from the answers accepted in the second
 * before it; each later one (of a request started after the one before) from the answers accepted
 * between the two, when the API had just run out both times: that is the rate it allows, and the
 * poll goes a little faster (by a twentieth) so as never to waste it. Each second without a 429
 * quickens the pace a little too, so that a pace set too slow recovers. ./requests is the only
 * user.
 */
import { sleep } from 'n8n-workflow';

/** How much faster than the rate measured between two 429s the poll goes. */
const ABOVE_MEASURED = 1.05;
/** How much a second without a 429 quickens the pace. */
const QUICKER = 0.97;
const SECOND_MS = 1_000;

export interface PacingCounts {
	/** Requests started, retries included. */
	started: number;
	/** Of those, answered 429. */
	refused: number;
}

export class RequestPacing {
	private active = 0;
	/** Requests waiting for a place, in the order they get one (retries first). */
	private readonly waiting: Array<() => void> = [];
	private pausedUntil = 0;
	/** When the latest 429 that set the pace was answered; requests started before it were refused in the same burst. */
	private lastRefusalAt = Number.NEGATIVE_INFINITY;
	/** Answers accepted since then. */
	private acceptedSinceRefusal = 0;
	/** Least time between two starts, once a 429 set a pace; 0 before. */
	private spacingMs = 0;
	private nextStartAt = 0;
	private pacedAt = 0;
	private firstStartAt: number | undefined;
	/** When accepted answers arrived, within the last second. */
	private readonly accepted: number[] = [];
	readonly counts: PacingCounts = { started: 0, refused: 0 };

	constructor(readonly limit: number) {}

	/**
	 * Waits for a place and for the pace, then counts the request as started: its start time, or
	 * undefined (holding nothing) when it could not start before `deadline`. A retry goes first.
	 */
	async start(deadline: number, retry: boolean): Promise<number | undefined> {
		if (this.active < this.limit) this.active++;
		else
			await new Promise<void>((resolve) =>
				retry ? this.waiting.unshift(resolve) : this.waiting.push(resolve),
			);
		for (;;) {
			const now = Date.now();
			// After a pause the retries start first: the others wake a moment later.
			const startAt = Math.max(this.pausedUntil + (retry ? 0 : 1), this.nextStartAt);
			if (startAt <= now) break;
			if (startAt >= deadline) {
				this.handOn();
				return undefined;
			}
			await sleep(startAt - now);
		}
		const now = Date.now();
		if (now >= deadline) {
			this.handOn();
			return undefined;
		}
		this.nextStartAt = now + this.spacingMs;
		this.firstStartAt ??= now;
		this.counts.started++;
		return now;
	}

	/** A started request was answered: `retryAfterMs` when with a 429. */
	finish(startedAt: number, retryAfterMs?: number): void {
		const now = Date.now();
		if (retryAfterMs === undefined) this.answered(now);
		else this.refused(startedAt, now, retryAfterMs);
		this.handOn();
	}

	/** Every request of the poll waits at least until then. */
	get resumesAt(): number {
		return this.pausedUntil;
	}

	private answered(now: number): void {
		this.accepted.push(now);
		this.acceptedSinceRefusal++;
		while (this.accepted[0] <= now - SECOND_MS) this.accepted.shift();
		if (this.spacingMs > 0 && now - this.pacedAt >= SECOND_MS) {
			this.spacingMs *= QUICKER;
			this.pacedAt = now;
		}
	}

	private refused(startedAt: number, now: number, retryAfterMs: number): void {
		this.counts.refused++;
		this.pausedUntil = Math.max(this.pausedUntil, now + retryAfterMs);
		// Sent before the previous 429 was known: the same burst, already paced for.
		if (startedAt < this.lastRefusalAt) return;
		this.spacingMs = SECOND_MS / this.allowedPerSecond(now);
		this.lastRefusalAt = now;
		this.acceptedSinceRefusal = 0;
		this.pacedAt = now;
	}

	/** The rate the API allows, as far as the answers tell at a 429. */
	private allowedPerSecond(now: number): number {
		if (this.spacingMs > 0) {
			// Out of requests at the previous 429 and now: what it accepted between is what it allows.
			const measured = this.acceptedSinceRefusal / ((now - this.lastRefusalAt) / SECOND_MS);
			return measured > 0 ? measured * ABOVE_MEASURED : SECOND_MS / (this.spacingMs * 2);
		}
		// The first 429: the answers accepted in the last second, or since the poll began if later.
		const window = Math.min(SECOND_MS, now - (this.firstStartAt ?? now)) || SECOND_MS;
		const recent = this.accepted.filter((at) => at > now - window).length;
		return Math.max(1, recent) / (window / SECOND_MS);
	}

	/** Gives the place of a finished (or never started) request to the next one waiting. */
	private handOn(): void {
		const next = this.waiting.shift();
		if (next) next();
		else this.active--;
	}
}
