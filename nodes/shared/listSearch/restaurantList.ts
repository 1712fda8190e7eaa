/**
 * The restaurants a credential reaches, for the Restaurant dropdowns. The API lists them in one
 * answer (spec 4.5: no paging; the search endpoint's shapes are not shown), each with its whole
 * profile and settings: about 2.3 kB a restaurant, 2.3 MB for a partner reaching 1,000. So a
 * dropdown reads the list when it opens and keeps the fields it shows; the searches and further
 * pages that follow within a minute (n8n's editor asks again at every pause in typing) use that
 * copy instead of reading 2.3 MB each time. Kept per credential ID and base URL, never by token.
 */
import type { ILoadOptionsFunctions } from 'n8n-workflow';
import { apiPath } from '../paths';
import { apiRequest, credentialScope } from '../transport';

export interface RestaurantSummary {
	id: number;
	name: string;
	city?: string | null;
	/** Name, city and ID in lower case: what a search matches. */
	searchText: string;
}

/** How long the list read when a dropdown opens serves its searches and pages. */
export const LIST_REUSE_MS = 60_000;
/** Credentials whose lists are kept at once; the least recently read is dropped. */
const MAX_LISTS = 16;

const lists = new Map<string, { readAt: number; restaurants: RestaurantSummary[] }>();

/** The restaurants, read now when `fresh` (a dropdown opening), else the copy read last if recent. */
export async function accessibleRestaurants(
	context: ILoadOptionsFunctions,
	fresh: boolean,
): Promise<RestaurantSummary[]> {
	const key = (await credentialScope(context)).join('\u0000');
	const kept = lists.get(key);
	if (!fresh && kept && Date.now() - kept.readAt < LIST_REUSE_MS) return kept.restaurants;
	const listed = await apiRequest<Array<Omit<RestaurantSummary, 'searchText'>>>(context, {
		method: 'GET',
		path: apiPath('restaurants'),
	});
	const restaurants = listed.map(({ id, name, city }) => ({
		id,
		name,
		city,
		searchText: `${name} ${city ?? ''} ${id}`.toLowerCase(),
	}));
	lists.delete(key);
	lists.set(key, { readAt: Date.now(), restaurants });
	if (lists.size > MAX_LISTS) lists.delete(lists.keys().next().value as string);
	return restaurants;
}
