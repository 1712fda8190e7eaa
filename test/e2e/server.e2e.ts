/**
 * The package in a real n8n server (2.41.1 on Node 24), installed from `npm pack` the way n8n
 * installs a community package. Every example workflow is imported with the sandbox credential and
 * run with `n8n execute --id`; each test checks both the workflow's output and the change in the
 * sandbox (or the files written). The trigger example is activated on the running server and
 * must fire on a reservation created in the sandbox. A workflow with a wrong token fails with the
 * node's own message.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DateTime } from 'luxon';
import {
	ACTION_NODE_TYPE,
	CREDENTIAL_TYPE,
	nodesFolder,
	PACKAGE_NAME,
	prepareExample,
	runtime,
	TRIGGER_NODE_TYPE,
} from '../../scripts/n8n';
import { startEnvironment, WRONG_CREDENTIAL, type E2eEnvironment } from './support/environment';

const WRONG_TOKEN_WORKFLOW = 'RrExWrongToken99';

let env: E2eEnvironment;

beforeAll(async () => {
	env = await startEnvironment('server', {
		extraWorkflows: (examples, filesFolder) => [
			prepareExample(
				examples.find((e) => e.id === 'RrExCopyEvent04')!,
				{
					filesFolder,
					credential: WRONG_CREDENTIAL,
					id: WRONG_TOKEN_WORKFLOW,
					name: 'Copy an event and publish it (wrong token)',
				},
			),
		],
	});
}, 240_000);

afterAll(async () => {
	await env?.stop();
});

const ok = (status: number) => expect(status).toBe(200);

describe('the packed package in the n8n user folder', () => {
	it('is installed as n8n installs a community package', () => {
		const nodes = nodesFolder(env.instance.userFolder);
		const manifest = JSON.parse(fs.readFileSync(path.join(nodes, 'package.json'), 'utf8'));
		expect(manifest.dependencies).toHaveProperty(PACKAGE_NAME);
		const installed = JSON.parse(
			fs.readFileSync(path.join(nodes, 'node_modules', PACKAGE_NAME, 'package.json'), 'utf8'),
		);
		expect(installed.devDependencies).toBeUndefined();
		expect(installed.peerDependencies).toBeUndefined();
		expect(installed.n8n.nodes).toHaveLength(2);
		for (const file of [...installed.n8n.nodes, ...installed.n8n.credentials]) {
			expect(fs.existsSync(path.join(nodes, 'node_modules', PACKAGE_NAME, file))).toBe(true);
		}
		// Only dist/ and the package files are shipped: no sources, tests or sandbox.
		const shipped = fs.readdirSync(path.join(nodes, 'node_modules', PACKAGE_NAME)).sort();
		expect(
			shipped.filter(
				(f) => !['dist', 'package.json', 'README.md', 'LICENSE.md', 'node_modules'].includes(f),
			),
		).toEqual([]);
	});

	it('every example uses only n8n built-in nodes besides this package, and the sandbox credential', () => {
		expect(env.examples.length).toBeGreaterThanOrEqual(5);
		for (const example of env.examples) {
			for (const node of example.json.nodes) {
				const type = String(node.type);
				expect(
					[ACTION_NODE_TYPE, TRIGGER_NODE_TYPE].includes(type) ||
						type.startsWith('n8n-nodes-base.'),
				).toBe(true);
				const credentials = node.credentials as Record<string, { id: string }> | undefined;
				if (type.startsWith(PACKAGE_NAME))
					expect(credentials?.[CREDENTIAL_TYPE]?.id).toBe('RrSandboxCred0001');
			}
		}
	});
});

describe('examples run with n8n execute --id', () => {
	it('Catalog price update from a CSV file: every row of the CSV updates the product, legacy price fixed', async () => {
		const before = await env.api('listProducts', { query: { take: 200 } });
		const legacy = before.body.items.find((p: { id: string }) => p.id === 'prd-101-legacy-wine');
		expect(legacy.price).toBe(3.456);

		const run = await env.execute('RrExPriceUpdate03');
		expect(run.error).toBeUndefined();
		expect(run.code).toBe(0);
		const rows = run.nodes['One item per CSV row'].items;
		expect(rows.map((r) => r.product_id)).toEqual([
			'prd-101-pasta-01',
			'prd-101-pasta-03',
			'prd-101-desserts-01',
			'prd-101-legacy-wine',
		]);
		const updated = run.nodes["Update the product's prices"].items;
		expect(updated).toHaveLength(4);

		const after = await env.api('listProducts', { query: { take: 200 } });
		ok(after.status);
		for (const row of rows) {
			const output = updated.find((u) => u.id === row.product_id)!;
			const stored = after.body.items.find((p: { id: string }) => p.id === row.product_id);
			expect(output.price).toBe(Number(row.price));
			expect(stored.price).toBe(Number(row.price));
			expect(stored.takeawayPrice).toBe(Number(row.takeaway_price));
		}
		expect(after.body.items.find((p: { id: string }) => p.id === 'prd-101-legacy-wine').price).toBe(
			3.46,
		);
	});

	it('Copy an event and publish it: a new published event with the new name and dates', async () => {
		const before = await env.api('listEvents');
		const source = before.body.find((e: { name: string }) => e.name === 'Jazz Thursdays');

		const run = await env.execute('RrExCopyEvent04');
		expect(run.error).toBeUndefined();
		const settings = run.nodes.Settings.items[0];
		const copy = run.nodes['Copy as a draft'].items[0];
		const published = run.nodes['Publish the copy'].items;
		expect(copy).toMatchObject({
			name: settings.newName,
			isOffline: true,
			startDate: settings.startDate,
			endDate: settings.endDate,
		});
		expect(published).toHaveLength(1);
		expect(published[0]).toMatchObject({ id: copy.id, isOffline: false });

		const after = await env.api('listEvents');
		expect(after.body).toHaveLength(before.body.length + 1);
		const stored = await env.api('getEvent', { path: { eventId: copy.id } });
		expect(stored.body).toMatchObject({
			name: 'Jazz Thursdays (spring season)',
			isOffline: false,
			description: source.description,
		});
		const active = await env.api('listActiveEvents');
		expect(active.body.map((e: { id: number }) => e.id)).toContain(copy.id);
	});

	it('Cancel a batch of reservations: every open reservation of the closed days, with the configured reason', async () => {
		// Wider than the closed days, to see that the neighbours are left alone.
		const window = {
			from: DateTime.now().plus({ days: 10 }).toFormat("yyyy-LL-dd'T'00:00:00"),
			to: DateTime.now().plus({ days: 26 }).toFormat("yyyy-LL-dd'T'00:00:00"),
			includeEvents: true,
		};
		const before = await env.api('listReservations', { query: window });
		ok(before.status);

		const run = await env.execute('RrExCancelBatch05');
		expect(run.error).toBeUndefined();
		const { closedFrom, closedUntil, note } = run.nodes.Settings.items[0];
		const inside = (r: { businessDate: string; reservationTime: string }) =>
			r.reservationTime.slice(0, 10) >= closedFrom && r.reservationTime.slice(0, 10) <= closedUntil;
		const expected = before.body
			.filter(
				(r: { state: string; eventId: number | null }) =>
					!['cancelled', 'completed', 'noShow'].includes(r.state),
			)
			.filter(inside)
			.map((r: { id: string }) => r.id)
			.sort();
		expect(expected.length).toBeGreaterThan(0);
		const cancelled = run.nodes['Cancel with the reason'].items;
		expect(cancelled.map((r) => r.id).sort()).toEqual(expected);
		expect(cancelled.every((r) => r.state === 'cancelled')).toBe(true);

		for (const id of expected) {
			const stored = await env.api('getReservation', { path: { reservationId: id } });
			expect(stored.body.state).toBe('cancelled');
			expect(stored.body.details).toMatchObject({
				cancelOptionName: 'Restaurant closed',
				cancelNote: note,
				cancelSource: 'n8n',
			});
			expect(stored.body.doNotChargeFee).toBe(true);
		}
		const after = await env.api('listReservations', { query: window });
		for (const r of before.body.filter((x: { id: string }) => !expected.includes(x.id))) {
			expect(after.body.find((x: { id: string }) => x.id === r.id)?.state).toBe(r.state);
		}
	});

	it("Daily digest of tomorrow's bookings: one file per restaurant with its bookings of tomorrow, restaurant time", async () => {
		const restaurants = (await env.api('listRestaurants')).body as Array<{
			id: number;
			name: string;
			timeZone: string;
		}>;
		const run = await env.execute('RrExDailyDigest02');
		expect(run.error).toBeUndefined();
		const digests = run.nodes['One digest per restaurant'].items;
		expect(digests.map((d) => d.restaurantId).sort()).toEqual(restaurants.map((r) => r.id).sort());

		for (const restaurant of restaurants) {
			const tomorrow = DateTime.now().setZone(restaurant.timeZone).plus({ days: 1 }).startOf('day');
			const list = await env.api('listReservations', {
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

			const file = path.join(env.instance.filesFolder, digest.fileName);
			const text = fs.readFileSync(file, 'utf8');
			expect(text.startsWith(`${restaurant.name}`)).toBe(true);
			for (const r of open) expect(text).toContain(r.customerName);
		}
	});

	it('a wrong access token stops the workflow with the node message, and nothing changes', async () => {
		const before = await env.api('listEvents');
		const run = await env.execute(WRONG_TOKEN_WORKFLOW);
		expect(run.code).not.toBe(0);
		expect(run.status).toBe('error');
		expect(run.error?.node?.name).toBe('Events of the restaurant');
		expect(run.error?.message).toBe(
			'Authorization failed: the API did not accept the access token (HTTP 401)',
		);
		expect(run.output).toContain(
			'Check the Access Token in the Restaurant Reservations API credential.',
		);
		expect(run.output).not.toContain('not-a-sandbox-token');
		expect((await env.api('listEvents')).body).toHaveLength(before.body.length);
	});
});

describe('on the running n8n server', () => {
	beforeAll(async () => {
		await env.startServer();
	}, 240_000);

	it('lists both nodes and the credential type of the package', async () => {
		const rest = env.rest!;
		const nodeTypes = await rest.request<
			Array<{ name: string; icon?: unknown; iconUrl?: unknown }>
		>('GET', '/../types/nodes.json');
		const ours = nodeTypes.filter((n) => n.name.startsWith(`${PACKAGE_NAME}.`));
		// usableAsTool: n8n adds the AI-agent tool variant of the action node.
		expect(ours.map((n) => n.name).sort()).toEqual([
			ACTION_NODE_TYPE,
			`${ACTION_NODE_TYPE}Tool`,
			TRIGGER_NODE_TYPE,
		]);
		for (const node of ours)
			expect(JSON.stringify(node.iconUrl)).toContain('restaurantReservations');
		const credentialTypes = await rest.request<Array<{ name: string }>>(
			'GET',
			'/../types/credentials.json',
		);
		expect(credentialTypes.map((c) => c.name)).toContain(CREDENTIAL_TYPE);
	});

	it('Reservation changes to a spreadsheet: activated, it fires on a reservation created in the sandbox', async () => {
		const rest = env.rest!;
		const workflowId = 'RrExChangesToXlsx01';
		const workflow = await rest.request<{ versionId: string }>('GET', `/workflows/${workflowId}`);
		await fetch(`${env.sandbox.url}/__sandbox/requests`, { method: 'DELETE' });
		const activated = await rest.request<{ active: boolean }>(
			'POST',
			`/workflows/${workflowId}/activate`,
			{ versionId: workflow.versionId },
		);
		expect(activated.active).toBe(true);
		// n8n activates published triggers asynchronously; the first poll records the current
		// reservations and emits nothing. Wait until that poll has reached the sandbox.
		const polled = async () => {
			const log = (await (await fetch(`${env.sandbox.url}/__sandbox/requests`)).json()) as {
				requests: Array<{ method: string; url: string; status: number }>;
			};
			return log.requests.some(
				(r) =>
					r.method === 'GET' &&
					r.url.startsWith('/api/rsv/admin/restaurants/101/reservations?') &&
					r.status === 200,
			);
		};
		const baselineBy = Date.now() + 60_000;
		while (!(await polled()) && Date.now() < baselineBy)
			await new Promise((r) => setTimeout(r, 500));
		expect(await polled()).toBe(true);
		await new Promise((r) => setTimeout(r, 2000)); // the poll's remaining windows and its state commit
		const spreadsheets = () =>
			fs
				.readdirSync(env.instance.filesFolder)
				.filter((f) => f.startsWith('reservation changes') && f.endsWith('.xlsx'));
		expect(spreadsheets()).toEqual([]);

		const time = DateTime.now()
			.setZone('Europe/Berlin')
			.plus({ days: 3 })
			.set({ hour: 19, minute: 30, second: 0, millisecond: 0 });
		const created = await env.api('createReservation', {
			body: {
				reservationTime: time.toFormat("yyyy-LL-dd'T'HH:mm:ss"),
				groupSize: 3,
				customerName: 'Erika Trigger',
				phone: '+49 30 5550199',
			},
		});
		expect(created.status).toBe(201);

		// Polled every minute: wait for the file of the next poll.
		const deadline = Date.now() + 150_000;
		while (spreadsheets().length === 0 && Date.now() < deadline)
			await new Promise((r) => setTimeout(r, 2000));
		const files = spreadsheets();
		expect(files).toHaveLength(1);
		await new Promise((r) => setTimeout(r, 1000)); // the write may still be closing

		// Read the spreadsheet with the SheetJS build n8n itself writes it with (@e965/xlsx).
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const XLSX = require(path.join(runtime().dir, 'node_modules', '@e965', 'xlsx'));
		const book = XLSX.read(fs.readFileSync(path.join(env.instance.filesFolder, files[0])));
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
		await rest.request('POST', `/workflows/${workflowId}/deactivate`, {});
	}, 240_000);
});
