/**
 * The sandbox's in-memory store: one RestaurantData per restaurant, rebuilt from the deterministic
 * seed on start and on reset. Access checks live here so that every family applies them the same way.
 */
import { canAccess, type Principal } from '../auth';
import { ApiProblem } from '../problems';
import type { AuditEntry, RestaurantData } from './types';

export interface SeedResult {
	restaurants: Map<number, RestaurantData>;
	/** Next free number per id prefix, so ids created later never collide with seeded ones. */
	counters: Map<string, number>;
}

export class Store {
	restaurants = new Map<number, RestaurantData>();
	private counters = new Map<string, number>();
	/** The seed as built, never changed: every reset takes a copy (60 ms, against 0.4 s to seed again). */
	private readonly seeded: SeedResult;

	constructor(seed: () => SeedResult) {
		this.seeded = seed();
		this.reset();
	}

	reset(): void {
		const fresh = structuredClone(this.seeded);
		this.restaurants = fresh.restaurants;
		this.counters = fresh.counters;
	}

	/** Next number for an id prefix ("reservation", "product", "event", ...). */
	nextNumber(prefix: string): number {
		const next = this.counters.get(prefix) ?? 1;
		this.counters.set(prefix, next + 1);
		return next;
	}

	accessibleRestaurants(principal: Principal): RestaurantData[] {
		return [...this.restaurants.values()].filter((r) => canAccess(principal, r.profile.id));
	}

	/**
	 * The restaurant a request names, if the token reaches it: an unknown id is 404, a known one
	 * outside the token's access is 403, the same answer every time.
	 */
	restaurantFor(principal: Principal, restaurantId: number): RestaurantData {
		const data = this.restaurants.get(restaurantId);
		if (!data)
			throw new ApiProblem(
				404,
				'restaurant_not_found',
				`Restaurant ${restaurantId} was not found.`,
			);
		if (!canAccess(principal, restaurantId)) {
			throw new ApiProblem(
				403,
				'forbidden',
				`The access token has no access to restaurant ${restaurantId}.`,
			);
		}
		return data;
	}

	record(
		data: RestaurantData,
		entry: Omit<AuditEntry, 'at' | 'changes'> & { changes?: AuditEntry['changes'] },
	): void {
		data.audit.push({ at: nowIso(), changes: null, ...entry });
	}
}

export function nowIso(): string {
	return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The top-level fields whose value differs, for the audit log. */
export function diffFields(
	before: object,
	after: object,
): Record<string, { from: unknown; to: unknown }> {
	const changes: Record<string, { from: unknown; to: unknown }> = {};
	const was = before as Record<string, unknown>;
	for (const [key, value] of Object.entries(after)) {
		if (JSON.stringify(was[key]) !== JSON.stringify(value))
			changes[key] = { from: was[key] ?? null, to: value };
	}
	return changes;
}
