/**
 * What each example must do, checked the same way wherever it runs: `n8n execute` beside one
 * process (test/e2e/server.e2e.ts, and the oldest n8n supported: test/compat/), or a manual run on
 * a queue-mode worker (test/deployments/queueWorkers.deploy.ts). Each check takes the way to run the example, looks at the
 * sandbox before, runs it, and checks the workflow's output and the change in the sandbox (or the
 * file written).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import fs from 'node:fs';
import path from 'node:path';
import { DateTime } from 'luxon';
import { runtime } from '../../../scripts/n8n';
import type { ApiCall } from '../../support/client';
import { onOneFloor } from '../../support/events';
import type { E2eEnvironment, Execution } from './environment';

const ok = (status: number) => expect(status).toBe(200);
/** The daily digest example run with `n8n execute`, then checked (checkDailyDigest). */
export async function executeDailyDigest(env: E2eEnvironment): Promise<void> {
	await checkDailyDigest(env.api, env.instance.filesFolder, await env.execute('RrExDailyDigest02'));
}

/** Example 02: one file per restaurant with its bookings of tomorrow, in the restaurant's time. */
export async function checkDailyDigest(
	api: ApiCall,
	filesFolder: string,
	run: Execution,
): Promise<void> {
	const restaurants = (await api('listRestaurants')).body as Array<{
		id: number;
		name: string;
		timeZone: string;
	}>;
	expect(run.error).toBeUndefined();
	const digests = run.nodes['One digest per restaurant'].items;
	expect(digests.map((d) => d.restaurantId).sort()).toEqual(restaurants.map((r) => r.id).sort());

	for (const restaurant of restaurants) {
		const tomorrow = DateTime.now().setZone(restaurant.timeZone).plus({ days: 1 }).startOf('day');
		const list = await api('listReservations', {
			path: { restaurantId: restaurant.id },
			query: {
				from: tomorrow.toFormat("yyyy-LL-dd'T'HH:mm:ss"),
				to: tomorrow.plus({ days: 1 }).toFormat("yyyy-LL-dd'T'HH:mm:ss"),
				includeEvents: true,
			},
		});
		const open = list.body.filter((r: { state: string }) => r.state !== 'cancelled');
		const digest = digests.find((d) => d.restaurantId === restaurant.id)!;
		expect(digest.day).toBe(tomorrow.toFormat('yyyy-LL-dd'));
		expect(digest.reservations).toBe(open.length);
		expect(digest.guests).toBe(
			open.reduce((n: number, r: { groupSize: number }) => n + r.groupSize, 0),
		);

		const text = fs.readFileSync(path.join(filesFolder, digest.fileName), 'utf8');
		expect(text.startsWith(`${restaurant.name}`)).toBe(true);
		for (const r of open) expect(text).toContain(r.customerName);
	}
}

/**
 * Example 03: every row of the CSV updates the product, the legacy price fixed; an empty cell (the
 * CSV has one: Tiramisù's takeaway price) leaves that price as it was, not 0.
 */
