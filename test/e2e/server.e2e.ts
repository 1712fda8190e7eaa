/**
 * The package in a real n8n server (2.41.1 on Node 24), installed from `npm pack` the way n8n
 * installs a community package. Every example workflow is imported with the sandbox credential
 * (the shipped files name none: prepareExample adds it) and run on the server from its manual
 * trigger, as the editor's Execute workflow does; each test checks both the workflow's output and
 * the change in the sandbox (or the files written). The trigger examples are activated on the
 * server and must fire on reservations created in the sandbox; the moment examples (09 to 11)
 * together, at the moments of bookings placed seconds away; the guest examples (12 and 13)
 * together, on guests booking after a year of history was read.
 * A workflow with a wrong token, run with `n8n execute --id`, fails with the node's own message.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
	ACTION_NODE_TYPE,
	CREDENTIAL_TYPE,
	nodesFolder,
	PACKAGE_NAME,
	prepareExample,
	SANDBOX_CREDENTIAL,
	TRIGGER_NODE_TYPE,
} from '../../scripts/n8n';
import { TOKEN_REFUSED_NOTICE } from '../../nodes/shared/authentication';
import { CLIENTS } from '../support/tokens';
import { oAuth2Notices, testOAuth2Connection } from './support/credentialDialog';
import { startEnvironment, WRONG_CREDENTIAL, type E2eEnvironment } from './support/environment';
import {
	CANCEL_BATCH,
	checkCancelBatch,
	checkCancelBatchUnknownReason,
	checkCancelBatchUnset,
	checkDailyDigest,
	checkChangesToSpreadsheet,
	checkNewEventToMailingList,
	checkPosCatalogSync,
	checkPriceUpdate,
	exampleTestSettings,
	type TriggerExampleSetup,
} from './support/exampleChecks';
import { checkGuestExamples, GUEST_EXAMPLES } from './support/guestExampleChecks';
import { checkMomentExamples, MOMENT_EXAMPLES } from './support/momentExampleChecks';

const WRONG_TOKEN_WORKFLOW = 'RrExWrongToken99';
/** Example 05 as shipped: its closed days empty (the other copy has them set, as the tests need). */
const CANCEL_BATCH_AS_SHIPPED = 'RrExCancelBatch05Unset';
/** Example 05 with its closed days set and a reason the restaurant has not configured. */
const CANCEL_BATCH_UNKNOWN_REASON = 'RrExCancelBatch05Reason';
/**
 * Node types an example may use besides n8n's base nodes: this package's, the action node's AI tool
 * variant, and the MCP Server Trigger (it ships with n8n) that the AI booking desk connects it to.
 */
const EXAMPLE_NODE_TYPES = [
	ACTION_NODE_TYPE,
	`${ACTION_NODE_TYPE}Tool`,
	TRIGGER_NODE_TYPE,
	'@n8n/n8n-nodes-langchain.mcpTrigger',
];

let env: E2eEnvironment;

