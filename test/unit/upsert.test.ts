/**
 * Create or Update of the catalog (nodes/RestaurantReservations/operationHelpers/upsert.ts) against
 * an in-memory catalog: what each row creates, updates (only the fields that differ) or leaves
 * unchanged, the errors a user sees, and rows of one run deciding concurrently (as n8n runs a
 * declarative node's items) on one copy of the list: one new record is never created twice, and
 * no row decides on a record halfway through a write. The node's own tests (test/node/*Upsert*)
 * run the same through n8n's engine and the sandbox.
 */
import type { IDataObject, IExecutePaginationFunctions, NodeOperationError } from 'n8n-workflow';
import {
	matchName,
	RecordCopy,
	routedRequest,
	sameValue,
	upsert,
	type UpsertRow,
	type UpsertTarget,
} from '../../nodes/RestaurantReservations/operationHelpers/upsert';
import { actionNode } from '../support/nodes';

const node = actionNode();

/** The context of item `index`: upsert only asks it for the node and the item's index. */
const itemContext = (index = 0) =>
	({ getNode: () => node, getItemIndex: () => index }) as unknown as IExecutePaginationFunctions;

/** A write's round trip: the other rows of the run go on meanwhile. */
const roundTrip = () => new Promise((resolve) => setImmediate(resolve));

/** A product's keys: its PLU and its name, as the product operation matches them. */
const productKeys = (record: IDataObject) => [
	...(record.plu ? [`plu:${String(record.plu)}`] : []),
	...(matchName(record.name) ? [`name:${matchName(record.name)}`] : []),
];

/** The API's catalog: ids p1, p2, … for new products; every write logged. */
class Catalog {
	readonly records = new Map<string, IDataObject>();
	readonly writes: Array<[string, ...unknown[]]> = [];
	private next = 1;
	failNext?: string;

	constructor(records: IDataObject[] = []) {
		for (const record of records) this.records.set(String(record.id), { ...record });
		this.next = records.length + 1;
	}

	async create(fields: IDataObject): Promise<IDataObject> {
		this.writes.push(['create', fields]);
		await roundTrip();
		this.fail();
		const record = { id: `p${this.next++}`, ...fields };
		this.records.set(String(record.id), record);
		return { ...record };
	}

	async update(id: string, changes: IDataObject): Promise<IDataObject> {
		this.writes.push(['update', id, changes]);
		await roundTrip();
		this.fail();
		const record = { ...this.records.get(id), ...changes };
		this.records.set(id, record);
		return { ...record };
	}

	private fail() {
		const message = this.failNext;
		this.failNext = undefined;
		if (message) throw new Error(message);
	}
}

function productTarget(catalog: Catalog, extra: Partial<UpsertTarget> = {}): UpsertTarget {
	return {
		noun: 'product',
		copy: new RecordCopy([...catalog.records.values()], productKeys),
		create: async (fields) => await catalog.create(fields),
		update: async (id, changes) => await catalog.update(id, changes),
		ambiguityHint: 'Give the product a PLU, or rename one of them.',
		...extra,
	};
}

const byName = (name: string, fields: IDataObject = {}): UpsertRow => ({
	key: `name:${matchName(name)}`,
	matchedBy: `name "${name}"`,
	fields: { name, ...fields },
});

/** A row matched by name that sets other fields only. */
const matching = (name: string, fields: IDataObject): UpsertRow => ({
	key: `name:${matchName(name)}`,
	matchedBy: `name "${name}"`,
	fields,
});

const byPlu = (plu: string, fields: IDataObject = {}): UpsertRow => ({
	key: `plu:${plu}`,
	matchedBy: `PLU "${plu}"`,
	fields: { plu, ...fields },
});

async function rejection(promise: Promise<unknown>): Promise<NodeOperationError> {
	try {
		await promise;
	} catch (error) {
		return error as NodeOperationError;
	}
	throw new Error('nothing was thrown');
}