export async function checkPriceUpdate(api: ApiCall, run: () => Promise<Execution>): Promise<void> {
	const before = await api('listProducts', { query: { take: 200 } });
	const previous = (id: string) => before.body.items.find((p: { id: string }) => p.id === id);
	expect(previous('prd-101-legacy-wine').price).toBe(3.456);

	const execution = await run();
	expect(execution.error).toBeUndefined();
	const rows = execution.nodes['One item per CSV row'].items;
	expect(rows.map((r) => r.product_id)).toEqual([
		'prd-101-pasta-01',
		'prd-101-pasta-03',
		'prd-101-desserts-01',
		'prd-101-legacy-wine',
	]);
	// Extract From File gives an empty cell as '' (Include Empty Cells).
	expect(rows.filter((r) => r.takeaway_price === '').map((r) => r.product_id)).toEqual([
		'prd-101-desserts-01',
	]);
	expect(previous('prd-101-desserts-01').takeawayPrice).toBeGreaterThan(0);
	const updated = execution.nodes["Update the product's prices"].items;
	expect(updated).toHaveLength(4);

	const after = await api('listProducts', { query: { take: 200 } });
	ok(after.status);
	/** The CSV's value, or with an empty cell the product's value before the run. */
	const expected = (row: Record<string, string>, column: string, field: string) =>
		row[column] === '' ? previous(row.product_id)[field] : Number(row[column]);
	for (const row of rows) {
		const output = updated.find((u) => u.id === row.product_id)!;
		const stored = after.body.items.find((p: { id: string }) => p.id === row.product_id);
		for (const [column, field] of [
			['price', 'price'],
			['takeaway_price', 'takeawayPrice'],
		]) {
			expect(output[field]).toBe(expected(row, column, field));
			expect(stored[field]).toBe(expected(row, column, field));
		}
	}
	expect(after.body.items.find((p: { id: string }) => p.id === 'prd-101-legacy-wine').price).toBe(
		3.46,
	);
}

/** Clears the sandbox's request log; the function returned reads what it logged since. */
export async function startRequestLog(sandboxUrl: string) {
	await fetch(`${sandboxUrl}/__sandbox/requests`, { method: 'DELETE' });
	return async () =>
		(
			(await (await fetch(`${sandboxUrl}/__sandbox/requests`)).json()) as {
				requests: Array<{ method: string; url: string; status: number }>;
			}
		).requests;
}

/**
 * Example 06: the POS export creates the missing group once and brings every row's product in line
 * (by PLU, or by name for the row without one), an empty cell leaving that field as it was; a
 * second run changes nothing and writes nothing.
 */
export async function checkPosCatalogSync(
	api: ApiCall,
	sandboxUrl: string,
	run: () => Promise<Execution>,
): Promise<void> {
	const previous = (await api('listProducts', { query: { take: 200 } })).body.items as Array<
		Record<string, any>
	>;
	const first = await run();
	expect(first.error).toBeUndefined();
	const rows = first.nodes['One item per CSV row'].items;
	expect(rows).toHaveLength(10);
	const groupsOut = first.nodes['Create or update the group'].items;
	const productsOut = first.nodes['Create or update the product'].items;
	expect(groupsOut.filter((g) => g.action !== 'unchanged')).toEqual([
		{ action: 'created', productGroup: expect.objectContaining({ name: 'Specials' }) },
	]);
	expect(productsOut.map((p) => p.action)).toEqual([
		'updated',
		'unchanged', // Burrata: the export has the catalog's values
		'updated',
		'updated',
		'updated',
		'updated',
		'created',
		'created',
		'created',
		'created', // Pane della casa: no PLU, matched (and then created) by name
	]);

	const groups = (await api('listProductGroups')).body as Array<{ id: string; name: string }>;
	expect(groups.filter((g) => g.name === 'Specials')).toHaveLength(1);
	const catalog = (await api('listProducts', { query: { take: 200 } })).body.items as Array<
		Record<string, any>
	>;
	rows.forEach((row, i) => {
		const matching = catalog.filter((p) =>
			row.plu ? p.productPLU === row.plu : p.name === row.name,
		);
		expect(matching).toHaveLength(1);
		const [stored] = matching;
		expect(productsOut[i].product.id).toBe(stored.id);
		expect(stored).toMatchObject({
			name: row.name,
			price: Number(row.price),
			groupId: groups.find((g) => g.name === row.group)!.id,
		});
		// An empty cell leaves the field as it was (a new product: as the API creates it).
		const was = previous.find((p) => p.id === stored.id);
		for (const [column, field, value] of [
			['takeaway_price', 'takeawayPrice', Number],
			['stock', 'stockAmount', Number],
			['visible', 'visible', (cell: string) => cell === 'true'],
		] as const) {
			if (row[column] !== '') expect(stored[field]).toBe(value(row[column]));
			else if (was) expect(stored[field]).toBe(was[field]);
		}
	});
	// The export leaves Gelato's visibility empty: it stays visible, not hidden.
	expect(rows.filter((row) => row.visible === '').map((row) => row.name)).toEqual(['Gelato']);
	const gelato = catalog.find((p) => p.productPLU === '10104011')!;
	expect(previous.find((p) => p.id === gelato.id)!.visible).toBe(true);
	expect(gelato.visible).toBe(true);

	const requests = await startRequestLog(sandboxUrl);
	const second = await run();
	expect(second.error).toBeUndefined();
	for (const node of ['Create or update the group', 'Create or update the product'])
		expect(second.nodes[node].items.map((item) => item.action)).toEqual(
			rows.map(() => 'unchanged'),
		);
	// One read of the groups and one of the products, no write.
	expect((await requests()).map((r) => `${r.method} ${r.url.split('?')[0]} ${r.status}`)).toEqual([
		'GET /api/core/admin/restaurants/101/productgroups 200',
		'GET /api/core/admin/restaurants/101/products 200',
	]);
	expect((await api('listProducts', { query: { take: 200 } })).body.items).toEqual(catalog);
}

