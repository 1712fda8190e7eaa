/**
 * The pace of one poll's requests, shared by all of them (every restaurant, window and read): at
 * most `limit` under way at once, and after a 429 every request of the poll waits until its
 * Retry-After has passed, not only the one refused. The first 429 also sets a pace: from then on
 * requests start no faster than the API answered in the second before it; each later 429 (of a
 * request started after the previous one) slows that pace by a tenth, and each second without one
 * quickens it by a twentieth, so that the poll keeps close to the API's limit and few requests are
 * refused twice. ./requests is the only user.
 */
import { sleep } from 'n8n-workflow';

/** How much a new 429 slows the pace, and a second without one quickens it. */
const SLOWER = 1.1;
const QUICKER = 0.95;
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
	/** When the latest 429 that set or slowed the pace was answered; requests started before it were refused in the same burst. */
	private lastRefusalAt = Number.NEGATIVE_INFINITY;
	/** Least time between two starts, once a 429 set a pace; 0 before. */
	private spacingMs = 0;
	private nextStartAt = 0;
	private pacedAt = 0;
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
			const startAt = Math.max(this.pausedUntil, this.nextStartAt);
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
		this.lastRefusalAt = now;
		this.pacedAt = now;
		this.spacingMs =
			this.spacingMs === 0
				? SECOND_MS / Math.max(1, this.accepted.filter((at) => at > now - SECOND_MS).length)
				: this.spacingMs * SLOWER;
	}

	/** Gives the place of a finished (or never started) request to the next one waiting. */
	private handOn(): void {
		const next = this.waiting.shift();
		if (next) next();
		else this.active--;
	}
}
