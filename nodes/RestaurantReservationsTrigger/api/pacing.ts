/**
 * The pace of one poll's requests, shared by all of them (every restaurant, window and read): at
 * most `limit` under way at once, and after a 429 every request of the poll waits until its
 * Retry-After has passed, not only the one refused. A 429 also sets a pace, so that the poll keeps
 * close to the API's limit with few refusals: the first from the answers accepted in the second
 * before it; each later one (of a request started after the one before) from the answers accepted
 * between the two, when the API had just run out both times: that is the rate it allows, and the
 * poll goes a little faster (by a twentieth) so as never to waste it. Each second without a 429
 * quickens the pace a little too, so that a pace set too slow recovers. A refused request keeps its
 * place through the pause, so that its retry starts before any request that has not been sent yet
 * (had it given the place on, the waiting requests would take the tokens the pause won back and
 * the retries be refused again). ./requests is the only user.
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
	/** Requests waiting for a place, in the order they get one (a retry has kept its own). */
	private readonly waiting: Array<() => void> = [];
	/** Requests holding a place, waiting for their turn in the pace: retries first. */
	private readonly line: Array<{
		retry: boolean;
		deadline: number;
		go: (startedAt: number | undefined) => void;
	}> = [];
	private lettingThrough = false;
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
	 * Waits for a place (a retry has kept its own) and for its turn in the pace, then counts the
	 * request as started: its start time, or undefined (holding nothing) when it could not start
	 * before `deadline`. Retries are first in line.
	 */
	async start(deadline: number, retry: boolean): Promise<number | undefined> {
		if (!retry) await this.takePlace();
		const startedAt = await new Promise<number | undefined>((go) => {
			const turn = { retry, deadline, go };
			const firstNew = this.line.findIndex((waiting) => !waiting.retry);
			if (retry && firstNew >= 0) this.line.splice(firstNew, 0, turn);
			else this.line.push(turn);
			void this.letThrough();
		});
		if (startedAt === undefined) {
			this.handOn();
			return undefined;
		}
		this.firstStartAt ??= startedAt;
		this.counts.started++;
		return startedAt;
	}

	/**
	 * Lets the line through one at a time, each when the pause is over and the spacing since the
	 * previous start has passed; one loop at a time, woken by every request that joins the line.
	 */
	private async letThrough(): Promise<void> {
		if (this.lettingThrough) return;
		this.lettingThrough = true;
		try {
			while (this.line.length > 0) {
				const now = Date.now();
				const at = Math.max(this.pausedUntil, this.nextStartAt);
				const first = this.line[0];
				if (at >= first.deadline || now >= first.deadline) {
					this.line.shift();
					first.go(undefined);
				} else if (at > now) {
					// Then look again: a 429 may have moved the pause, a retry may have come first.
					await sleep(at - now);
				} else {
					this.line.shift();
					this.nextStartAt = now + this.spacingMs;
					first.go(now);
				}
			}
		} finally {
			this.lettingThrough = false;
		}
	}

	/** A started request was answered (not with a 429), or failed: its place goes on. */
	finish(): void {
		this.answered(Date.now());
		this.handOn();
	}

	/**
	 * A started request was answered 429: every request waits `retryAfterMs`, and this one keeps its
	 * place for its retry; `release` gives the place on when it will not be retried.
	 */
	refusedKeepingPlace(startedAt: number, retryAfterMs: number): void {
		this.refused(startedAt, Date.now(), retryAfterMs);
	}

	release(): void {
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

	private async takePlace(): Promise<void> {
		if (this.active < this.limit) this.active++;
		else await new Promise<void>((resolve) => this.waiting.push(resolve));
	}

	/** Gives the place of a finished (or never started) request to the next one waiting. */
	private handOn(): void {
		const next = this.waiting.shift();
		if (next) next();
		else this.active--;
	}
}