/** The ID of example 05, Cancel a batch of reservations. */
export const CANCEL_BATCH = 'RrExCancelBatch05';

/**
 * What the tests set in an example's Settings before importing it (prepareExample's `settings`).
 * Example 05 ships with no closed days, so that it cancels nothing until the user sets them: the
 * tests close restaurant 101 two weeks from today, for a week.
 */
export function exampleTestSettings(exampleId: string): Record<string, string> | undefined {
	if (exampleId !== CANCEL_BATCH) return undefined;
	const today = DateTime.now().setZone('Europe/Berlin').startOf('day');
	return {
		closedFrom: today.plus({ days: 14 }).toFormat('yyyy-LL-dd'),
		closedUntil: today.plus({ days: 20 }).toFormat('yyyy-LL-dd'),
	};
}

/**
 * Example 05 with its closed days set: every open reservation of those days cancelled with the
 * reason named in Settings as the restaurant's configuration spells it, the neighbours left alone.
 */
export async function checkCancelBatch(api: ApiCall, run: () => Promise<Execution>): Promise<void> {
	// Wider than the closed days, to see that the neighbours are left alone.
	const window = {
		from: DateTime.now().plus({ days: 10 }).toFormat("yyyy-LL-dd'T'00:00:00"),
		to: DateTime.now().plus({ days: 26 }).toFormat("yyyy-LL-dd'T'00:00:00"),
		includeEvents: true,
	};
	const before = await api('listReservations', { query: window });
	ok(before.status);
	const config = await api('getRestaurantConfiguration');
	ok(config.status);
	const configured = (
		config.body.reservationSettings.cancellationOptions as Array<{ name: string }>
	).map((o) => o.name);

	const execution = await run();
	expect(execution.error).toBeUndefined();
	const { closedFrom, closedUntil, reason, note } = execution.nodes.Settings.items[0];
	expect({ closedFrom, closedUntil }).toEqual(exampleTestSettings(CANCEL_BATCH));
	// The reason as the configuration read at run time names it.
	expect(execution.nodes['Restaurant configuration'].items).toHaveLength(1);
	expect(execution.nodes['Reason from the configuration'].items).toEqual([
		{ reason: 'Restaurant closed', reasons: configured.join(', ') },
	]);
	expect(configured).toContain(reason);
	const inside = (r: { reservationTime: string }) =>
		r.reservationTime.slice(0, 10) >= closedFrom && r.reservationTime.slice(0, 10) <= closedUntil;
	const expected = before.body
		.filter((r: { state: string }) => !['cancelled', 'completed', 'noShow'].includes(r.state))
		.filter(inside)
		.map((r: { id: string }) => r.id)
		.sort();
	expect(expected.length).toBeGreaterThan(0);
	const cancelled = execution.nodes['Cancel with the reason'].items;
	expect(cancelled.map((r) => r.id).sort()).toEqual(expected);
	expect(cancelled.every((r) => r.state === 'cancelled')).toBe(true);

	for (const id of expected) {
		const stored = await api('getReservation', { path: { reservationId: id } });
		expect(stored.body.state).toBe('cancelled');
		expect(stored.body.details).toMatchObject({
			cancelOptionName: 'Restaurant closed',
			cancelNote: note,
			cancelSource: 'n8n',
		});
		expect(stored.body.doNotChargeFee).toBe(true);
	}
	const after = await api('listReservations', { query: window });
	for (const r of before.body.filter((x: { id: string }) => !expected.includes(x.id))) {
		expect(after.body.find((x: { id: string }) => x.id === r.id)?.state).toBe(r.state);
	}
}

