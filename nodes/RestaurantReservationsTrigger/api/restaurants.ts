/** The restaurants a poll watches, each with its time zone and country: looked up at most once an hour. */
import type { IPollFunctions } from 'n8n-workflow';
import { configurationError } from '../../shared/errors';
import { timeZoneSettingOf } from '../../shared/reading/context';
import { restaurantCountry } from '../../shared/guests/identity';
import { restaurantZone } from '../../shared/reading/restaurantZone';
import { idValue } from '../../shared/paths';
import type { RestaurantInfo } from './requests';
import { getRestaurant, listRestaurants } from './requests';
import type { StoredState } from '../state/storedState';
import type { PollClock, Restaurant, TriggerSettings } from '../types';

/** How long the restaurants and their time zones are reused before they are looked up again. */
export const RESTAURANT_CACHE_MS = 60 * 60_000;

export interface WatchedRestaurants {
	restaurants: Restaurant[];
	lookedUpAt: number;
}

/** The restaurants to watch: from the stored state when looked up less than an hour ago. */
export async function watchedRestaurants(
	context: IPollFunctions,
	settings: TriggerSettings,
	stored: StoredState | undefined,
	now: number,
	clock: PollClock,
): Promise<WatchedRestaurants> {
	if (
		stored &&
		isFresh(stored, now) &&
		(settings.restaurants === 'all' || stored.restaurants[settings.restaurantId!] !== undefined)
	) {
		const restaurants = Object.entries(stored.restaurants).map(([key, r]) => ({
			key,
			id: idValue(key),
			timeZone: r.timeZone,
			...(r.country ? { country: r.country } : {}),
			...(r.timeZone ? {} : { zoneProblem: unreadZone(key) }),
		}));
		return { restaurants: restaurants.sort(byKey), lookedUpAt: stored.restaurantsLookedUpAt };
	}
	const infos =
		settings.restaurants === 'all'
			? await listRestaurants(context, clock)
			: [await getRestaurant(context, settings.restaurantId!, clock)];
	const setting = await timeZoneSettingOf(context);
	return {
		restaurants: infos.map((info) => toRestaurant(info, setting)).sort(byKey),
		lookedUpAt: now,
	};
}

function isFresh(stored: StoredState, now: number): boolean {
	const age = now - stored.restaurantsLookedUpAt;
	return age >= 0 && age < RESTAURANT_CACHE_MS;
}

/**
 * A restaurant with its time zone read in any common form. One whose zone cannot be read is still
 * watched: its polls fail with the problem and the fix (./restaurants requireZone), as a restaurant
 * whose requests fail, while the others report.
 */
function toRestaurant(info: RestaurantInfo, setting: string): Restaurant {
	const key = String(info.id);
	const zone = restaurantZone(info, info.timeZone, setting);
	const country = restaurantCountry(info);
	const restaurant = { key, id: idValue(key), ...(country ? { country } : {}) };
	return 'timeZone' in zone
		? { ...restaurant, timeZone: zone.timeZone }
		: { ...restaurant, timeZone: '', zoneProblem: zone };
}

const unreadZone = (key: string) => ({
	problem: `Restaurant ${key}: its time zone from the API cannot be read`,
	fix: "Set Restaurant Time Zone in the Restaurant Reservations credential to the restaurant's zone.",
});

/** Throws the restaurant's time-zone problem, for the watches that read times. */
export function requireZone(context: IPollFunctions, restaurant: Restaurant): string {
	if (restaurant.zoneProblem)
		throw configurationError(context.getNode(), restaurant.zoneProblem.problem, {
			description: restaurant.zoneProblem.fix,
		});
	return restaurant.timeZone;
}

function byKey(a: Restaurant, b: Restaurant): number {
	const [x, y] = [idValue(a.key), idValue(b.key)];
	if (typeof x === 'number' && typeof y === 'number') return x - y;
	return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}
