import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { apiRequest, paths } from '../../shared/transport';
import { currentRestaurantId } from './restaurantId';

export async function getProductGroups(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const groups = await apiRequest<Array<{ id: string; name: string; productsCount?: number }>>(this, {
		method: 'GET',
		path: `${paths.restaurant(currentRestaurantId(this))}/productgroups`,
	});
	return groups.map((g) => ({ name: g.name, value: g.id, description: `${g.productsCount ?? 0} products` }));
}
