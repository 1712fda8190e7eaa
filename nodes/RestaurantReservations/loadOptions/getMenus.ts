import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { apiRequest, paths } from '../../shared/transport';
import { currentRestaurantId } from './restaurantId';

export async function getMenus(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const menus = await apiRequest<Array<{ id: string; name: string; visible?: boolean }>>(this, {
		method: 'GET',
		path: `${paths.restaurant(currentRestaurantId(this))}/menu`,
	});
	return menus.map((m) => ({ name: m.visible === false ? `${m.name} (hidden)` : m.name, value: m.id }));
}
