import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { apiPath } from '../../shared/paths';
import { apiRequest } from '../../shared/transport';
import { currentRestaurantId } from './restaurantId';

export async function getProductGroups(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const groups = await apiRequest<Array<{ id: string; name: string; productsCount?: number }>>(
		this,
		{
			method: 'GET',
			path: apiPath('productGroups', { restaurantId: currentRestaurantId(this) }),
		},
	);
	return groups.map((g) => ({
		name: g.name,
		value: g.id,
		description: `${g.productsCount ?? 0} products`,
	}));
}