/**
 * Example 05 as shipped, its closed days empty: it stops with the message naming the fields to set,
 * before any request, and cancels nothing.
 */
export async function checkCancelBatchUnset(
	api: ApiCall,
	sandboxUrl: string,
	run: () => Promise<Execution>,
): Promise<void> {
	const window = {
		from: DateTime.now().toFormat("yyyy-LL-dd'T'00:00:00"),
		to: DateTime.now().plus({ days: 59 }).toFormat("yyyy-LL-dd'T'00:00:00"),
		includeEvents: true,
	};
	const before = await api('listReservations', { query: window });
	ok(before.status);
	const requests = await startRequestLog(sandboxUrl);

	const execution = await run();
	expect(execution.code).not.toBe(0);
	expect(execution.status).toBe('error');
	expect(execution.nodes.Settings.items[0]).toMatchObject({ closedFrom: '', closedUntil: '' });
	expect(execution.error?.node?.name).toBe('Stop: closed days not set');
	expect(execution.error?.message).toBe(
		'Set the closed days first: in Settings, closedFrom and closedUntil are the first and the last closed day, written YYYY-MM-DD (restaurant time). Nothing was cancelled.',
	);
	for (const node of ['Restaurant configuration', 'Cancel with the reason'])
		expect(execution.nodes[node]).toBeUndefined();
	expect(await requests()).toEqual([]);
	expect((await api('listReservations', { query: window })).body).toEqual(before.body);
}

/**
 * Example 05 with its closed days set but a reason the restaurant's configuration does not have:
 * it stops with the reasons it has, after reading the configuration and before any cancellation.
 */
export async function checkCancelBatchUnknownReason(
	api: ApiCall,
	sandboxUrl: string,
	run: () => Promise<Execution>,
): Promise<void> {
	const config = await api('getRestaurantConfiguration');
	ok(config.status);
	const configured = (
		config.body.reservationSettings.cancellationOptions as Array<{ name: string }>
	).map((o) => o.name);
	const requests = await startRequestLog(sandboxUrl);

	const execution = await run();
	expect(execution.status).toBe('error');
	const { reason } = execution.nodes.Settings.items[0];
	expect(configured).not.toContain(reason);
	expect(execution.error?.node?.name).toBe('Stop: reason not configured');
	expect(execution.error?.message).toBe(
		`The restaurant has no cancellation reason named "${reason}". In Settings, set reason to one of its reasons: ${configured.join(', ')}. Nothing was cancelled.`,
	);
	for (const node of ['Reservations in the closed days', 'Cancel with the reason'])
		expect(execution.nodes[node]).toBeUndefined();
	expect((await requests()).map((r) => `${r.method} ${r.url.split('?')[0]} ${r.status}`)).toEqual([
		'GET /api/core/admin/restaurants/101/config 200',
	]);
}

export interface TriggerExampleSetup {
	api: ApiCall;
	sandboxUrl: string;
	filesFolder: string;
	/** Activates the workflow on the running server. */
	activate(): Promise<void>;
}

/** Whether a whole first poll of restaurant 101 has reached the sandbox since its request log was cleared. */
async function hasPolled(sandboxUrl: string): Promise<boolean> {
	const log = (await (await fetch(`${sandboxUrl}/__sandbox/requests`)).json()) as {
		requests: Array<{ method: string; url: string; status: number }>;
	};
	return log.requests.some(
		(r) =>
			r.method === 'GET' &&
			r.url.startsWith('/api/rsv/admin/restaurants/101/reservations?') &&
			r.status === 200,
	);
}