describe('matchName', () => {
	it('matches names in any case, without surrounding spaces, in one Unicode composition', () => {
		expect(matchName('  Burrata ')).toBe('burrata');
		expect(matchName('BURRATA')).toBe('burrata');
		expect(matchName('Cafe\u0301 Latte')).toBe('caf\u00e9 latte');
		expect(matchName('Caf\u00e9 Latte')).toBe('caf\u00e9 latte');
	});

	it('gives no name for what is not text', () => {
		expect(matchName(undefined)).toBe('');
		expect(matchName(null)).toBe('');
		expect(matchName(12)).toBe('');
		expect(matchName(['Burrata'])).toBe('');
	});
});

describe('sameValue', () => {
	it('is never the same as a value not known', () => {
		expect(sameValue('Burrata', undefined)).toBe(false);
		expect(sameValue(undefined, undefined)).toBe(false);
		expect(sameValue([], undefined)).toBe(false);
	});

	it('compares lists as sets of their values as text', () => {
		expect(sameValue(['a', 'b'], ['b', 'a'])).toBe(true);
		expect(sameValue([1, 2], ['2', '1'])).toBe(true);
		expect(sameValue(['a', 'a', 'b'], ['b', 'a'])).toBe(true);
		expect(sameValue([], [])).toBe(true);
		expect(sameValue(['a'], ['a', 'b'])).toBe(false);
		expect(sameValue(['a', 'b'], ['a'])).toBe(false);
		expect(sameValue(['a', 'b'], ['a', 'c'])).toBe(false);
		expect(sameValue(['a'], 'a')).toBe(false);
		expect(sameValue([], null)).toBe(false);
	});

	it('compares a number given as text with a stored number as numbers', () => {
		expect(sameValue('12', 12)).toBe(true);
		expect(sameValue(' 12.50 ', 12.5)).toBe(true);
		expect(sameValue('12', 13)).toBe(false);
		expect(sameValue('', 0)).toBe(false);
		expect(sameValue('  ', 0)).toBe(false);
		expect(sameValue('twelve', 12)).toBe(false);
	});

	it('compares anything else as it is', () => {
		expect(sameValue('Burrata', 'Burrata')).toBe(true);
		expect(sameValue('Burrata', 'burrata')).toBe(false);
		expect(sameValue('5', '5')).toBe(true);
		expect(sameValue('5', '5.0')).toBe(false);
		expect(sameValue(5, 5)).toBe(true);
		expect(sameValue(12, '12')).toBe(false);
		expect(sameValue(true, true)).toBe(true);
		expect(sameValue(false, 0)).toBe(false);
		expect(sameValue(null, null)).toBe(true);
	});
});

