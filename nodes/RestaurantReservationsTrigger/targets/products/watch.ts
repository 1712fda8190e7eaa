/**
 * The Products watch: per restaurant the whole catalog from the paged product list (spec 4.3 and 8,
 * skip/take with the total echoed). A product missing from the list counts as deleted, so the
 * listing must be whole: every page must echo the same total, each page after the first must start
 * with the last product of the page before it, and the distinct products must add up to the total.
 * A catalog that changed while it was listed (a product added or removed, or moved before a page's
 * start, shifts the pages) is listed again, at most three times in one poll; then the poll fails
 * and the next one catches up.
 */
import type { IDataObject, IPollFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { mapWithConcurrency } from '../../../shared/concurrency';
import { WINDOW_CONCURRENCY } from '../../../shared/dateWindows';
import { apiPath } from '../../../shared/paths';
import type { CompleteListDefinition } from '../completeList/completeListWatch';
import { NOTHING_LOST, send, serverTimeOf } from '../../api/requests';
import { PRODUCT_TRIGGER_EVENTS } from './triggerEvents';
import { PRODUCT_ITEMS, PRODUCT_RECORDS } from './fields';
import type { PollClock } from '../../types';

/** Products asked for per page (spec 8: the largest page is not shown); the server's `take` echo is followed. */
export const PRODUCT_PAGE_SIZE = 100;
/** Listings of one catalog in one poll before a catalog that keeps changing fails the poll. */
const LISTING_ATTEMPTS = 3;

export const PRODUCT_WATCH: CompleteListDefinition = {
	table: PRODUCT_TRIGGER_EVENTS,
	records: PRODUCT_RECORDS,
	items: PRODUCT_ITEMS,
	list: async ({ context, clock }, restaurant) =>
		await listProducts(context, restaurant.key, clock),
	// In ID order.
	orderKey: () => '',
};

interface Page {
	items: IDataObject[];
	total: number;
	take: number;
	serverTime?: number;
}

async function listProducts(
	context: IPollFunctions,
	restaurantId: string,
	clock: PollClock,
): Promise<{ values: IDataObject[]; serverTime?: number }> {
	for (let attempt = 1; ; attempt++) {
		const listing = await listOnce(context, restaurantId, clock);
		if (listing) return listing;
		if (attempt === LISTING_ATTEMPTS) {
			throw new NodeApiError(context.getNode(), { message: 'catalog changed' } as JsonObject, {
				message: `The catalog of restaurant ${restaurantId} changed while it was listed, ${LISTING_ATTEMPTS} times in a row`,
				description: `Its pages did not fit together (a product was added or removed before a page's start). ${NOTHING_LOST}`,
			});
		}
	}
}

/** The whole catalog, or undefined when its pages do not fit together. */
async function listOnce(
	context: IPollFunctions,
	restaurantId: string,
	clock: PollClock,
): Promise<{ values: IDataObject[]; serverTime?: number } | undefined> {
	const first = await readPage(context, restaurantId, 0, PRODUCT_PAGE_SIZE, clock);
	const size = first.take >= 1 && first.take <= PRODUCT_PAGE_SIZE ? first.take : first.items.length;
	// Pages after the first overlap the one before by one product, the anchor of the check below.
	const step = size > 1 ? size - 1 : size;
	const skips: number[] = [];
	for (let skip = step; skip > 0 && skip + (size - step) < first.total; skip += step)
		skips.push(skip);
	let failed = false;
	const rest = await mapWithConcurrency(skips, WINDOW_CONCURRENCY, async (skip) => {
		// After one page failed, the poll is lost anyway: start no further request.
		if (failed) return undefined;
		const page = readPage(context, restaurantId, skip, size, clock);
		page.catch(() => (failed = true));
		return await page;
	});
	const pages = [first, ...(rest as Page[])];
	const values = new Map<string, IDataObject>();
	for (let k = 0; k < pages.length; k++) {
		const page = pages[k];
		if (page.total !== first.total) return undefined;
		if (k > 0 && size > 1) {
			const before = pages[k - 1].items;
			if (before.length !== size || String(page.items[0]?.id) !== String(before[size - 1].id))
				return undefined;
		}
		for (const item of page.items) values.set(String(item.id), item);
	}
	if (values.size !== first.total) return undefined;
	return { values: [...values.values()], serverTime: first.serverTime };
}

async function readPage(
	context: IPollFunctions,
	restaurantId: string,
	skip: number,
	take: number,
	clock: PollClock,
): Promise<Page> {
	const what = `the products of restaurant ${restaurantId} from ${skip}`;
	const response = await send(
		context,
		{ method: 'GET', path: apiPath('products', { restaurantId }), qs: { skip, take } },
		what,
		clock,
	);
	const body = response.body as { items?: unknown; total?: unknown; take?: unknown } | undefined;
	if (!body || !Array.isArray(body.items) || typeof body.total !== 'number') {
		throw new NodeApiError(context.getNode(), { message: 'not a page' } as JsonObject, {
			message: 'The API answered the product list with something that is not a page of products',
			description: `While fetching ${what}. ${NOTHING_LOST}`,
		});
	}
	return {
		items: body.items as IDataObject[],
		total: body.total,
		take: typeof body.take === 'number' ? body.take : body.items.length,
		serverTime: serverTimeOf(response),
	};
}
