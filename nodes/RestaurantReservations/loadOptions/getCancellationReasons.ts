import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { apiPath } from '../../shared/paths';
import { apiRequest } from '../../shared/transport';
import { currentRestaurantId } from './restaurantId';

interface Configuration {
	reservationSettings?: {
		cancellationOptions?: Array<{ name: string; note?: string | null; isDefault?: boolean }>;
	};
}

/** The cancellation reasons the restaurant configured (spec 2.8), the default first. */
export async function getCancellationReasons(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const config = await apiRequest<Configuration>(this, {
		method: 'GET',
		path: apiPath('configuration', { restaurantId: currentRestaurantId(this) }),
	});
	const options = config.reservationSettings?.cancellationOptions ?? [];
	return [...options]
		.sort((a, b) => Number(Boolean(b.isDefault)) - Number(Boolean(a.isDefault)))
		.map((o) => ({
			name: o.isDefault ? `${o.name} (default)` : o.name,
			value: o.name,
			description: o.note ?? undefined,
		}));
}