/**
 * The example activated and its first poll through: n8n activates published triggers
 * asynchronously, so this waits (up to a minute) until `polled` sees that poll at the sandbox, and
 * two seconds more for the poll's remaining reads and its state commit.
 */
async function activateThroughFirstPoll(
	setup: TriggerExampleSetup,
	polled: (sandboxUrl: string) => Promise<boolean>,
): Promise<void> {
	await fetch(`${setup.sandboxUrl}/__sandbox/requests`, { method: 'DELETE' });
	await setup.activate();
	const baselineBy = Date.now() + 60_000;
	while (!(await polled(setup.sandboxUrl)) && Date.now() < baselineBy) await sleep(500);
	expect(await polled(setup.sandboxUrl)).toBe(true);
	await sleep(2000);
}

/** The spreadsheets example 01 has written so far. */
const spreadsheetsIn = (folder: string) =>
	fs.readdirSync(folder).filter((f) => f.startsWith('reservation changes') && f.endsWith('.xlsx'));

/** Example 01, activated: silent on its first poll, then one spreadsheet row for a reservation created in the sandbox. */
export async function checkChangesToSpreadsheet(setup: TriggerExampleSetup): Promise<void> {
	const { api, filesFolder } = setup;
	// The first poll records the current reservations and emits nothing.
	await activateThroughFirstPoll(setup, hasPolled);
	expect(spreadsheetsIn(filesFolder)).toEqual([]);

	const time = DateTime.now()
		.setZone('Europe/Berlin')
		.plus({ days: 3 })
		.set({ hour: 19, minute: 30, second: 0, millisecond: 0 });
	const created = await api('createReservation', {
		body: {
			reservationTime: time.toFormat("yyyy-LL-dd'T'HH:mm:ss"),
			groupSize: 3,
			customerName: 'Erika Trigger',
			phone: '+49 30 5550199',
		},
	});
	expect(created.status).toBe(201);

	// Polled every 10 seconds in the tests (every minute as shipped): wait for the next poll's file.
	const deadline = Date.now() + 150_000;
	while (spreadsheetsIn(filesFolder).length === 0 && Date.now() < deadline) await sleep(2000);
	const files = spreadsheetsIn(filesFolder);
	expect(files).toHaveLength(1);
	await sleep(1000); // the write may still be closing

	// Read the spreadsheet with the SheetJS build n8n itself writes it with (@e965/xlsx).
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const XLSX = require(path.join(runtime().dir, 'node_modules', '@e965', 'xlsx'));
	const book = XLSX.read(fs.readFileSync(path.join(filesFolder, files[0])));
	const rows = XLSX.utils.sheet_to_json(book.Sheets.Changes) as Array<Record<string, unknown>>;
	expect(rows).toEqual([
		expect.objectContaining({
			'What happened': 'New',
			Guest: 'Erika Trigger',
			Guests: 3,
			'Visit (restaurant time)': time.toFormat('yyyy-LL-dd HH:mm'),
			'Reservation ID': created.body.id,
			Phone: '+49 30 5550199',
		}),
	]);
}

/** Whether a whole first poll of restaurant 101's events has reached the sandbox since its request log was cleared. */
async function hasPolledEvents(sandboxUrl: string): Promise<boolean> {
	const log = (await (await fetch(`${sandboxUrl}/__sandbox/requests`)).json()) as {
		requests: Array<{ method: string; url: string; status: number }>;
	};
	return log.requests.some(
		(r) =>
			r.method === 'GET' && r.url === '/api/core/admin/restaurants/101/events' && r.status === 200,
	);
}

/** The mailing list files example 07 has written so far. */
const mailingListsIn = (folder: string) =>
	fs
		.readdirSync(folder)
		.filter((f) => f.startsWith('new events for the mailing list') && f.endsWith('.csv'));

