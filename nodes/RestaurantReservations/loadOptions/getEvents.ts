import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { apiPath } from '../../shared/paths';
import { apiRequest } from '../../shared/transport';
import { currentRestaurantId } from './restaurantId';

export async function getEvents(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const events = await apiRequest<
		Array<{ id: number; name: string; startDate: string; isOffline: boolean }>
	>(this, {
		method: 'GET',
		path: apiPath('events', { restaurantId: currentRestaurantId(this) }),
	});
	return events.map((e) => ({
		name: `${e.name} (${e.startDate.slice(0, 10)}${e.isOffline ? ', draft' : ''})`,
		value: e.id,
	}));
}
