/**
 * A restaurant whose requests fail while the others' answer: the poll goes on without it (its
 * stored state kept, tried again at the next poll), and at the third failed poll in a row it emits
 * one item of its own, `restaurantUnreachable`, saying what failed and what to do. A workflow tells
 * it from the changes by its `event`.
 */
import { NOTHING_LOST } from '../api/requests';
import type { RestaurantEntry } from '../state/storedState';
import type { Restaurant, TriggerItem } from '../types';

/** Failed polls in a row of one restaurant after which it is reported. */
export const FAILED_POLLS_TO_REPORT = 3;

export const UNREACHABLE_EVENT = 'restaurantUnreachable';

interface ApiFailure extends Error {
	httpCode?: string | null;
	description?: string | null;
}

export function unreachableItem(
	restaurant: Restaurant,
	entry: RestaurantEntry,
	error: Error,
): TriggerItem {
	const { message, httpCode, description } = error as ApiFailure;
	return {
		event: UNREACHABLE_EVENT,
		restaurantId: restaurant.id,
		restaurantLastPolledAt:
			entry.polledAt === undefined ? null : new Date(entry.polledAt).toISOString(),
		failedPolls: entry.failedPolls ?? FAILED_POLLS_TO_REPORT,
		error: {
			message,
			httpCode: httpCode ?? null,
			description: (description ?? '').replace(NOTHING_LOST, '').trim(),
		},
		whatToDo: whatToDo(restaurant, httpCode ?? undefined),
	};
}

function whatToDo(restaurant: Restaurant, httpCode: string | undefined): string {
	const id = restaurant.id;
	const waiting = `Its changes since it was last polled are kept and reported once it answers again; the other restaurants are reported as usual.`;
	if (httpCode === '403')
		return `The access token no longer reaches restaurant ${id}: give the token access to it again in the restaurant platform. If it should not be watched any more, nothing is needed: the trigger looks the restaurants up again and stops watching it once the API no longer lists it for this token. ${waiting}`;
	if (httpCode === '404')
		return `Restaurant ${id} was not found: check that it still exists. If it was closed, nothing is needed: the trigger looks the restaurants up again and stops watching it once the API no longer lists it. ${waiting}`;
	if (httpCode === '401')
		return `The access token was refused for restaurant ${id}: check the credential. ${waiting}`;
	return `The API keeps failing for restaurant ${id}; the trigger tries again at every poll. If it lasts, ask the platform about this restaurant. ${waiting}`;
}

/** The one-line log of a restaurant that failed in this poll. */
export function failureLogLine(restaurant: Restaurant, failedPolls: number, error: Error): string {
	return `Restaurant Reservations Trigger: restaurant ${restaurant.id} failed (${error.message}); its state is kept and it is tried again at the next poll (${failedPolls} failed poll${failedPolls === 1 ? '' : 's'} in a row)`;
}