describe('upsert: one row', () => {
	const burrata = { id: 'p1', plu: '400', name: 'Burrata', price: 9, groupId: 'g1' };

	it('creates a record no one matches, with the row fields, and finds it afterwards', async () => {
		const catalog = new Catalog([burrata]);
		const target = productTarget(catalog);
		const row = byName('Tiramisu', { price: 7 });
		await expect(upsert(itemContext(), target, row)).resolves.toEqual({
			action: 'created',
			record: { id: 'p2', name: 'Tiramisu', price: 7 },
		});
		expect(catalog.writes).toEqual([['create', { name: 'Tiramisu', price: 7 }]]);
		await expect(
			upsert(itemContext(), target, matching(' TIRAMISU ', { price: 7 })),
		).resolves.toEqual({ action: 'unchanged', record: { id: 'p2', name: 'Tiramisu', price: 7 } });
		expect(catalog.writes).toHaveLength(1);
	});

	it('sends only the fields that differ, and keeps the rest of the record', async () => {
		const catalog = new Catalog([burrata]);
		const target = productTarget(catalog);
		await expect(
			upsert(itemContext(), target, byPlu('400', { name: 'Burrata', price: '10.5' })),
		).resolves.toEqual({
			action: 'updated',
			record: { id: 'p1', plu: '400', name: 'Burrata', price: '10.5', groupId: 'g1' },
		});
		expect(catalog.writes).toEqual([['update', 'p1', { price: '10.5' }]]);
	});

	it('matches a name in any case, and then sets the name as the row writes it', async () => {
		const catalog = new Catalog([burrata]);
		const target = productTarget(catalog);
		await expect(upsert(itemContext(), target, byName('BURRATA'))).resolves.toEqual({
			action: 'updated',
			record: { ...burrata, name: 'BURRATA' },
		});
		expect(catalog.writes).toEqual([['update', 'p1', { name: 'BURRATA' }]]);
	});

	it('leaves a record that already has every given value as it is, sending nothing', async () => {
		const catalog = new Catalog([burrata]);
		const target = productTarget(catalog);
		await expect(
			upsert(
				itemContext(),
				target,
				matching('burrata', { name: 'Burrata', price: '9', plu: '400' }),
			),
		).resolves.toEqual({ action: 'unchanged', record: burrata });
		expect(catalog.writes).toEqual([]);
	});

	it('updates by the id as text', async () => {
		const catalog = new Catalog([{ id: 7, name: 'Burrata', price: 9 }]);
		const target = productTarget(catalog);
		await upsert(itemContext(), target, byName('Burrata', { price: 11 }));
		expect(catalog.writes).toEqual([['update', '7', { price: 11 }]]);
	});

	it('compares with the stored value the target reads from the record', async () => {
		const catalog = new Catalog([{ id: 'p1', name: 'Burrata', prices: { default: 9 } }]);
		const target = productTarget(catalog, {
			storedValue: (record, field) =>
				field === 'price' ? (record.prices as IDataObject).default : record[field],
		});
		await expect(upsert(itemContext(), target, byName('Burrata', { price: 9 }))).resolves.toEqual({
			action: 'unchanged',
			record: { id: 'p1', name: 'Burrata', prices: { default: 9 } },
		});
		await upsert(itemContext(), target, byName('Burrata', { price: 10 }));
		expect(catalog.writes).toEqual([['update', 'p1', { price: 10 }]]);
	});

	it('keeps what the record had that the write response leaves out', async () => {
		const catalog = new Catalog([burrata]);
		const target = productTarget(catalog, {
			update: async (id, changes) => {
				await catalog.update(id, changes);
				return { id, ...changes };
			},
		});
		await expect(upsert(itemContext(), target, byPlu('400', { price: 12 }))).resolves.toEqual({
			action: 'updated',
			record: { ...burrata, price: 12 },
		});
	});

	it('stores the record as the copy merges it with the response', async () => {
		const catalog = new Catalog([burrata]);
		const target = productTarget(catalog, {
			copy: new RecordCopy([burrata], productKeys, (before, response) => ({
				...response,
				merged: `${String(before.price)}>${String(response.price)}`,
			})),
		});
		const { record } = await upsert(itemContext(), target, byPlu('400', { price: 12 }));
		expect(record).toEqual({ ...burrata, price: 12, merged: '9>12' });
	});

	it('refuses a row several records match, naming them, and sends nothing', async () => {
		const catalog = new Catalog([burrata, { id: 'p2', plu: '401', name: 'burrata ', price: 8 }]);
		const target = productTarget(catalog);
		const error = await rejection(upsert(itemContext(3), target, byName('Burrata', { price: 10 })));
		expect({
			message: error.message,
			description: error.description,
			itemIndex: error.context.itemIndex,
			node: error.node?.name,
		}).toEqual({
			message: '2 products match name "Burrata": p1, p2',
			description:
				'Create or Update needs at most one match. Give the product a PLU, or rename one of them. Nothing was sent.',
			itemIndex: 3,
			node: 'Restaurant Reservations',
		});
		expect(catalog.writes).toEqual([]);
		// The PLU still tells them apart.
		await expect(upsert(itemContext(), target, byPlu('401', { price: 8 }))).resolves.toEqual({
			action: 'unchanged',
			record: { id: 'p2', plu: '401', name: 'burrata ', price: 8 },
		});
	});

	it('asks the target whether the row can make a new record before creating it', async () => {
		const catalog = new Catalog([burrata]);
		const asked: UpsertRow[] = [];
		const target = productTarget(catalog, {
			requireCreatable: (row) => {
				asked.push(row);
				if (row.fields.price === undefined) throw new Error('a new product needs a price');
			},
		});
		await expect(upsert(itemContext(), target, byName('Tiramisu'))).rejects.toThrow(
			'a new product needs a price',
		);
		expect(catalog.writes).toEqual([]);
		// A row that matches is not asked.
		await upsert(itemContext(), target, byName('Burrata'));
		expect(asked).toEqual([byName('Tiramisu')]);
		await expect(upsert(itemContext(), target, byName('Tiramisu', { price: 7 }))).resolves.toEqual({
			action: 'created',
			record: { id: 'p2', name: 'Tiramisu', price: 7 },
		});
	});

	it('finds a renamed record by its new name only, once the write is in', async () => {
		const catalog = new Catalog([burrata]);
		const target = productTarget(catalog);
		await upsert(itemContext(), target, byPlu('400', { name: 'Burrata Grande' }));
		await expect(upsert(itemContext(), target, byName('Burrata Grande'))).resolves.toEqual({
			action: 'unchanged',
			record: { ...burrata, name: 'Burrata Grande' },
		});
		await expect(upsert(itemContext(), target, byName('Burrata', { price: 9 }))).resolves.toEqual({
			action: 'created',
			record: { id: 'p2', name: 'Burrata', price: 9 },
		});
	});

	it('keeps a record as it was when its write fails', async () => {
		const catalog = new Catalog([burrata]);
		const target = productTarget(catalog);
		catalog.failNext = 'HTTP 500';
		await expect(
			upsert(itemContext(), target, byPlu('400', { name: 'Burrata Grande' })),
		).rejects.toThrow('HTTP 500');
		await expect(upsert(itemContext(), target, byName('Burrata'))).resolves.toEqual({
			action: 'unchanged',
			record: burrata,
		});
		await expect(upsert(itemContext(), target, byName('Burrata Grande'))).resolves.toEqual({
			action: 'created',
			record: { id: 'p2', name: 'Burrata Grande' },
		});
	});

	it('forgets a creation that failed: the next row creates the record', async () => {
		const catalog = new Catalog();
		const target = productTarget(catalog);
		catalog.failNext = 'HTTP 503';
		await expect(upsert(itemContext(), target, byName('Tiramisu'))).rejects.toThrow('HTTP 503');
		await expect(upsert(itemContext(), target, byName('Tiramisu'))).resolves.toEqual({
			action: 'created',
			record: { id: 'p1', name: 'Tiramisu' },
		});
		expect(catalog.writes).toEqual([
			['create', { name: 'Tiramisu' }],
			['create', { name: 'Tiramisu' }],
		]);
	});
});

