/**
 * Every product of a restaurant (spec 4.3: pages of skip/take with `total`), for the product
 * dropdown and for matching rows in Create or Update. The first page says how many there are; the
 * others are then read a few at a time, by the page size the server really served.
 */
import type { IDataObject } from 'n8n-workflow';
import { mapWithConcurrency } from '../../../../shared/concurrency';
import { apiPath } from '../../../../shared/paths';
import { apiRequest, type ApiContext } from '../../../../shared/transport';

/** Page size asked for: the largest the sandbox serves; a server serving less is read by its size. */
const TAKE = 200;
/** Pages read at once after the first. */
const PAGE_CONCURRENCY = 4;

interface ProductsPage {
	items: IDataObject[];
	total: number;
}

export async function readAllProducts(
	context: ApiContext,
	restaurantId: string,
	itemIndex?: number,
): Promise<IDataObject[]> {
	const path = apiPath('products', { restaurantId });
	const page = (skip: number) =>
		apiRequest<ProductsPage>(context, {
			method: 'GET',
			path,
			qs: { skip, take: TAKE },
			itemIndex,
		});
	const first = await page(0);
	const served = first.items.length;
	const skips: number[] = [];
	if (served > 0) for (let skip = served; skip < first.total; skip += served) skips.push(skip);
	const rest = await mapWithConcurrency(skips, PAGE_CONCURRENCY, page);
	// A product created or deleted meanwhile shifts the pages: keep each product once.
	const byId = new Map<string, IDataObject>();
	for (const { items } of [first, ...rest]) for (const p of items) byId.set(String(p.id), p);
	return [...byId.values()];
}
