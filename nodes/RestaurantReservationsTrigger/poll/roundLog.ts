/**
 * What a poll tells n8n's log (n8n shows no notice for a poll): each restaurant that failed, and,
 * when the poll could not list every restaurant, how many it did and how long a full round of
 * polls over all of them takes (the restaurant polled longest ago). At info level then, debug
 * otherwise; never the token (only the API's messages and restaurant IDs).
 */
import type { IPollFunctions } from 'n8n-workflow';
import type { StoredState } from '../state/storedState';
import type { PollClock } from '../types';
import type { RestaurantOutcome } from './restaurantRound';
import { failureLogLine } from './unreachable';

export function logRound(
	context: IPollFunctions,
	outcomes: readonly RestaurantOutcome[],
	state: StoredState,
	clock: PollClock,
): void {
	for (const outcome of outcomes)
		if (outcome.kind === 'failed')
			context.logger.warn(
				failureLogLine(
					outcome.restaurant,
					state.restaurants[outcome.restaurant.key]?.failedPolls ?? 1,
					outcome.error,
				),
			);
	const line = roundLine(outcomes, state, clock, Date.now());
	if (outcomes.some((o) => o.kind !== 'listed')) context.logger.info(line);
	else context.logger.debug(line);
}

/** "polled 250 of 1000 restaurants in 33.9 s ...; a full round takes about 4.2 minutes ..." */
export function roundLine(
	outcomes: readonly RestaurantOutcome[],
	state: StoredState,
	clock: PollClock,
	now: number,
): string {
	const count = (kind: RestaurantOutcome['kind']) => outcomes.filter((o) => o.kind === kind).length;
	const { started, refused } = clock.pacing.counts;
	const parts = [
		`Restaurant Reservations Trigger: polled ${count('listed')} of ${outcomes.length} restaurants in ${((now - clock.startedAt) / 1000).toFixed(1)} s`,
		`${started} requests, ${refused} answered 429`,
	];
	if (count('failed') > 0) parts.push(`${count('failed')} failed (tried again next poll)`);
	if (count('notReached') > 0)
		parts.push(
			`${count('notReached')} left for the next polls (least recently polled first: the budget of ${Math.round(clock.budgetMs / 1000)} s did not reach them)`,
		);
	parts.push(roundLength(outcomes, state, now));
	return parts.join('; ');
}

/** How long a full round over every restaurant takes: the age of the oldest poll of one. */
function roundLength(
	outcomes: readonly RestaurantOutcome[],
	state: StoredState,
	now: number,
): string {
	if (outcomes.every((o) => o.kind === 'listed')) return 'a full round in this poll';
	const entries = Object.values(state.restaurants);
	const neverPolled = entries.filter((entry) => !entry.snapshot).length;
	if (neverPolled > 0) return `${neverPolled} not polled yet`;
	// A failing restaurant is not polled until it answers again: it says nothing of the round.
	const answering = entries.filter((entry) => !entry.failedPolls);
	const oldest = Math.min(now, ...answering.map((entry) => entry.polledAt ?? now));
	return `a full round takes about ${((now - oldest) / 60_000).toFixed(1)} minutes (the restaurant polled longest ago was last polled then)`;
}
