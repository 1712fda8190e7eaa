/**
 * The oldest n8n this package supports (OLDEST_LINE: n8n 1.123.x, the 1.x line n8n still
 * maintains, on Node 20 with the legacy expression engine), smoke-tested as a user would use it:
 * the packed package installed as a community package, both nodes and the credential loaded, an
 * example run with `n8n execute`, and the trigger example reporting a reservation created in the
 * sandbox. The same checks as on the current n8n (test/e2e/support/exampleChecks.ts).
 *
 * And the OAuth2 credential (client credentials) against a sandbox whose tokens live 3 seconds,
 * where n8n 1.x differs from 2.x: its request helper answers a 401 as a response and renews
 * nothing (n8n-core 1.122's `convertN8nRequestToAxios` takes `ignoreHttpStatusErrors: { ignore,
 * except: [401] }` for `true`), so the nodes renew the token themselves. A workflow run after the
 * token expired, a trigger polling across token expiries, what a token the API refuses also after
 * the nodes' renewal says (another platform's token endpoint), and what a wrong client secret says
 * (in a node, and in Test connection). Neither a secret nor the imported token in an execution or a log.
 */
import { TOKEN_REFUSED_NOTICE } from '../../nodes/shared/authentication';
import {
	ACTION_NODE_TYPE,
	CREDENTIAL_TYPE,
	OLDEST_LINE,
	PACKAGE_NAME,
	runtime,
	TRIGGER_NODE_TYPE,
	startSandbox,
	type RunningSandbox,
} from '../../scripts/n8n';
import { DateTime } from 'luxon';
import type { TokenCounts } from '../../sandbox/oauth';
import {
	executionFromRest,
	startEnvironment,
	type E2eEnvironment,
} from '../e2e/support/environment';
import { oAuth2Notices, testOAuth2Connection } from '../e2e/support/credentialDialog';
import { checkChangesToSpreadsheet, executeDailyDigest } from '../e2e/support/exampleChecks';
import { CLIENTS, fetchedToken } from '../support/tokens';
import {
	oAuth2Credentials,
	RUN_WORKFLOW,
	runWorkflow,
	TOKEN_LIFETIME_SECONDS,
	TRIGGER_NODE,
	TRIGGER_WORKFLOW,
	triggerWorkflow,
	WRONG_SECRET,
	WRONG_SECRET_WORKFLOW,
	wrongSecretWorkflow,
} from './oauth2Workflows';

let env: E2eEnvironment;
/** Another platform: its token endpoint gives the staff client tokens the environment's API refuses. */
let otherPlatform: RunningSandbox;
/** The token the OAuth2 credential was imported with (expired before any test uses it). */
let importedToken: Record<string, unknown>;

beforeAll(async () => {
	otherPlatform = await startSandbox({ port: 0, quiet: true });
	env = await startEnvironment('compat-oldest', {
		rt: runtime(undefined, OLDEST_LINE),
		sandbox: { tokenLifetimeSeconds: TOKEN_LIFETIME_SECONDS },
		extraCredentials: async (sandboxUrl) => {
			importedToken = await fetchedToken(sandboxUrl);
			return await oAuth2Credentials(sandboxUrl, importedToken, otherPlatform.url);
		},
		extraWorkflows: () => [runWorkflow(), wrongSecretWorkflow(), triggerWorkflow()],
	});
}, 240_000);

/**
 * The sandbox's token counts and when it refused a request with 401 since its log was cleared
 * (oldest first), read while no poll came between (the counts alike before and after the log).
 */
