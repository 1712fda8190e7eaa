import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { accessibleRestaurants } from './restaurantList';

/** Restaurants a dropdown shows at once; scrolling to the end asks for the next page. */
export const RESTAURANT_PAGE_SIZE = 100;

/**
 * The restaurants the token reaches, filtered by name, city or ID, for the Restaurant locator: a
 * page at a time (n8n's pagination token is the offset), from the list read when the dropdown
 * opened (./restaurantList).
 */
export async function searchRestaurants(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const needle = filter?.trim().toLowerCase();
	const restaurants = await accessibleRestaurants(this, !needle && !paginationToken);
	const matching = needle ? restaurants.filter((r) => r.searchText.includes(needle)) : restaurants;
	const offset = Math.max(0, Number(paginationToken) || 0);
	const next = offset + RESTAURANT_PAGE_SIZE;
	return {
		results: matching
			.slice(offset, next)
			.map((r) => ({ name: r.city ? `${r.name} (${r.city})` : r.name, value: String(r.id) })),
		...(next < matching.length ? { paginationToken: String(next) } : {}),
	};
}
