/**
 * A POS catalog sync: Product Create or Update for 500 rows against a catalog of 2,000 products,
 * beside a plain client doing what a careful script does (read the catalog once, then PUT what
 * differs and POST what is new, all writes at once as n8n sends them), side by side in one run.
 * Both start from the same sandbox data (reset, untimed, before every run). The rows: 300 products
 * as they are, 150 with a new price and stock, 50 new ones. Then the same rows a second time,
 * when nothing is left to change. And, as the engine's floor, Product Create of the same rows.
 */
import type { IDataObject } from 'n8n-workflow';
import { startSandbox, type RunningSandbox } from '../test/support/sandbox';
import { round, sideBySide } from './lib/measure';
import { builtNode, nodeRun } from './lib/node';
import { add } from './lib/report';

const CATALOG = 2000;
const ROWS = 500;
/** The regular seed has 130 products per restaurant; the bulk ones make up the rest. */
const REGULAR_SEED = 130;
const RESTAURANT = '101';
const PAGE = 200;
const PAGE_CONCURRENCY = 4;

interface Row {
	plu: string;
	name: string;
	price: number;
	stock: number;
}

interface Product {
	id: string;
	productPLU: string | null;
	name: string;
	price: number;
	stockAmount: number | null;
}

/** The plain client: fetch with the token, JSON in and out. */
function plainClient(sandbox: RunningSandbox) {
	const headers = {
		authorization: 'Bearer sandbox-staff-token',
		'content-type': 'application/json',
	};
	const products = `${sandbox.url}/api/core/admin/restaurants/${RESTAURANT}/products`;
	const call = async (method: string, url: string, body?: object) => {
		const response = await fetch(url, {
			method,
			headers,
			body: body ? JSON.stringify(body) : undefined,
		});
		if (!response.ok) throw new Error(`${method} ${url}: ${response.status}`);
		return await response.json();
	};
	const page = (skip: number) =>
		call('GET', `${products}?skip=${skip}&take=${PAGE}`) as Promise<{
			items: Product[];
			total: number;
		}>;
	/** Every product: the first page, then the others four at a time, as the node reads them. */
	async function readCatalog(): Promise<Product[]> {
		const first = await page(0);
		const skips: number[] = [];
		for (let skip = first.items.length; skip < first.total; skip += first.items.length)
			skips.push(skip);
		const rest: Array<{ items: Product[] }> = [];
		for (let i = 0; i < skips.length; i += PAGE_CONCURRENCY)
			rest.push(...(await Promise.all(skips.slice(i, i + PAGE_CONCURRENCY).map(page))));
		return [first, ...rest].flatMap((p) => p.items);
	}
	async function sync(rows: Row[]): Promise<void> {
		const byPlu = new Map((await readCatalog()).map((p) => [p.productPLU, p]));
		await Promise.all(
			rows.map(async (row) => {
				const stored = byPlu.get(row.plu);
				const wanted = { name: row.name, price: row.price, stockAmount: row.stock };
				if (!stored) return await call('POST', products, { productPLU: row.plu, ...wanted });
				const changes = Object.fromEntries(
					Object.entries(wanted).filter(([k, v]) => stored[k as keyof Product] !== v),
				);
				if (Object.keys(changes).length === 0) return undefined;
				return await call('PUT', `${products}/${encodeURIComponent(stored.id)}`, changes);
			}),
		);
	}
	return { readCatalog, sync };
}

/** 300 rows as stored, 150 with a new price and stock, 50 new products. */
function rowsFrom(catalog: Product[]): Row[] {
	// Products with a PLU and a stock, so that a row "as stored" really is.
	const withPlu = catalog.filter((p) => p.productPLU && p.stockAmount !== null);
	return Array.from({ length: ROWS }, (_, i) => {
		if (i % 10 === 9)
			return { plu: `POS-NEW-${i}`, name: `New POS item ${i}`, price: 9.9, stock: 10 };
		const p = withPlu[i * 3];
		const row = { plu: p.productPLU!, name: p.name, price: p.price, stock: p.stockAmount ?? 0 };
		return i % 10 >= 6 ? { ...row, price: round(p.price + 0.5, 2), stock: row.stock + 1 } : row;
	});
}

async function requestsOf(sandbox: RunningSandbox, work: () => Promise<unknown>) {
	await sandbox.control('DELETE', '/requests');
	await work();
	const log = (await (await sandbox.control('GET', '/requests')).json()) as {
		requests: Array<{ method: string }>;
	};
	const writes = log.requests.filter((r) => r.method !== 'GET').length;
	return { total: log.requests.length, reads: log.requests.length - writes, writes };
}

type Requests = Awaited<ReturnType<typeof requestsOf>>;

const said = (r: Requests) => `${r.total} (${r.reads} reads, ${r.writes} writes)`;

