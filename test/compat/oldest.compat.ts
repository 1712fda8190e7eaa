/**
 * The oldest n8n this package supports (OLDEST_LINE: n8n 1.123.x, the 1.x line n8n still
 * maintains, on Node 20 with the legacy expression engine), smoke-tested as a user would use it:
 * the packed package installed as a community package, both nodes and the credential loaded, an
 * example run with `n8n execute`, and the trigger example reporting a reservation created in the
 * sandbox. The same checks as on the current n8n (test/e2e/support/exampleChecks.ts).
 */
import {
	ACTION_NODE_TYPE,
	CREDENTIAL_TYPE,
	OLDEST_LINE,
	PACKAGE_NAME,
	runtime,
	TRIGGER_NODE_TYPE,
} from '../../scripts/n8n';
import { startEnvironment, type E2eEnvironment } from '../e2e/support/environment';
import { checkChangesToSpreadsheet, checkDailyDigest } from '../e2e/support/exampleChecks';

let env: E2eEnvironment;

beforeAll(async () => {
	env = await startEnvironment('compat-oldest', { rt: runtime(undefined, OLDEST_LINE) });
}, 240_000);

afterAll(async () => {
	await env?.stop();
});

describe(`n8n ${OLDEST_LINE.n8n}, the oldest n8n supported`, () => {
	it('runs the daily digest example with n8n execute', async () => {
		await checkDailyDigest(
			env.api,
			env.instance.filesFolder,
			await env.execute('RrExDailyDigest02'),
		);
	});

	it('loads both nodes and the credential type', async () => {
		const rest = await env.startServer();
		const nodeTypes = await rest.request<Array<{ name: string }>>('GET', '/../types/nodes.json');
		const ours = nodeTypes.map((n) => n.name).filter((name) => name.startsWith(`${PACKAGE_NAME}.`));
		expect(ours).toEqual(expect.arrayContaining([ACTION_NODE_TYPE, TRIGGER_NODE_TYPE]));
		const credentialTypes = await rest.request<Array<{ name: string }>>(
			'GET',
			'/../types/credentials.json',
		);
		expect(credentialTypes.map((c) => c.name)).toContain(CREDENTIAL_TYPE);
	}, 240_000);

	it('the trigger example, activated, reports a reservation created in the sandbox', async () => {
		const workflowId = 'RrExChangesToXlsx01';
		await checkChangesToSpreadsheet({
			api: env.api,
			sandboxUrl: env.sandbox.url,
			filesFolder: env.instance.filesFolder,
			activate: async () => {
				expect((await env.rest!.activate(workflowId)).active).toBe(true);
			},
		});
	}, 240_000);
});
