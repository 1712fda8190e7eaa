import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { readAllProducts } from '../resources/product/helpers/allProducts';
import { currentRestaurantId } from './restaurantId';

/** Every product of the restaurant, for order lines and menu sections. */
export async function getProducts(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const products = await readAllProducts(this, currentRestaurantId(this));
	return products.map((p) => ({
		name: `${String(p.name)} (${String(p.price)})`,
		value: String(p.id),
		description: typeof p.productType === 'string' ? p.productType : undefined,
	}));
}