/** The plain client's requests, as figures beside the node's. */
const floorFigures = (r: Requests) => ({
	floorTotal: r.total,
	floorReads: r.reads,
	floorWrites: r.writes,
});

export async function benchCatalogSync(runs: number): Promise<void> {
	const sandbox = await startSandbox({
		quiet: true,
		reservations: 50,
		extraProducts: CATALOG - REGULAR_SEED,
	});
	try {
		const plain = plainClient(sandbox);
		const catalog = await plain.readCatalog();
		if (catalog.length !== CATALOG) throw new Error(`catalog of ${catalog.length} products`);
		const rows = rowsFrom(catalog);
		const node = nodeRun(
			builtNode(
				'nodes/RestaurantReservations/RestaurantReservations.node.js',
				'RestaurantReservations',
			),
			sandbox.url,
		);
		/** A product operation of the restaurant over the rows, with these parameters. */
		const overRows = (parameters: IDataObject) => () =>
			node(
				{
					resource: 'product',
					restaurantId: { __rl: true, mode: 'id', value: RESTAURANT },
					...parameters,
				},
				rows as unknown as IDataObject[],
			);
		const nodeSync = overRows({
			operation: 'upsert',
			productPLU: '={{ $json.plu }}',
			name: '={{ $json.name }}',
			additionalFields: { price: '={{ $json.price }}', stockAmount: '={{ $json.stock }}' },
		});
		const reset = () => sandbox.reset();
		const label = `Product Create or Update, ${ROWS} rows, catalog of ${CATALOG.toLocaleString('en')}`;

		await reset();
		const nodeRequests = await requestsOf(sandbox, nodeSync);
		const nodeAgain = await requestsOf(sandbox, nodeSync);
		await reset();
		const plainRequests = await requestsOf(sandbox, () => plain.sync(rows));
		const plainAgain = await requestsOf(sandbox, () => plain.sync(rows));
		add({
			key: 'catalog.requests',
			benchmark: 'action node',
			measure: `${label}: requests`,
			value: said(nodeRequests),
			figures: { ...nodeRequests, ...floorFigures(plainRequests) },
			floor: said(plainRequests),
			target: '= plain client (catalog read once)',
			met: nodeRequests.total === plainRequests.total,
		});
		add({
			key: 'catalog.requests-again',
			benchmark: 'action node',
			measure: `${label}, second run (nothing to change): requests`,
			value: said(nodeAgain),
			figures: { ...nodeAgain, ...floorFigures(plainAgain) },
			floor: said(plainAgain),
			target: '0 writes',
			met: nodeAgain.writes === 0,
		});

		const [nodeFirst, plainFirst] = await sideBySide(runs, nodeSync, () => plain.sync(rows), reset);
		const firstRatio = round(nodeFirst.medianMs / plainFirst.medianMs, 2);
		add({
			key: 'catalog.time',
			benchmark: 'action node',
			measure: `${label}: median ms`,
			value: nodeFirst.medianMs,
			figures: { msPerRow: round(nodeFirst.medianMs / ROWS, 1) },
			floor: plainFirst.medianMs,
			ratio: firstRatio,
			target: '<= 1.5 x plain client',
			met: firstRatio <= 1.5,
		});
		// The same rows through the simplest product operation in the same engine (500 POSTs, no
		// matching): what n8n's declarative engine costs per item, and what matching adds to it.
		const createAll = overRows({
			operation: 'create',
			name: '={{ $json.name }}',
			price: '={{ $json.price }}',
			additionalFields: { productPLU: '={{ $json.plu }}', stockAmount: '={{ $json.stock }}' },
		});
		const [nodeAsFloor, engineFloor] = await sideBySide(runs, nodeSync, createAll, reset);
		add({
			key: 'catalog.time-vs-create',
			benchmark: 'action node',
			measure: `${label}, vs Product Create of the same rows (no matching): median ms`,
			value: nodeAsFloor.medianMs,
			floor: engineFloor.medianMs,
			ratio: round(nodeAsFloor.medianMs / engineFloor.medianMs, 2),
			target: 'our own cost (info)',
		});
		// Nothing to change: both read the catalog and compare; the engine's per-item cost remains.
		await reset();
		await nodeSync();
		const [nodeSecond, plainSecond] = await sideBySide(runs, nodeSync, () => plain.sync(rows));
		const secondRatio = round(nodeSecond.medianMs / plainSecond.medianMs, 2);
		add({
			key: 'catalog.time-again',
			benchmark: 'action node',
			measure: `${label}, second run (nothing to change): median ms`,
			value: nodeSecond.medianMs,
			figures: { msPerRow: round(nodeSecond.medianMs / ROWS, 1) },
			floor: plainSecond.medianMs,
			ratio: secondRatio,
			target: '<= 1.5 x plain client',
			met: secondRatio <= 1.5,
		});
	} finally {
		await sandbox.stop();
	}
}