describe('upsert: rows of one run at once', () => {
	it('creates a new record once for every row that names it', async () => {
		const catalog = new Catalog();
		const target = productTarget(catalog);
		const results = await Promise.all([
			upsert(itemContext(0), target, byName('Tiramisu', { price: 7 })),
			upsert(itemContext(1), target, matching('tiramisu', { price: 7 })),
			upsert(itemContext(2), target, matching('Tiramisu ', { price: 8 })),
		]);
		expect(results).toEqual([
			{ action: 'created', record: { id: 'p1', name: 'Tiramisu', price: 7 } },
			{ action: 'unchanged', record: { id: 'p1', name: 'Tiramisu', price: 7 } },
			{ action: 'updated', record: { id: 'p1', name: 'Tiramisu', price: 8 } },
		]);
		expect(catalog.writes).toEqual([
			['create', { name: 'Tiramisu', price: 7 }],
			['update', 'p1', { price: 8 }],
		]);
	});

	it('finds a record being created under the PLU and the name it is given', async () => {
		const catalog = new Catalog();
		const target = productTarget(catalog);
		const results = await Promise.all([
			upsert(itemContext(0), target, byPlu('500', { name: 'Tiramisu' })),
			upsert(itemContext(1), target, byName('Tiramisu', { plu: '500' })),
		]);
		expect(results.map((r) => r.action)).toEqual(['created', 'unchanged']);
		expect(catalog.writes).toEqual([['create', { plu: '500', name: 'Tiramisu' }]]);
	});

	it('decides on a record being updated once the update is in', async () => {
		const catalog = new Catalog([{ id: 'p1', plu: '400', name: 'Burrata', price: 9 }]);
		const target = productTarget(catalog);
		const results = await Promise.all([
			upsert(itemContext(0), target, byPlu('400', { price: 10 })),
			upsert(itemContext(1), target, byPlu('400', { price: 10 })),
			upsert(itemContext(2), target, byName('Burrata Grande', { price: 10 })),
			upsert(itemContext(3), target, byPlu('400', { name: 'Burrata Grande' })),
		]);
		expect(results.map((r) => r.action)).toEqual(['updated', 'unchanged', 'created', 'updated']);
		expect(catalog.writes).toEqual([
			['update', 'p1', { price: 10 }],
			['create', { name: 'Burrata Grande', price: 10 }],
			['update', 'p1', { name: 'Burrata Grande' }],
		]);
	});

	it('a row waiting on a write under its new key decides on the record after it', async () => {
		const catalog = new Catalog([{ id: 'p1', plu: '400', name: 'Burrata', price: 9 }]);
		const target = productTarget(catalog);
		const results = await Promise.all([
			upsert(itemContext(0), target, byPlu('400', { name: 'Burrata Grande' })),
			upsert(itemContext(1), target, byName('Burrata Grande', { price: 9 })),
			upsert(itemContext(2), target, byName('Burrata', { price: 9 })),
		]);
		expect(results).toEqual([
			{ action: 'updated', record: { id: 'p1', plu: '400', name: 'Burrata Grande', price: 9 } },
			{ action: 'unchanged', record: { id: 'p1', plu: '400', name: 'Burrata Grande', price: 9 } },
			{ action: 'created', record: { id: 'p2', name: 'Burrata', price: 9 } },
		]);
	});

	it('a row waiting on a creation that fails creates the record itself', async () => {
		const catalog = new Catalog();
		const target = productTarget(catalog);
		catalog.failNext = 'HTTP 503';
		const results = await Promise.allSettled([
			upsert(itemContext(0), target, byName('Tiramisu', { price: 7 })),
			upsert(itemContext(1), target, byName('Tiramisu', { price: 7 })),
		]);
		expect(results).toEqual([
			{ status: 'rejected', reason: new Error('HTTP 503') },
			{
				status: 'fulfilled',
				value: { action: 'created', record: { id: 'p1', name: 'Tiramisu', price: 7 } },
			},
		]);
	});
});

describe('routedRequest', () => {
	it("sends through n8n's routing with the operation's options, and answers the item's data", async () => {
		const sent: unknown[] = [];
		const context = {
			makeRoutingRequest: async (requestData: unknown) => {
				sent.push(requestData);
				return [{ json: { id: 'p1', name: 'Burrata' } }, { json: { id: 'p2' } }];
			},
		} as unknown as IExecutePaginationFunctions;
		const requestData = {
			options: { method: 'GET', url: '/ignored', headers: { Accept: 'application/json' } },
			maxResults: 5,
		} as never;
		const send = routedRequest(context, requestData);
		await expect(send('PUT', '/restaurants/r1/products/p1', { price: 10 })).resolves.toEqual({
			id: 'p1',
			name: 'Burrata',
		});
		expect(sent).toEqual([
			{
				options: {
					method: 'PUT',
					url: '/restaurants/r1/products/p1',
					headers: { Accept: 'application/json' },
					body: { price: 10 },
				},
				maxResults: 5,
			},
		]);
	});
});
