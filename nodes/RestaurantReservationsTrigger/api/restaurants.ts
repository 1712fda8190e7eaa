/** The restaurants a poll watches, each with its time zone: looked up at most once an hour. */
import type { IPollFunctions } from 'n8n-workflow';
import { isValidTimeZone } from '../../shared/localTime';
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
		}));
		return { restaurants: restaurants.sort(byKey), lookedUpAt: stored.restaurantsLookedUpAt };
	}
	const infos =
		settings.restaurants === 'all'
			? await listRestaurants(context, clock)
			: [await getRestaurant(context, settings.restaurantId!, clock)];
	return {
		restaurants: infos.map((info) => toRestaurant(context, info)).sort(byKey),
		lookedUpAt: now,
	};
}

function isFresh(stored: StoredState, now: number): boolean {
	const age = now - stored.restaurantsLookedUpAt;
	return age >= 0 && age < RESTAURANT_CACHE_MS;
}

function toRestaurant(context: IPollFunctions, info: RestaurantInfo): Restaurant {
	const key = String(info.id);
	// A restaurant without a usable time zone is read in the workflow's time zone.
	const timeZone =
		info.timeZone && isValidTimeZone(info.timeZone) ? info.timeZone : context.getTimezone();
	return { key, id: idValue(key), timeZone };
}

function byKey(a: Restaurant, b: Restaurant): number {
	const [x, y] = [idValue(a.key), idValue(b.key)];
	if (typeof x === 'number' && typeof y === 'number') return x - y;
	return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}
