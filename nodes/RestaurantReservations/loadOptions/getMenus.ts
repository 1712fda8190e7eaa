import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { apiPath } from '../../shared/paths';
import { apiRequest } from '../../shared/transport';
import { currentRestaurantId } from './restaurantId';

export async function getMenus(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const menus = await apiRequest<Array<{ id: string; name: string; visible?: boolean }>>(this, {
		method: 'GET',
		path: apiPath('menus', { restaurantId: currentRestaurantId(this) }),
	});
	return menus.map((m) => ({
		name: m.visible === false ? `${m.name} (hidden)` : m.name,
		value: m.id,
	}));
}
