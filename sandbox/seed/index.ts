/**
 * The deterministic seed: the same options always give the same data. Dates are relative to an
 * anchor day (today by default, or `--today`), so the data always spans a year either side of it.
 */
import { seedCatalog } from './catalog';
import { seedEvents } from './events';
import { seedMenus } from './menus';
import { Random } from './random';
import { seedReservation } from './reservations';
import { configFor, RESTAURANT_SEEDS, settingsFor } from './restaurants';
import type { SeedResult } from '../store/store';
import type { Reservation, RestaurantData } from '../store/types';

export interface SeedOptions {
	/** Anchor day, "YYYY-MM-DD". */
	today: string;
	/** Reservations per restaurant. */
	reservationsPerRestaurant: number;
	/** Products added to each restaurant's catalog beyond the regular seed (benchmarks). */
	extraProducts?: number;
}

export const DEFAULT_RESERVATIONS_PER_RESTAURANT = 600;

export function buildSeed(options: SeedOptions): SeedResult {
	const restaurants = new Map<number, RestaurantData>();
	let eventNumber = 5000;
	const year = Number(options.today.slice(0, 4));
	for (const seed of RESTAURANT_SEEDS) {
		const rid = seed.profile.id;
		const random = new Random(`restaurant-sandbox/${rid}`);
		// Copies, so that changes made through the API never leak into the next reset.
		const settings = structuredClone(settingsFor(seed, year));
		const config = structuredClone(configFor(seed, settings));
		const catalog = seedCatalog(seed, random, options.extraProducts);
		const productGroups = new Map(catalog.groups.map((g) => [g.id, g]));
		const products = new Map(catalog.products.map((p) => [p.id, p]));
		const events = seedEvents(rid, options.today, () => ++eventNumber);
		const reservations = new Map<string, Reservation>();
		const ctx = {
			restaurantId: rid,
			today: options.today,
			events,
			catalog: { products, productGroups },
			reservationSettings: config.reservationSettings as {
				approvalRequired?: boolean;
				approvalSize?: number;
			},
			random,
			anchorInstant: `${options.today}T00:00:00Z`,
		};
		for (let n = 1; n <= options.reservationsPerRestaurant; n++) {
			const reservation = seedReservation(ctx, n);
			reservations.set(reservation.id, reservation);
		}
		restaurants.set(rid, {
			profile: structuredClone(seed.profile),
			settings,
			config,
			onboardingSteps: [
				{ name: 'profile', done: true },
				{ name: 'openingHours', done: true },
				{ name: 'tables', done: true },
				{ name: 'menu', done: true },
				{ name: 'payments', done: seed.profile.isPayAccount === true },
			],
			productGroups,
			products,
			menus: new Map(seedMenus(rid, catalog.products).map((m) => [m.id, m])),
			events: new Map(events.map((e) => [e.id, e])),
			reservations,
			audit: [],
		});
	}
	const counters = new Map<string, number>([
		['event', eventNumber + 1],
		['restaurant', 104],
	]);
	for (const rid of restaurants.keys())
		counters.set(`reservation:${rid}`, options.reservationsPerRestaurant + 1);
	return { restaurants, counters };
}