async function tokensAndRefusals(): Promise<{ after: TokenCounts; refusedAt: number[] }> {
	for (;;) {
		const after = await env.sandbox.tokens();
		const log = (await (await env.sandbox.control('GET', '/requests?times=true')).json()) as {
			requests: Array<{ at: number; status: number }>;
		};
		const again = await env.sandbox.tokens();
		if (again.issued === after.issued && again.expiredRequests === after.expiredRequests)
			return {
				after,
				refusedAt: log.requests
					.filter((r) => r.status === 401)
					.map((r) => r.at)
					.sort((a, b) => a - b),
			};
	}
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every token the sandbox issues starts so (sandbox/oauth.ts): the imported one and every renewed one. */
const ISSUED_TOKEN_PREFIX = 'sandbox-issued-';

/** Neither a client secret nor any token the sandbox issued (the imported one among them). */
function expectNoSecret(text: string): void {
	expect(String(importedToken.access_token)).toMatch(new RegExp(`^${ISSUED_TOKEN_PREFIX}`));
	for (const secret of [WRONG_SECRET, CLIENTS.staff.clientSecret, ISSUED_TOKEN_PREFIX])
		expect(text).not.toContain(secret);
}

afterAll(async () => {
	await env?.stop();
	await otherPlatform?.stop();
});

describe(`n8n ${OLDEST_LINE.n8n}, the oldest n8n supported`, () => {
	it('runs the daily digest example with n8n execute', async () => {
		await executeDailyDigest(env);
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

	it('OAuth2: a workflow run after its token expired renews it and repeats the request', async () => {
		const before = await env.sandbox.tokens();
		const run = await env.execute(RUN_WORKFLOW);
		const after = await env.sandbox.tokens();
		// n8n 1.x answers the 401 as a response and renews nothing: the nodes renew the token.
		expect(after.expiredRequests - before.expiredRequests).toBeGreaterThanOrEqual(1);
		expect(after.issued - before.issued).toBeGreaterThanOrEqual(1);
		expect(run.error).toBeUndefined();
		expect(run.nodes['Get Many'].status).toBe('success');
		expect(run.nodes['Get Many'].items.map((item) => item.id)).toEqual([101, 102, 103]);
		expect(run.nodes.Find.status).toBe('success');
		expect(run.nodes.Find.items.length).toBeGreaterThan(0);
		// Find with the wrong secret (in the body) hands its error on as an item.
		expect(run.nodes['Wrong secret: Find'].items).toEqual([
			{ error: 'No access token: the token endpoint refused the client or did not answer' },
		]);
		expectNoSecret(run.output);
	}, 120_000);

	it("OAuth2: a token refused after renewal, and a wrong client secret, name the credential's fields", async () => {
		const otherBefore = await otherPlatform.tokens();
		const run = await env.execute(WRONG_SECRET_WORKFLOW);
		// The other platform's token refused, a new one fetched by the nodes (n8n 1.x renews none), refused too.
		expect((await otherPlatform.tokens()).issued - otherBefore.issued).toBe(2);
		expect(run.nodes['Other platform: Get Many'].items).toEqual([
			{
				error:
					'Authorization failed: the API did not accept the token from the token endpoint, also after a new one was fetched (HTTP 401)',
			},
		]);
		expect(run.nodes['Wrong secret: Get Many'].status).toBe('error');
		expect(run.error).toMatchObject({
			message: 'No access token: the token endpoint refused the client or did not answer',
			// n8n 1.x says the OAuth2 client's words without n8n 2.x's "Failed to acquire OAuth2 access token: ".
			description:
				'Check Access Token URL, Client ID, Client Secret and Send Client Credentials (In the Body or As a Basic Auth Header) in the Restaurant Reservations OAuth2 API credential. n8n said: Client authentication failed (e.g., unknown client, no client authentication included, or unsupported authentication method).',
		});
		expectNoSecret(run.output);
	}, 120_000);

	it('OAuth2: the trigger polls on across token expiries, each change reported once', async () => {
		const rest = env.rest ?? (await env.startServer());
		await env.sandbox.control('DELETE', '/requests');
		const before = await env.sandbox.tokens();
		expect((await rest.activate(TRIGGER_WORKFLOW)).active).toBe(true);
		// The activation's first poll meets the expired token, renews it, and records the baseline.
		const baselineBy = Date.now() + 60_000;
		while ((await env.sandbox.tokens()).issued === before.issued && Date.now() < baselineBy)
			await sleep(250);
		// Past the new token's lifetime: the next poll meets an expired token again.
		await sleep(TOKEN_LIFETIME_SECONDS * 1000 + 500);
		const created: string[] = [];
		for (let round = 0; round < 2; round++) {
			const time = DateTime.now()
				.plus({ days: 4 + round })
				.set({ hour: 12, minute: 30, second: 0, millisecond: 0 });
			const reservation = await env.api('createReservation', {
				path: { restaurantId: 101 },
				body: {
					reservationTime: time.toFormat("yyyy-LL-dd'T'HH:mm:ss"),
					groupSize: 2,
					customerName: `Renewal ${round}`,
				},
			});
			expect(reservation.status).toBe(201);
			created.push(reservation.body.id);
			// The next poll, 5 s on: its token (3 s) has expired again.
			const deadline = Date.now() + 40_000;
			while (
				(await rest.workflowExecutions(TRIGGER_WORKFLOW)).length <= round &&
				Date.now() < deadline
			)
				await sleep(500);
		}
		const { after, refusedAt } = await tokensAndRefusals();
		const executions = [...(await rest.workflowExecutions(TRIGGER_WORKFLOW))].reverse();
		const reported: unknown[] = [];
		for (const { id } of executions) {
			const execution = executionFromRest(await rest.finishedExecution(id));
			expect(execution.status).toBe('success');
			reported.push(execution.nodes[TRIGGER_NODE].items.map((item) => item.reservationId));
		}
		// Each change once, in its own poll.
		expect(reported).toEqual([[created[0]], [created[1]]]);
		// Every poll (the baseline's and at least those two) met an expired token with several
		// requests at once, and fetched one new token for all of them: as many tokens as polls
		// refused (bursts of 401s, 5 s apart), fewer than requests refused.
		const polls = refusedAt.filter((at, i) => i === 0 || at - refusedAt[i - 1] > 2000).length;
		const renewed = after.issued - before.issued;
		expect(polls).toBeGreaterThanOrEqual(3);
		expect(renewed).toBe(polls);
		expect(after.expiredRequests - before.expiredRequests).toBe(refusedAt.length);
		expect(refusedAt.length).toBeGreaterThan(renewed);
		expectNoSecret(env.n8n!.output.join('\n'));
	}, 180_000);

	it("OAuth2: Test connection with a wrong secret: n8n's words, and the dialog names the fields", async () => {
		const rest = env.rest ?? (await env.startServer());
		// n8n 1.x reports the OAuth2 client's error as it is (n8n 2.x: "Failed to acquire OAuth2 access token: …").
		expect(await testOAuth2Connection(rest, env.sandbox.url, WRONG_SECRET)).toEqual({
			status: 'Error',
			message:
				'Client authentication failed (e.g., unknown client, no client authentication included, or unsupported authentication method).',
		});
		expect(await oAuth2Notices(rest)).toEqual([TOKEN_REFUSED_NOTICE]);
		expect(TOKEN_REFUSED_NOTICE).toContain(
			'check Access Token URL, Client ID, Client Secret and Send Client Credentials',
		);
	}, 60_000);
});
