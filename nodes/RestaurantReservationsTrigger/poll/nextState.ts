/**
 * What one poll stores and reports, from its restaurants' outcomes (./restaurantRound). A listed
 * restaurant stores its new snapshot and reports its items; a failed one keeps its stored entry
 * and counts the failure (reported once, by an item of its own, at the third poll in a row: the
 * others' items are emitted and stored as usual); one not reached keeps its entry untouched. So
 * each restaurant's changes are reported exactly once, in the poll that stores its new snapshot.
 *
 * The listed restaurants' `polledAt` is stamped only when the state changes anyway: a poll that
 * reached every restaurant and found nothing new stores the state exactly as it was (n8n's durable
 * poll cursors then commit nothing); a partial poll always stamps, so the next one starts with the
 * others.
 */
import type { RestaurantEntry, StoredState } from '../state/storedState';
import { STATE_VERSION } from '../state/storedState';
import type { Restaurant, TriggerItem, TriggerSettings } from '../types';
import type { RestaurantOutcome } from './restaurantRound';
import { FAILED_POLLS_TO_REPORT, unreachableItem } from './unreachable';

export interface PollResult {
	state: StoredState;
	/** Restaurant by restaurant (by ID), each in its target's order. */
	items: TriggerItem[];
	/** Whether the state differs from the stored one. */
	changed: boolean;
}

export function nextState(
	stored: StoredState | undefined,
	settings: TriggerSettings,
	lookedUpAt: number,
	outcomes: readonly RestaurantOutcome[],
	now: number,
	/** The Guests watch's known guests, as they are to be stored. */
	guests?: string,
): PollResult {
	const previous = stored?.restaurants ?? {};
	const entries: Record<string, RestaurantEntry> = {};
	const items: TriggerItem[] = [];
	let changed = !stored || stored.restaurantsLookedUpAt !== lookedUpAt || stored.guests !== guests;
	let lookUpAgain = false;
	for (const outcome of [...outcomes].sort((a, b) => byId(a.restaurant, b.restaurant))) {
		const { restaurant } = outcome;
		const before = previous[restaurant.key];
		if (outcome.kind === 'listed') {
			const { next, items: found } = outcome.compared;
			const polledBefore = before?.polledAt ?? before?.snapshot?.serverTime;
			items.push(...found.map((item) => withPolledAt(item, polledBefore)));
			entries[restaurant.key] = { ...lookedUp(restaurant, settings), snapshot: next };
			if (before?.polledAt !== undefined) entries[restaurant.key].polledAt = before.polledAt;
			changed ||= next !== before?.snapshot || (before?.failedPolls ?? 0) > 0;
			continue;
		}
		changed = true;
		const kept = keptEntry(before, restaurant, settings);
		if (outcome.kind === 'failed') {
			kept.failedPolls = (before?.failedPolls ?? 0) + 1;
			if (kept.failedPolls === FAILED_POLLS_TO_REPORT)
				items.push(unreachableItem(restaurant, kept, outcome.error));
			lookUpAgain ||= isGoneOrForbidden(outcome.error);
		}
		entries[restaurant.key] = kept;
	}
	changed ||= Object.keys(previous).some((key) => !entries[key]);
	if (changed)
		for (const outcome of outcomes)
			if (outcome.kind === 'listed') entries[outcome.restaurant.key].polledAt = now;
	if (!changed && stored) return { state: stored, items, changed };
	const stateNames = settings.reservations?.format.stateNames() ?? [];
	return {
		state: {
			version: STATE_VERSION,
			...(stateNames.length > 0 ? { stateNames } : {}),
			...(guests !== undefined ? { guests } : {}),
			settingsKey: settings.settingsKey,
			// A restaurant gone or out of reach: the next poll looks the restaurants up again.
			restaurantsLookedUpAt: lookUpAgain ? 0 : lookedUpAt,
			restaurants: entries,
		},
		items,
		changed,
	};
}

/** A restaurant's stored entry as it was (its time zone as looked up now), or a new one. */
function keptEntry(
	before: RestaurantEntry | undefined,
	restaurant: Restaurant,
	settings: TriggerSettings,
): RestaurantEntry {
	if (!before) return lookedUp(restaurant, settings);
	const kept: RestaurantEntry = { ...before };
	delete kept.country;
	return {
		...kept,
		...lookedUp(restaurant, settings),
		...(before.snapshot ? { snapshot: { ...before.snapshot, timeZone: restaurant.timeZone } } : {}),
	};
}

/** What a restaurant's entry keeps of its look-up: its time zone, and its country when guests are watched (their phones are read with it). */
function lookedUp({ timeZone, country }: Restaurant, settings: TriggerSettings): RestaurantEntry {
	return { timeZone, ...(country && settings.guests ? { country } : {}) };
}

/** The item with when its restaurant was last polled before this poll (null when not known). */
function withPolledAt(item: TriggerItem, polledAt: number | undefined): TriggerItem {
	const { event, restaurantId, ...rest } = item;
	return {
		event,
		restaurantId,
		restaurantLastPolledAt: polledAt === undefined ? null : new Date(polledAt).toISOString(),
		...rest,
	};
}

function isGoneOrForbidden(error: Error): boolean {
	const status = String((error as { httpCode?: unknown }).httpCode ?? '');
	return status === '403' || status === '404';
}

/** Restaurants in ID order (numerically when both IDs are numbers). */
export function byId(a: Restaurant, b: Restaurant): number {
	if (typeof a.id === 'number' && typeof b.id === 'number') return a.id - b.id;
	return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}