/**
 * The rows of a CSV file with a header row (fields in double quotes may hold commas, quotes, line
 * breaks); n8n's CSV files start with a byte order mark.
 */
export function csvRows(file: string): Array<Record<string, string>> {
	const text = file.replace(/^\uFEFF/, '');
	const lines: string[][] = [[]];
	let field = '';
	let quoted = false;
	for (let i = 0; i < text.length; i++) {
		const c = text[i];
		if (quoted) {
			if (c === '"' && text[i + 1] === '"') ((field += '"'), i++);
			else if (c === '"') quoted = false;
			else field += c;
		} else if (c === '"') quoted = true;
		else if (c === ',') (lines[lines.length - 1].push(field), (field = ''));
		else if (c === '\n' || c === '\r') {
			if (c === '\r' && text[i + 1] === '\n') i++;
			lines[lines.length - 1].push(field);
			field = '';
			lines.push([]);
		} else field += c;
	}
	if (field !== '' || lines[lines.length - 1].length > 0) lines[lines.length - 1].push(field);
	const [header, ...rows] = lines.filter((line) => line.length > 1 || line[0]);
	return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ''])));
}

/**
 * Example 07, activated: silent on its first poll, then one row per event created published or
 * published afterwards; a draft left a draft gives none.
 */
export async function checkNewEventToMailingList(setup: TriggerExampleSetup): Promise<void> {
	const { api, filesFolder } = setup;
	// The first poll records the current events and emits nothing.
	await activateThroughFirstPoll(setup, hasPolledEvents);
	expect(mailingListsIn(filesFolder)).toEqual([]);

	const day = DateTime.now().setZone('Europe/Berlin').plus({ days: 30 }).toFormat('yyyy-LL-dd');
	const event = async (name: string, isOffline: boolean) => {
		const created = await api('createEvent', {
			body: onOneFloor(
				{
					name,
					description: `${name}: live music and a set menu.`,
					startDate: `${day}T11:00:00`,
					endDate: `${day}T15:00:00`,
					isOffline,
				},
				'Main room',
				[
					{ type: 'standard', title: 'Seat', description: 'One seat', amount: 35 },
					{ type: 'vip', title: 'Terrace table', description: 'Four seats', amount: 160 },
				],
			),
		});
		expect(created.status).toBe(201);
		return created.body as { id: number };
	};
	const published = await event('Jazz brunch', false);
	const publishedLater = await event('Truffle market', true);
	await event('Staff party', true);
	const publish = await api('setEventStatus', {
		path: { eventId: publishedLater.id },
		query: { isOffline: false },
	});
	expect(publish.status).toBe(200);

	// Polled every 10 seconds in the tests: the two may arrive in one file or in two.
	const rowsNow = () =>
		mailingListsIn(filesFolder).flatMap((file) =>
			csvRows(fs.readFileSync(path.join(filesFolder, file), 'utf8')),
		);
	const deadline = Date.now() + 150_000;
	while (rowsNow().length < 2 && Date.now() < deadline) await sleep(2000);
	await sleep(1000); // the write may still be closing
	const rows = rowsNow();
	expect(rows.map((r) => r.Event).sort()).toEqual(['Jazz brunch', 'Truffle market']);
	expect(rows.find((r) => r.Event === 'Jazz brunch')).toEqual({
		Event: 'Jazz brunch',
		'Starts (restaurant time)': `${day} 11:00`,
		'Ends (restaurant time)': `${day} 15:00`,
		Description: 'Jazz brunch: live music and a set menu.',
		Tickets: 'Seat: 35; Terrace table: 160',
		'Why now': 'New',
		'Event ID': String(published.id),
		'Restaurant ID': '101',
	});
	expect(rows.find((r) => r.Event === 'Truffle market')).toMatchObject({
		'Event ID': String(publishedLater.id),
		'Why now': expect.stringMatching(/^(New|Just published)$/),
	});
}
