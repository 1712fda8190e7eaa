/**
 * One poll, whatever is watched: read the settings, look up the restaurants (cached for an hour),
 * list each restaurant through the watch target, compare with the stored state, and only then
 * store the new state and emit one item per new, changed or gone record. A failure anywhere throws
 * before anything is stored or emitted. A manual test run stores nothing. Polls of one trigger never
 * overlap (./overlapGuard).
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { DEFAULT_BUDGET_MS, startClock } from '../api/requests';
import { watchedRestaurants } from '../api/restaurants';
import { compareListing } from '../state/compare';
import type { StoredState } from '../state/storedState';
import { readStoredState, STATE_VERSION, writeStoredState } from '../state/storedState';
import { WATCH_TARGETS } from '../targets';
import type { Listing, TriggerItem } from '../types';
import { oneAtATime, SAVE_MARGIN_MS } from './overlapGuard';
import { readSettings } from './settings';

export async function pollWatch(context: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	// A test run stores nothing: it needs no guard, and must not hold up the active workflow's polls.
	if (context.getMode() === 'manual') return await pollOnce(context);
	const trigger = `${context.getWorkflow().id}\u0000${context.getNode().id ?? context.getNode().name}`;
	const durable = startClock(context).budgetMs < DEFAULT_BUDGET_MS;
	return await oneAtATime(
		trigger,
		async () => await pollOnce(context),
		durable ? SAVE_MARGIN_MS : 0,
	);
}

async function pollOnce(context: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const settings = readSettings(context);
	const clock = startClock(context);
	const staticData = context.getWorkflowStaticData('node');
	const stored = readStoredState(staticData, settings.settingsKey);
	const now = Date.now();
	const target = WATCH_TARGETS[settings.watch].create({ context, settings, clock, now });

	const { restaurants, lookedUpAt } = await watchedRestaurants(
		context,
		settings,
		stored,
		now,
		clock,
	);
	const listings: Listing[] = [];
	for (const restaurant of restaurants) listings.push(await target.list(restaurant));

	const items: TriggerItem[] = [];
	const next: StoredState = {
		version: STATE_VERSION,
		settingsKey: settings.settingsKey,
		restaurantsLookedUpAt: lookedUpAt,
		restaurants: {},
	};
	for (const listing of listings) {
		const key = listing.restaurant.key;
		const compared = await compareListing(listing, stored?.restaurants[key], target);
		items.push(...compared.items);
		next.restaurants[key] = compared.next;
	}

	// A test run never touches the stored state: it shows the changes waiting for the next poll,
	// or, when there are none, a sample of each chosen event built from the current records.
	if (context.getMode() === 'manual')
		return asOutput(items.length > 0 ? items : target.samples(listings));
	writeStoredState(staticData, next);
	return asOutput(items);
}

function asOutput(items: IDataObject[]): INodeExecutionData[][] | null {
	return items.length > 0 ? [items.map((json) => ({ json }))] : null;
}
