import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { apiPath } from '../paths';
import { apiRequest } from '../transport';

interface RestaurantSummary {
	id: number;
	name: string;
	city?: string | null;
	timeZone?: string;
}

/** The restaurants the token reaches, filtered by name or city, for the Restaurant locator. */
export async function searchRestaurants(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const restaurants = await apiRequest<RestaurantSummary[]>(this, {
		method: 'GET',
		path: apiPath('restaurants'),
	});
	const needle = filter?.trim().toLowerCase();
	return {
		results: restaurants
			.filter((r) => !needle || `${r.name} ${r.city ?? ''} ${r.id}`.toLowerCase().includes(needle))
			.map((r) => ({ name: r.city ? `${r.name} (${r.city})` : r.name, value: String(r.id) })),
	};
}
