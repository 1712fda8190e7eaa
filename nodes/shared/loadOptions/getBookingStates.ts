/**
 * The states a restaurant's bookings use, for In States and Status: the roles first, then the
 * states seen in its bookings of the last and next 30 days (one request), each with its role. With
 * no restaurant chosen yet, or when the bookings cannot be read, the roles alone.
 */
import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { addLocalDays } from '../dateWindows';
import { apiPath } from '../paths';
import { vocabularyOf } from '../reading/context';
import { stateOf } from '../reading/record';
import { ROLE_OPTIONS, seenStateOptions } from '../reading/stateOptions';
import { apiRequest } from '../transport';
import { accessibleRestaurants } from '../listSearch/restaurantList';

const SAMPLE_DAYS = 30;

/** The restaurant of the node, else the first one the token reaches (a trigger on all of them). */
async function sampleRestaurant(context: ILoadOptionsFunctions): Promise<string | undefined> {
	const chosen = context.getCurrentNodeParameter('restaurantId', { extractValue: true });
	if (typeof chosen === 'string' && /^\d+$/.test(chosen.trim())) return chosen.trim();
	if (context.getCurrentNodeParameter('restaurants') !== 'all') return undefined;
	return (await accessibleRestaurants(context, false))[0]?.id?.toString();
}

export async function getBookingStates(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	try {
		const restaurantId = await sampleRestaurant(this);
		if (!restaurantId) return ROLE_OPTIONS;
		const today = `${new Date().toISOString().slice(0, 10)}T00:00:00`;
		const [bookings, vocabulary] = await Promise.all([
			apiRequest<IDataObject[]>(this, {
				method: 'GET',
				path: apiPath('reservations', { restaurantId }),
				qs: {
					from: addLocalDays(today, -SAMPLE_DAYS),
					to: addLocalDays(today, SAMPLE_DAYS),
					includeEvents: true,
				},
			}),
			vocabularyOf(this),
		]);
		const list = Array.isArray(bookings) ? bookings : [];
		return [...ROLE_OPTIONS, ...seenStateOptions(list.map(stateOf), vocabulary)];
	} catch {
		// The roles work without the API: a list that cannot be read must not block the editor.
		return ROLE_OPTIONS;
	}
}
