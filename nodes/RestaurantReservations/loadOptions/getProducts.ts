import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { apiPath } from '../../shared/paths';
import { apiRequest } from '../../shared/transport';
import { currentRestaurantId } from './restaurantId';

interface ProductsPage {
	items: Array<{ id: string; name: string; price: number; productType?: string | null }>;
	total: number;
}

/** Every product of the restaurant (paged with skip/take), for order lines and menu sections. */
export async function getProducts(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const path = apiPath('products', { restaurantId: currentRestaurantId(this) });
	const products: ProductsPage['items'] = [];
	for (let skip = 0; ;) {
		const qs: IDataObject = { skip, take: 200 };
		const page = await apiRequest<ProductsPage>(this, { method: 'GET', path, qs });
		products.push(...page.items);
		skip += page.items.length;
		if (page.items.length === 0 || skip >= page.total) break;
	}
	return products.map((p) => ({
		name: `${p.name} (${p.price})`,
		value: p.id,
		description: p.productType ?? undefined,
	}));
}