beforeAll(async () => {
	env = await startEnvironment('server', {
		extraWorkflows: (examples, filesFolder) => [
			prepareExample(
				examples.find((e) => e.id === CANCEL_BATCH)!,
				{
					filesFolder,
					id: CANCEL_BATCH_AS_SHIPPED,
					name: 'Cancel a batch of reservations (as shipped: no closed days)',
				},
			),
			prepareExample(
				examples.find((e) => e.id === CANCEL_BATCH)!,
				{
					filesFolder,
					id: CANCEL_BATCH_UNKNOWN_REASON,
					name: 'Cancel a batch of reservations (a reason the restaurant does not have)',
					settings: { ...exampleTestSettings(CANCEL_BATCH), reason: 'Holiday' },
				},
			),
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
	await env.startServer();
}, 360_000);

afterAll(async () => {
	await env?.stop();
});

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

	it('every example uses only n8n built-in nodes besides this package, and names no credential (n8n asks the user for theirs)', () => {
		expect(env.examples.length).toBeGreaterThanOrEqual(5);
		for (const example of env.examples) {
			for (const node of example.json.nodes) {
				const type = String(node.type);
				expect(EXAMPLE_NODE_TYPES.includes(type) || type.startsWith('n8n-nodes-base.')).toBe(true);
				if (type.startsWith(PACKAGE_NAME)) expect(node.credentials).toBeUndefined();
			}
		}
	});
});

// The server runs them as the editor's Execute workflow does; `n8n execute` runs the one with a
// wrong token (what the CLI prints is checked too) and, on the oldest n8n, example 02 (compat).
describe('examples run from their manual trigger on the server', () => {
	it('Catalog price update from a CSV file: every row of the CSV updates the product, legacy price fixed', async () => {
		await checkPriceUpdate(env.api, async () => {
			const run = await env.runOnServer('RrExPriceUpdate03');
			expect(run.code).toBe(0);
			return run;
		});
	});

	it('POS catalog sync from a CSV export: groups and products created or updated, a second run writes nothing', async () => {
		await checkPosCatalogSync(env.api, env.sandbox.url, async () => {
			const run = await env.runOnServer('RrExPosCatalogSync06');
			expect(run.code).toBe(0);
			return run;
		});
	});

	it('Copy an event and publish it: a new published event with the new name and dates', async () => {
		const before = await env.api('listEvents');
		const source = before.body.find((e: { name: string }) => e.name === 'Jazz Thursdays');

		const run = await env.runOnServer('RrExCopyEvent04');
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

	it('Cancel a batch of reservations as shipped: no closed days set, it stops with the message and cancels nothing', async () => {
		await checkCancelBatchUnset(env.api, env.sandbox.url, () =>
			env.runOnServer(CANCEL_BATCH_AS_SHIPPED),
		);
	});

	it('Cancel a batch of reservations with a reason the restaurant does not have: it stops with the reasons it has, cancels nothing', async () => {
		await checkCancelBatchUnknownReason(env.api, env.sandbox.url, () =>
			env.runOnServer(CANCEL_BATCH_UNKNOWN_REASON),
		);
	});

	it('Cancel a batch of reservations: every open reservation of the closed days, with the configured reason', async () => {
		await checkCancelBatch(env.api, () => env.runOnServer(CANCEL_BATCH));
	});

	it("Daily digest of tomorrow's bookings: one file per restaurant with its bookings of tomorrow, restaurant time", async () => {
		await checkDailyDigest(
			env.api,
			env.instance.filesFolder,
			await env.runOnServer('RrExDailyDigest02'),
		);
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
	/** Trigger examples on the server: activated through the REST API, checked against the sandbox. */
	const triggerExample = (...workflowIds: string[]): TriggerExampleSetup => ({
		api: env.api,
		sandboxUrl: env.sandbox.url,
		filesFolder: env.instance.filesFolder,
		activate: async () => {
			for (const workflowId of workflowIds)
				expect((await env.rest!.activate(workflowId)).active).toBe(true);
		},
	});
	const deactivate = (workflowId: string) =>
		env.rest!.request('POST', `/workflows/${workflowId}/deactivate`, {});
	/** Trigger examples activated together and checked by `check`, then deactivated, also when it fails. */
	const checkTogether = async (
		check: (setup: TriggerExampleSetup) => Promise<void>,
		workflowIds: string[],
	) => {
		try {
			await check(triggerExample(...workflowIds));
		} finally {
			for (const workflowId of workflowIds) await deactivate(workflowId);
		}
	};

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

	it("the OAuth2 credential's Test connection fetches a token and lists restaurants", async () => {
		const rest = env.rest!;
		// As the editor does: the credential saved, then tested with its data.
		const test = (clientSecret: string) =>
			testOAuth2Connection(
				rest,
				env.sandbox.url,
				clientSecret,
				`OAuth2 connection test (${clientSecret.length})`,
			);
		const before = await env.sandbox.tokens();
		expect(await test(CLIENTS.staff.clientSecret)).toMatchObject({ status: 'OK' });
		expect((await env.sandbox.tokens()).issued).toBe(before.issued + 1);
		const refused = await test('not-the-secret');
		// n8n's own words: no rule of the credential's `test` reaches a refused client.
		expect(refused).toEqual({
			status: 'Error',
			message:
				'Failed to acquire OAuth2 access token: Client authentication failed (e.g., unknown client, no client authentication included, or unsupported authentication method).',
		});
		expect(JSON.stringify(refused)).not.toContain('not-the-secret');
		// So the dialog names the fields to check, under them.
		expect(await oAuth2Notices(rest)).toEqual([TOKEN_REFUSED_NOTICE]);
	});

	it('the imported examples: every node of the package has the sandbox credential', async () => {
		for (const example of env.examples) {
			const stored = await env.rest!.request<{ nodes: Array<Record<string, unknown>> }>(
				'GET',
				`/workflows/${example.id}`,
			);
			const ours = stored.nodes.filter((n) => String(n.type).startsWith(`${PACKAGE_NAME}.`));
			expect(ours.length).toBeGreaterThan(0);
			for (const node of ours)
				expect(node.credentials).toEqual({
					[CREDENTIAL_TYPE]: { id: SANDBOX_CREDENTIAL.id, name: SANDBOX_CREDENTIAL.name },
				});
		}
	});

	it('Reservation changes to a spreadsheet: activated, it fires on a reservation created in the sandbox', async () => {
		await checkChangesToSpreadsheet(triggerExample('RrExChangesToXlsx01'));
		await deactivate('RrExChangesToXlsx01');
	}, 240_000);

	it('New event to a mailing list file: activated, a published event becomes a row, a draft does not', async () => {
		await checkNewEventToMailingList(triggerExample('RrExNewEventMail07'));
		await deactivate('RrExNewEventMail07');
	}, 240_000);

	it('Reminders, not-arrived alert and review request: activated together, each writes its message when the moment falls due, none for a cancelled booking, an arrived guest or a no-show', async () => {
		await checkTogether(checkMomentExamples, Object.values(MOMENT_EXAMPLES));
	}, 240_000);

	it('New guests to a contacts file and birthday greeting a week ahead: activated together, a first-time guest becomes a row, a returning or cancelled one does not, a birthday in 7 days is greeted', async () => {
		await checkTogether(checkGuestExamples, Object.values(GUEST_EXAMPLES));
	}, 180_000);
});
