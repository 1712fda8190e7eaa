/**
 * The deterministic seed: the same options always give the same data. Dates are relative to an
 * anchor day (today by default, or `--today`), so the data always spans a year either side of it.
 * Three restaurants are always seeded; `restaurants` beyond three adds generated ones
 * (./generatedRestaurants) with the same kind of data.
 */
import { seedCatalog } from './catalog';
import { seedEvents } from './events';
import { FIRST_GENERATED_ID, generatedRestaurantSeeds } from './generatedRestaurants';
import { seedMenus } from './menus';
import { Random } from './random';
import { seedReservation } from './reservations';
import { configFor, RESTAURANT_SEEDS, settingsFor, type RestaurantSeed } from './restaurants';
import type { SeedResult } from '../store/store';
import type { Reservation, RestaurantData } from '../store/types';

export interface SeedOptions {
	/** Anchor day, "YYYY-MM-DD". */
	today: string;
	/** Reservations per restaurant. */
	reservationsPerRestaurant: number;
	/** Products added to each restaurant's catalog beyond the regular seed (benchmarks). */
	extraProducts?: number;
	/** Restaurants in all: the three seeded ones, then generated ones up to this count (3 when absent or less). */
	restaurants?: number;
}

export const DEFAULT_RESERVATIONS_PER_RESTAURANT = 600;

/** The seeded restaurants and, beyond three, the generated ones. */
export function restaurantSeeds(restaurants = RESTAURANT_SEEDS.length): RestaurantSeed[] {
	return [
		...RESTAURANT_SEEDS,
		...generatedRestaurantSeeds(Math.max(0, restaurants - RESTAURANT_SEEDS.length)),
	];
}

export function buildSeed(options: SeedOptions): SeedResult {
	const restaurants = new Map<number, RestaurantData>();
	let eventNumber = 5000;
	const nextEventNumber = () => ++eventNumber;
	const seeds = restaurantSeeds(options.restaurants);
	for (const seed of seeds)
		restaurants.set(seed.profile.id, seedRestaurant(seed, options, nextEventNumber));
	const counters = new Map<string, number>([
		['event', eventNumber + 1],
		['restaurant', FIRST_GENERATED_ID + seeds.length - RESTAURANT_SEEDS.length],
	]);
	for (const rid of restaurants.keys())
		counters.set(`reservation:${rid}`, options.reservationsPerRestaurant + 1);
	return { restaurants, counters };
}

function seedRestaurant(
	seed: RestaurantSeed,
	options: SeedOptions,
	nextEventNumber: () => number,
): RestaurantData {
	const rid = seed.profile.id;
	const random = new Random(`restaurant-sandbox/${rid}`);
	const year = Number(options.today.slice(0, 4));
	// Copies, so that changes made through the API never leak into the next reset.
	const settings = structuredClone(settingsFor(seed, year));
	const config = structuredClone(configFor(seed, settings));
	const catalog = seedCatalog(seed, random, options.extraProducts);
	const productGroups = new Map(catalog.groups.map((g) => [g.id, g]));
	const products = new Map(catalog.products.map((p) => [p.id, p]));
	const events = seedEvents(rid, options.today, nextEventNumber);
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
	return {
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
	};
}
