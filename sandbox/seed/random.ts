/** A seeded pseudo-random source, so that the same seed always yields the same data. */
import seedrandom from 'seedrandom';

export class Random {
	private readonly next: () => number;

	constructor(seed: string) {
		this.next = seedrandom(seed);
	}

	/** A float in [min, max). */
	between(min: number, max: number): number {
		return min + this.next() * (max - min);
	}

	/** An integer in [min, max]. */
	int(min: number, max: number): number {
		return Math.floor(this.between(min, max + 1));
	}

	/** True with the given probability. */
	chance(probability: number): boolean {
		return this.next() < probability;
	}

	pick<T>(items: readonly T[]): T {
		return items[Math.floor(this.next() * items.length)];
	}
}
