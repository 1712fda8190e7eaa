/**
 * One poll, whatever is watched: read the settings, look up the restaurants (cached for an hour),
 * list and compare them least recently polled first, as many as the poll's budget allows
 * (./restaurantRound), then store what changed and emit one item per new, changed or gone record
 * (./nextState). A restaurant whose requests fail keeps its stored state and is tried again at the
 * next poll while the others report (./unreachable); a failed lookup of the restaurants, or a poll
 * that lists none of them, throws before anything is stored or emitted. A manual test run stores
 * nothing. Polls of one trigger never overlap (./overlapGuard), however long one takes.
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { DEFAULT_BUDGET_MS, outOfTime, startClock } from '../api/requests';
import { watchedRestaurants } from '../api/restaurants';
import { withFailure } from '../../shared/errors';
import { vocabularyOf } from '../../shared/reading/context';
import { compareListing } from '../state/compare';
import { readStoredState, writeStoredState } from '../state/storedState';
import { WATCH_TARGETS } from '../targets';
import type { Listing } from '../types';
import { withExpiredTokenHint } from './expiredToken';
import { nextState } from './nextState';
import { oneAtATime } from './overlapGuard';
import {
	firstErrorWhenNoneListed,
	leastRecentlyPolledFirst,
	pollRestaurants,
} from './restaurantRound';
import { logRound } from './roundLog';
import { readSettings } from './settings';

/**
 * One poll; what fails it leaves with its failure cause (a mistake of our code: `node-defect`).
 * `guestDetails`: the guest details the Reservations watch watches, when not this release's (a
 * test adds one, as a later release would).
 */
export async function pollWatch(
	context: IPollFunctions,
	guestDetails?: readonly string[],
): Promise<INodeExecutionData[][] | null> {
	try {
		// A test run stores nothing: it needs no guard, and must not hold up the active workflow's polls.
		if (context.getMode() === 'manual') return await pollOnce(context, guestDetails);
		const trigger = `${context.getWorkflow().id}\u0000${context.getNode().id ?? context.getNode().name}`;
		const durable = startClock(context).budgetMs < DEFAULT_BUDGET_MS;
		return await oneAtATime(
			trigger,
			context.getWorkflowStaticData('node'),
			async () => await pollOnce(context, guestDetails),
			durable,
		);
	} catch (error) {
		throw withFailure(context.getNode(), error);
	}
}

async function pollOnce(
	context: IPollFunctions,
	guestDetails: readonly string[] | undefined,
): Promise<INodeExecutionData[][] | null> {
	const settings = readSettings(context, guestDetails);
	const clock = startClock(context, settings.requestLimit);
	const staticData = context.getWorkflowStaticData('node');
	const stored = readStoredState(staticData, settings.settingsKey, settings.keysOf010);
	// The trigger's first poll ever: no state of any kind (not one of other settings or a version).
	const neverPolled = Object.keys(staticData).length === 0;
	const now = Date.now();
	const vocabulary = await vocabularyOf(context);
	settings.reservations?.format.useStateNames(stored?.stateNames ?? []);
	const target = WATCH_TARGETS[settings.watch].create({
		context,
		settings,
		clock,
		now,
		vocabulary,
		stored,
	});

	const { restaurants, lookedUpAt } = await watchedRestaurants(
		context,
		settings,
		stored,
		now,
		clock,
	);
	const outcomes = await pollRestaurants(
		leastRecentlyPolledFirst(restaurants, stored?.restaurants),
		async (restaurant) => {
			const listing = await target.list(restaurant);
			const previous = stored?.restaurants[restaurant.key]?.snapshot;
			const firstListing = stored ? !previous : neverPolled;
			return { listing, compared: await compareListing(listing, previous, target, firstListing) };
		},
		clock,
	);
	const failure = firstErrorWhenNoneListed(outcomes);
	if (failure) throw withExpiredTokenHint(context, failure, stored !== undefined);
	if (outcomes.length > 0 && !outcomes.some((o) => o.kind === 'listed'))
		throw outOfTime(context, 'the first restaurant', clock);
	const { guests } =
		target.settle?.(outcomes.flatMap((o) => (o.kind === 'listed' ? [o] : []))) ?? {};
	const result = nextState(stored, settings, lookedUpAt, outcomes, now, guests);

	// A test run never touches the stored state: it shows the changes waiting for the next poll,
	// or, when there are none, a sample of each chosen event built from the current records.
	if (context.getMode() === 'manual') {
		const listings = outcomes.flatMap((o): Listing[] => (o.kind === 'listed' ? [o.listing] : []));
		return asOutput(result.items.length > 0 ? result.items : target.samples(listings));
	}
	writeStoredState(staticData, result.state);
	logRound(context, outcomes, result.state, clock);
	return asOutput(result.items);
}

function asOutput(items: IDataObject[]): INodeExecutionData[][] | null {
	return items.length > 0 ? [items.map((json) => ({ json }))] : null;
}
