/**
 * The AI booking desk (examples/08-ai-booking-desk.json) as an AI agent meets it: the workflow is
 * activated on a real n8n server with an application (vendor token) credential, so that the
 * sandbox enforces the restaurant's booking rules too, behind the trigger's Bearer Auth as the
 * example's note asks before it is exposed, and the official MCP client
 * (@modelcontextprotocol/sdk, Streamable HTTP) plays the agent. No language model: the test makes
 * the calls an agent would make and checks every answer, and every change, in the sandbox.
 *
 * The desk knows the guest (issue 38): guest_history is played for a regular, a new guest and a
 * guest with two no-shows, arranged through the API (booked through the application, then moved to
 * past evenings and marked completed, arrived or noShow by the staff), each count, date, amount and
 * the profile asserted literally; through the staff token's desk too, which lists every booking.
 *
 * The same desk also runs against the API's other readings of the spec (docs/sandbox.md, Readings:
 * platform, upper, legacy), each from a sandbox of its own with a staff credential of its own on the
 * same n8n server: a booking with the rules check, found by phone and cancelled, and a full slot
 * refused, each judged in the reading's own spelling and in its sandbox. The upper reading's desk
 * authenticates with the OAuth2 credential (the staff client, imported without a token) instead of
 * the staff token: n8n fetches its first token, and its sandbox expires every token before each
 * tool call, so that every call meets a 401 and n8n renews the token and repeats the request.
 *
 * It records what the client sees (tools, descriptions, input schemas) in
 * .tmp/notes/mcp-tools.json and the calls with their answers and durations in
 * .tmp/notes/mcp-transcript.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { DateTime } from 'luxon';
import { bookingRulesOf, checkBooking, type BookingRules } from '../../nodes/shared/bookingRules';
import { toLocalDateTime } from '../../nodes/shared/localTime';
import type { ReadingName } from '../../sandbox/readings';
import {
	prepareExample,
	REPO_ROOT,
	SANDBOX_CREDENTIAL,
	sandboxCredential,
	sandboxOAuth2Credential,
	startSandbox,
	type ExampleWorkflow,
	type NodeCredential,
	type RunningSandbox,
	type SandboxAuth,
} from '../../scripts/n8n';
import { CLIENT_CREDENTIALS_TYPE } from '../../nodes/shared/transport';
import { apiClient, type ApiCall } from '../support/client';
import { NO_GUEST_FOUND } from '../support/guestHistory';
import { ReadingView, wallClock } from '../support/reading';
import { TOKENS } from '../support/tokens';
import type { TokenCounts } from '../../sandbox/oauth';
import { startEnvironment, type E2eEnvironment } from './support/environment';

const EXAMPLE_ID = 'RrExAiDesk08';
/** The example imported a second time with the application credential, and activated. */
const DESK_ID = 'RrExAiDeskApp08x';
/** And a third time with the staff credential `npm run dev` gives the examples, on a path of its own. */
const STAFF_DESK_ID = 'RrExAiDeskStaff08x';
const VENDOR_CREDENTIAL = {
	id: 'RrSandboxVendor01',
	name: 'Restaurant Reservations sandbox (application)',
};
/** The MCP Server Trigger's Bearer Auth: n8n's own credential type, and the token the agent sends. */
const MCP_CREDENTIAL = { id: 'RrMcpBearer01', name: 'AI booking desk (bearer)' };
const MCP_TOKEN = 'desk-e2e-7f3c9a1b5d2e4f60';
const TOOL_NAMES = [
	'book_table',
	'cancel_booking',
	'change_booking',
	'check_availability',
	'find_booking',
	'free_times',
	'guest_history',
];
const TIME_ZONE = 'Europe/Berlin';
const MCP_TRIGGER = '@n8n/n8n-nodes-langchain.mcpTrigger';
/** Restaurant 101's published limit of bookings per slot (sandbox/seed/restaurants.ts). */
const MAX_BOOKINGS = 6;
/** The API's readings besides the sandbox's own, each served by a sandbox of its own. */
const OTHER_READINGS: ReadingName[] = ['platform', 'upper', 'legacy'];
/** The reading whose desk authenticates with the OAuth2 credential (the others with the staff token). */
const OAUTH2_READING: ReadingName = 'upper';
const NOTES = path.join(REPO_ROOT, '.tmp', 'notes');

interface Tool {
	name: string;
	description?: string;
	inputSchema: {
		type: string;
		properties?: Record<string, { type?: string; description?: string; default?: unknown }>;
		required?: string[];
	};
}

interface Answer {
	isError: boolean;
	text: string;
	/** The text parsed as JSON when it is JSON (the items the tool's node returned). */
	json?: any;
}

interface TranscriptEntry {
	tool: string;
	arguments: Record<string, unknown>;
	isError: boolean;
	answer: string;
	ms: number;
}

/**
 * The desk against one reading: its sandbox, a staff credential for it (the staff token, or for
 * OAUTH2_READING the staff client's OAuth2 credential: the sandbox then enforces none of the
 * online rules, so a refusal is the node's own), the example imported with that credential on the
 * path `<path>-<reading>`, and its client.
 */
interface ReadingDesk {
	reading: ReadingName;
	view: ReadingView;
	sandbox: RunningSandbox;
	/** The reading's API (openapi.yaml describes the sandbox's own reading only: not checked against it). */
	api: ApiCall;
	auth: SandboxAuth;
	credential: NodeCredential;
	workflowId: string;
	client?: Client;
}

const capitalized = (word: string) => word[0].toUpperCase() + word.slice(1);

function readingDesk(reading: ReadingName, sandbox: RunningSandbox): ReadingDesk {
	const name = capitalized(reading);
	const auth: SandboxAuth = reading === OAUTH2_READING ? 'oAuth2' : 'accessToken';
	return {
		reading,
		view: new ReadingView(reading),
		sandbox,
		api: apiClient(sandbox.url, { checkContract: false }),
		auth,
		credential:
			auth === 'oAuth2'
				? {
						id: `RrReading${name}OAuth01`,
						name: `Restaurant Reservations OAuth2 (${reading} reading)`,
						type: CLIENT_CREDENTIALS_TYPE,
					}
				: { id: `RrReading${name}01`, name: `Restaurant Reservations (${reading} reading)` },
		workflowId: `RrExAiDesk${name}08x`,
	};
}

/** The credential of a reading's desk as the CLI imports it: the staff token, or the staff client's OAuth2 credential. */
const deskCredential = (desk: ReadingDesk) =>
	desk.auth === 'oAuth2'
		? sandboxOAuth2Credential(desk.sandbox.url, desk.credential)
		: { ...sandboxCredential(desk.sandbox.url), ...desk.credential };

let env: E2eEnvironment;
let client: Client;
let mcpUrl: string;
/** The client of the desk that books with the staff token. */
let staffClient: Client;
const durations: Record<string, number> = {};
const readingDesks = new Map<ReadingName, ReadingDesk>();
/** The reading desks' sandboxes starting (beside the environment), each in readingDesks once up. */
let readingSandboxes: Promise<unknown> = Promise.resolve();
const transcript: TranscriptEntry[] = [];
/** The OAuth2 desk's token counts per test: tool calls made on expired tokens, tokens issued, requests refused as expired. */
const oAuth2Notes: Array<Record<string, unknown>> = [];

async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
	const started = performance.now();
	try {
		return await run();
	} finally {
		durations[label] = Math.round(performance.now() - started);
	}
}

/**
 * The example with the given credential, its MCP Server Trigger set to Bearer Auth (and, for a
 * second desk, on the path `<path>-<pathSuffix>`).
 */
function behindBearerAuth(
	example: ExampleWorkflow,
	filesFolder: string,
	desk: {
		credential: NodeCredential;
		id: string;
		label: string;
		pathSuffix?: string;
	},
): ExampleWorkflow['json'] {
	const json = prepareExample(example, {
		filesFolder,
		credential: desk.credential,
		id: desk.id,
		name: `${example.name} (${desk.label})`,
	});
	const trigger = json.nodes.find((n) => n.type === MCP_TRIGGER)!;
	const { path: triggerPath } = trigger.parameters as { path: string };
	trigger.parameters = {
		...(trigger.parameters as object),
		authentication: 'bearerAuth',
		path: desk.pathSuffix ? `${triggerPath}-${desk.pathSuffix}` : triggerPath,
	};
	trigger.credentials = { httpBearerAuth: { ...MCP_CREDENTIAL } };
	return json;
}

/** An MCP client connected over Streamable HTTP, sending `token` as the agent's bearer token. */
async function connectedClient(token?: string, url = mcpUrl): Promise<Client> {
	const connecting = new Client({ name: 'restaurant-reservations-e2e', version: '1.0.0' });
	const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
	await connecting.connect(
		new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }),
	);
	return connecting;
}

/** One tool call as an agent makes it; the answer's text, parsed when it is JSON. */
async function call(
	tool: string,
	args: Record<string, unknown>,
	desk: Client = client,
): Promise<Answer> {
	const started = performance.now();
	const result = await desk.callTool({ name: tool, arguments: args });
	const ms = Math.round(performance.now() - started);
	const content = result.content as Array<{ type: string; text?: string }>;
	const text = content
		.filter((c) => c.type === 'text')
		.map((c) => c.text)
		.join('\n');
	const isError = result.isError === true;
	transcript.push({ tool, arguments: args, isError, answer: text, ms });
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch {
		json = undefined;
	}
	return { isError, text, json };
}

/** The restaurant's wall clock and published rules, read from the sandbox (staff token). */
async function restaurantRules(
	api: ApiCall = env.api,
): Promise<{ rules: BookingRules; now: string }> {
	const [configuration, settings] = await Promise.all([
		api('getRestaurantConfiguration'),
		api('getRestaurantSettings'),
	]);
	return {
		rules: bookingRulesOf(configuration.body.reservationSettings, settings.body),
		now: toLocalDateTime(new Date(), TIME_ZONE),
	};
}

/** All reservations of restaurant 101, as the staff see them. */
async function allReservations(api: ApiCall = env.api): Promise<Array<Record<string, any>>> {
	const response = await api('listReservations', { query: { includeEvents: true } });
	expect(response.status).toBe(200);
	return response.body;
}

async function requestLog(): Promise<Array<{ method: string; url: string; status: number }>> {
	const response = await fetch(`${env.sandbox.url}/__sandbox/requests`);
	return (
		(await response.json()) as { requests: Array<{ method: string; url: string; status: number }> }
	).requests;
}

/**
 * A day one to four weeks ahead on which the restaurant takes bookings, and two dinner times of it
 * that no seeded booking holds (so that the rules' slot limits cannot interfere); in the sandbox
 * whose API answers in `view`'s reading.
 */
async function freeDinnerTimes(
	api: ApiCall = env.api,
	view = new ReadingView(),
): Promise<{ day: string; first: string; second: string }> {
	const { rules, now } = await restaurantRules(api);
	const reservations = await allReservations(api);
	const held = new Set(
		reservations
			.filter((r) => !['cancelled', 'noShow'].includes(view.stateOf(r)))
			.map((r) => wallClock(String(r.reservationTime), TIME_ZONE)),
	);
	const today = DateTime.fromISO(now.slice(0, 10), { zone: 'UTC' });
	for (let d = 7; d <= 28; d++) {
		const day = today.plus({ days: d }).toFormat('yyyy-LL-dd');
		const times = ['18:00', '18:30', '19:00', '19:30', '20:00', '20:30', '21:00']
			.map((t) => `${day}T${t}`)
			.filter((t) => !held.has(t))
			.filter(
				(time) => checkBooking(rules, { time, partySize: 4 }, { now, bookings: [] }).bookable,
			);
		if (times.length >= 2) return { day, first: times[0], second: times[times.length - 1] };
	}
	throw new Error('no free dinner times in the next four weeks');
}

/**
 * Waits until n8n serves the trigger's production URL: right after activation it may still answer
 * 404 ("webhook is not registered"). A DELETE without a session is the cheapest probe: 400 once
 * the MCP Server Trigger answers.
 */
async function productionUrlReady(url: string, timeoutMs = 60_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	for (let notFound = 0; ; notFound++) {
		const response = await fetch(url, { method: 'DELETE' });
		await response.text();
		durations.productionUrl404Answers = notFound;
		if (response.status !== 404) return;
		if (Date.now() > deadline) throw new Error(`${url} still answers 404 after activation`);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

beforeAll(async () => {
	readingSandboxes = Promise.all(
		OTHER_READINGS.map(async (reading) => {
			const sandbox = await startSandbox({ port: 0, quiet: true, reading });
			readingDesks.set(reading, readingDesk(reading, sandbox));
		}),
	);
	const desks = () => [...readingDesks.values()];
	let mcpPath = '';
	// The desks' credentials and workflows are imported with the examples' (each n8n import is a
	// CLI boot of its own); the credentials, imported first, wait for the desks' sandboxes.
	env = await startEnvironment('mcp', {
		// The agent talks to n8n's MCP endpoint, the test to its REST API: no editor.
		editor: false,
		extraCredentials: async (sandboxUrl) => {
			await readingSandboxes;
			return [
				{ ...VENDOR_CREDENTIAL, baseUrl: sandboxUrl, accessToken: TOKENS.vendor },
				{ ...MCP_CREDENTIAL, type: 'httpBearerAuth', data: { token: MCP_TOKEN } },
				...desks().map(deskCredential),
			];
		},
		extraWorkflows: (examples, filesFolder) => {
			const example = examples.find((e) => e.id === EXAMPLE_ID);
			if (!example) throw new Error(`example ${EXAMPLE_ID} not found in examples/`);
			const trigger = example.json.nodes.find((n) => n.type === MCP_TRIGGER)!;
			mcpPath = String((trigger.parameters as { path: string }).path);
			return [
				behindBearerAuth(example, filesFolder, {
					credential: VENDOR_CREDENTIAL,
					id: DESK_ID,
					label: 'application token',
				}),
				behindBearerAuth(example, filesFolder, {
					credential: SANDBOX_CREDENTIAL,
					id: STAFF_DESK_ID,
					label: 'staff token',
					pathSuffix: 'staff',
				}),
				...desks().map((desk) =>
					behindBearerAuth(example, filesFolder, {
						credential: desk.credential,
						id: desk.workflowId,
						label: `${desk.reading} reading`,
						pathSuffix: desk.reading,
					}),
				),
			];
		},
	});
	const rest = await env.startServer();
	for (const id of [DESK_ID, STAFF_DESK_ID, ...desks().map((desk) => desk.workflowId)]) {
		const activated = await timed(`activate ${id}`, () => rest.activate(id));
		expect(activated.active).toBe(true);
	}

	// The production URL of the MCP Server Trigger: /mcp/<path>, Streamable HTTP.
	mcpUrl = `${env.instance.url}/mcp/${mcpPath}`;
	await timed('productionUrlReady', () => productionUrlReady(mcpUrl));
	await productionUrlReady(`${mcpUrl}-staff`);
	client = await timed('connect', () => connectedClient(MCP_TOKEN));
	staffClient = await connectedClient(MCP_TOKEN, `${mcpUrl}-staff`);
	for (const desk of desks()) {
		await productionUrlReady(`${mcpUrl}-${desk.reading}`);
		desk.client = await connectedClient(MCP_TOKEN, `${mcpUrl}-${desk.reading}`);
	}
}, 300_000);

afterAll(async () => {
	fs.mkdirSync(NOTES, { recursive: true });
	fs.writeFileSync(
		path.join(NOTES, 'mcp-transcript.json'),
		`${JSON.stringify({ url: mcpUrl, durationsMs: durations, oAuth2: oAuth2Notes, calls: transcript }, null, 2)}\n`,
	);
	await client?.close();
	await staffClient?.close();
	await env?.stop();
	await readingSandboxes.catch(() => undefined);
	for (const desk of readingDesks.values()) {
		await desk.client?.close();
		await desk.sandbox.process.stop();
	}
});

describe("the desk behind the trigger's Bearer Auth", () => {
	const initialize = (headers: Record<string, string>) =>
		fetch(mcpUrl, {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				accept: 'application/json, text/event-stream',
				...headers,
			},
			body: JSON.stringify({
				jsonrpc: '2.0',
				id: 1,
				method: 'initialize',
				params: {
					protocolVersion: '2025-03-26',
					capabilities: {},
					clientInfo: { name: 'no-token', version: '1.0.0' },
				},
			}),
		});

	it('refuses a client without the token, or with another one, before any tool is reached', async () => {
		const before = (await requestLog()).length;
		const missing = await initialize({});
		const wrong = await initialize({ authorization: 'Bearer not-the-desk-token' });
		// n8n's webhook authentication answers both with 403 (n8n-nodes-base Webhook/utils.js, bearerAuth).
		for (const refused of [missing, wrong])
			expect([refused.status, await refused.text()]).toEqual([403, 'Authorization data is wrong!']);
		await expect(connectedClient()).rejects.toThrow();
		await expect(connectedClient('not-the-desk-token')).rejects.toThrow();
		expect((await requestLog()).length).toBe(before);
	});

	it('serves the client that sends it', async () => {
		expect((await initialize({ authorization: `Bearer ${MCP_TOKEN}` })).status).toBe(200);
		expect(client.getServerVersion()).toBeDefined();
	});
});

describe('the tools as the MCP client sees them', () => {
	let tools: Tool[];

	beforeAll(async () => {
		tools = (await timed('listTools', () => client.listTools())).tools as Tool[];
		fs.mkdirSync(NOTES, { recursive: true });
		fs.writeFileSync(
			path.join(NOTES, 'mcp-tools.json'),
			`${JSON.stringify(
				{
					url: mcpUrl,
					server: client.getServerVersion(),
					instructions: client.getInstructions(),
					tools,
				},
				null,
				2,
			)}\n`,
		);
	});

	const tool = (name: string) => tools.find((t) => t.name === name)!;
	const property = (name: string, key: string) => tool(name).inputSchema.properties![key];

	it('the server names itself after the trigger and tells the agent the time format', () => {
		expect(client.getServerVersion()?.name).toBe('Restaurant_booking_desk');
		const instructions = client.getInstructions() ?? '';
		expect(instructions).toContain('YYYY-MM-DDTHH:mm');
		expect(instructions).toContain(TIME_ZONE);
		for (const name of ['guest_history', 'free_times', 'check_availability', 'find_booking'])
			expect(instructions).toContain(name);
		expect(instructions).toMatch(/allergies/);
		expect(instructions).toMatch(/no-shows/);
	});

	it('lists the seven tools with a description each', () => {
		expect(tools.map((t) => t.name).sort()).toEqual(TOOL_NAMES);
		for (const t of tools) {
			expect(t.description).toContain('Trattoria Aurora');
			expect(t.inputSchema.type).toBe('object');
		}
		expect(tool('check_availability').description).toMatch(/nearest/i);
		expect(tool('free_times').description).toMatch(/up to 14/);
		expect(tool('book_table').description).toMatch(/rules/i);
		expect(tool('book_table').description).toContain('id');
		for (const name of ['change_booking', 'cancel_booking'])
			expect(tool(name).description).toContain('find_booking');
		// The guest tool tells the agent to greet, read the profile back and care about no-shows.
		for (const word of ['visits', 'allergy', 'noShows', 'book_table'])
			expect(tool('guest_history').description).toContain(word);
	});

	it('input schemas: required keys and types, with format, time zone and units in the descriptions', () => {
		const required = (name: string) => [...(tool(name).inputSchema.required ?? [])].sort();
		expect(required('check_availability')).toEqual(['partySize', 'time']);
		expect(required('book_table')).toEqual(['guestName', 'partySize', 'phone', 'time']);
		expect(required('find_booking')).toEqual([]);
		expect(required('free_times')).toEqual(['partySize']);
		expect(required('change_booking')).toEqual(['bookingId']);
		expect(required('cancel_booking')).toEqual(['bookingId']);
		expect(required('guest_history')).toEqual([]);
		expect(Object.keys(tool('guest_history').inputSchema.properties ?? {}).sort()).toEqual([
			'email',
			'phone',
		]);

		for (const name of ['check_availability', 'book_table']) {
			expect(property(name, 'time').type).toBe('string');
			expect(property(name, 'time').description).toContain('YYYY-MM-DDTHH:mm');
			expect(property(name, 'time').description).toContain(TIME_ZONE);
			expect(property(name, 'partySize').type).toBe('number');
			expect(property(name, 'partySize').description).toMatch(/number of guests/i);
		}
		expect(property('book_table', 'phone').description).toMatch(/any format/i);
		expect(property('book_table', 'email').default).toBe('');
		expect(property('find_booking', 'phone').description).toMatch(/any format/i);
		for (const key of ['phone', 'email']) {
			expect(property('guest_history', key).type).toBe('string');
			expect(property('guest_history', key).default).toBe('');
		}
		expect(property('guest_history', 'phone').description).toMatch(/any format/i);
		expect(property('find_booking', 'from').description).toContain('YYYY-MM-DD');
		expect(property('change_booking', 'newTime').description).toContain('YYYY-MM-DDTHH:mm');
		expect(property('change_booking', 'newTime').default).toBe('');
		expect(property('change_booking', 'newPartySize').type).toBe('number');
		expect(property('change_booking', 'newPartySize').default).toBe(0);
		expect(property('free_times', 'firstDay').description).toContain('YYYY-MM-DD');
		expect(property('free_times', 'firstDay').default).toBe('');
		expect(property('free_times', 'days').type).toBe('number');
		expect(property('free_times', 'days').default).toBe(7);
		for (const t of tools)
			for (const [key, p] of Object.entries(t.inputSchema.properties ?? {}))
				expect([key, (p.description ?? '').length > 10]).toEqual([key, true]);
	});
});

describe('an agent takes a booking through the MCP tools', () => {
	const guest = { name: 'Ada Lovelace', phone: '+49 30 5550 1815', email: 'ada@example.com' };
	let times: { day: string; first: string; second: string };
	let bookingId: string;

	beforeAll(async () => {
		times = await freeDinnerTimes();
	});

	it('check_availability: a free dinner time is bookable; 16:30 is not, with the reason and the nearest times', async () => {
		const free = await call('check_availability', { time: times.first, partySize: 4 });
		expect(free.isError).toBe(false);
		expect(free.json).toEqual([
			expect.objectContaining({
				restaurantId: 101,
				timeZone: TIME_ZONE,
				time: times.first,
				partySize: 4,
				bookable: true,
			}),
		]);

		const afternoon = `${times.day}T16:30`;
		const closed = await call('check_availability', { time: afternoon, partySize: 4 });
		expect(closed.isError).toBe(false);
		const { rules, now } = await restaurantRules();
		const verdict = checkBooking(rules, { time: afternoon, partySize: 4 }, { now, bookings: [] });
		expect(closed.json[0]).toMatchObject({
			bookable: false,
			rule: 'outside_reservation_hours',
			reason: verdict.reason,
		});
		expect(closed.json[0].nearestBookableTimes.length).toBeGreaterThan(0);
	});

	it('free_times: the bookable times of each day asked for, the free dinner time among them and not the afternoon', async () => {
		const listed = await call('free_times', { partySize: 4, firstDay: times.day, days: 3 });
		expect(listed.isError).toBe(false);
		const [answer] = listed.json;
		expect(answer).toMatchObject({
			restaurantId: 101,
			timeZone: TIME_ZONE,
			partySize: 4,
			from: times.day,
			partySizeAccepted: true,
		});
		expect(answer.days).toHaveLength(3);
		expect(answer.days[0].date).toBe(times.day);
		expect(answer.days[0].bookableTimes).toContain(times.first.slice(11, 16));
		expect(answer.days[0].bookableTimes).not.toContain('16:30');
	});

	it('book_table: the booking is in the sandbox, made by the application', async () => {
		const before = await allReservations();
		const booked = await call('book_table', {
			time: times.first,
			partySize: 4,
			guestName: guest.name,
			phone: guest.phone,
			email: guest.email,
			specialRequests: 'A quiet table, please',
		});
		expect(booked.isError).toBe(false);
		expect(booked.json).toHaveLength(1);
		bookingId = booked.json[0].id;
		expect(booked.json[0]).toMatchObject({
			reservationTime: `${times.first}:00`,
			groupSize: 4,
			customerName: guest.name,
			state: 'confirmed',
		});

		const stored = (await env.api('getReservation', { path: { reservationId: bookingId } })).body;
		expect(stored).toMatchObject({
			restaurantId: 101,
			reservationTime: `${times.first}:00`,
			groupSize: 4,
			customerName: guest.name,
			phone: guest.phone,
			email: guest.email,
			specialRequests: 'A quiet table, please',
			vendorAppId: 'app-sandbox-pos',
			createdOnBehalfOf: { type: 'application' },
		});
		expect(await allReservations()).toHaveLength(before.length + 1);
	});

	it('find_booking: by phone in another format, the one booking', async () => {
		const found = await call('find_booking', { phone: '030 5550-1815' });
		expect(found.isError).toBe(false);
		expect(found.json).toEqual([
			expect.objectContaining({
				id: bookingId,
				reservationTime: `${times.first}:00`,
				groupSize: 4,
				customerName: guest.name,
				timeZone: TIME_ZONE,
			}),
		]);
	});

	it('change_booking: moved to another time, the party size kept', async () => {
		const changed = await call('change_booking', { bookingId, newTime: times.second });
		expect(changed.isError).toBe(false);
		expect(changed.json[0]).toMatchObject({
			id: bookingId,
			reservationTime: `${times.second}:00`,
			groupSize: 4,
		});
		const stored = (await env.api('getReservation', { path: { reservationId: bookingId } })).body;
		expect(stored).toMatchObject({ reservationTime: `${times.second}:00`, groupSize: 4 });
		expect(stored.lastUpdatedBy).toMatchObject({ type: 'application' });
	});

	it('cancel_booking: cancelled at the guest request, with the note', async () => {
		const cancelled = await call('cancel_booking', { bookingId, note: 'Plans changed' });
		expect(cancelled.isError).toBe(false);
		expect(cancelled.json[0]).toMatchObject({ id: bookingId, state: 'cancelled' });
		const stored = (await env.api('getReservation', { path: { reservationId: bookingId } })).body;
		expect(stored.state).toBe('cancelled');
		expect(stored.details).toMatchObject({
			cancelOptionName: 'Guest request',
			cancelNote: 'Plans changed',
		});
	});
});

describe('the desk knows the guest: guest_history (issue 38)', () => {
	/** Guests the test arranges in the sandbox: no seeded booking has their phone or e-mail. */
	const regular = { name: 'Clara Schumann', phone: '+49 30 5550 1838', email: 'clara@example.com' };
	const noShowGuest = {
		name: 'Emmy Noether',
		phone: '+49 30 5550 1882',
		email: 'emmy.noether@example.com',
	};
	const newGuestPhone = '+49 30 5550 1999';
	/** The regular's profile, on their latest visit. */
	const profile = {
		allergy: ['shellfish', 'peanuts'],
		vegetarian: true,
		vip: false,
		handicapAccessible: true,
		anniversary: false,
		birthdate: '1985-09-13',
		companyName: null,
		deliveryAddress: null,
	};
	let times: { day: string; first: string; second: string };
	let today: DateTime;
	/** 19:30 restaurant-local, `days` days before today. */
	const evening = (days: number) => `${today.minus({ days }).toFormat('yyyy-LL-dd')}T19:30:00`;

	/**
	 * A past booking as the restaurant's records hold it after the evening: made at a free time
	 * ahead (by the desk's application unless `token` says otherwise: an application token lists
	 * only its own bookings), then moved by the staff to 19:30 `daysAgo` days before today and
	 * marked `state` (a visit, or a no-show), with the bill's amount.
	 */
	async function pastBooking(
		guest: typeof regular,
		booking: {
			daysAgo: number;
			state: 'completed' | 'arrived' | 'noShow';
			groupSize: number;
			amount?: number;
			customerProfile?: typeof profile;
			token?: 'vendor' | 'staff';
		},
	): Promise<void> {
		const { name: customerName, phone, email } = guest;
		const made = await env.api('createReservation', {
			token: booking.token ?? 'vendor',
			body: {
				reservationTime: `${times.first}:00`,
				groupSize: booking.groupSize,
				customerName,
				phone,
				email,
				...(booking.customerProfile ? { customerProfile: booking.customerProfile } : {}),
			},
		});
		expect([made.status, made.text]).toEqual([201, expect.any(String)]);
		const marked = await env.api('updateReservation', {
			path: { reservationId: made.body.id },
			body: {
				reservationTime: evening(booking.daysAgo),
				state: booking.state,
				...(booking.amount === undefined ? {} : { amount: booking.amount }),
			},
		});
		expect([marked.status, marked.text]).toEqual([200, expect.any(String)]);
	}

	beforeAll(async () => {
		const started = performance.now();
		times = await freeDinnerTimes();
		const { now } = await restaurantRules();
		today = DateTime.fromISO(now.slice(0, 10), { zone: 'UTC' });
		// The regular: a visit booked by phone (the staff's, which the application cannot list),
		// three visits booked through the desk, the latest with their profile, and one booking ahead.
		await pastBooking(regular, {
			daysAgo: 250,
			state: 'completed',
			groupSize: 6,
			amount: 310,
			token: 'staff',
		});
		await pastBooking(regular, { daysAgo: 120, state: 'completed', groupSize: 2, amount: 84.5 });
		await pastBooking(regular, { daysAgo: 60, state: 'completed', groupSize: 4, amount: 120.25 });
		await pastBooking(regular, {
			daysAgo: 14,
			state: 'arrived',
			groupSize: 2,
			amount: 61,
			customerProfile: profile,
		});
		const ahead = await env.api('createReservation', {
			token: 'vendor',
			body: {
				reservationTime: `${times.first}:00`,
				groupSize: 2,
				customerName: regular.name,
				phone: regular.phone,
				email: regular.email,
			},
		});
		expect(ahead.status).toBe(201);
		// The guest with two no-shows, and one visit before them.
		await pastBooking(noShowGuest, { daysAgo: 200, state: 'completed', groupSize: 2 });
		await pastBooking(noShowGuest, { daysAgo: 90, state: 'noShow', groupSize: 2 });
		await pastBooking(noShowGuest, { daysAgo: 30, state: 'noShow', groupSize: 3 });
		durations['guest_history: the guests arranged'] = Math.round(performance.now() - started);
	});

	/** The one summary guest_history answers with; no bookings in it (Include Reservations off). */
	async function lookUp(args: Record<string, unknown>, desk: Client = client) {
		const answer = await call('guest_history', args, desk);
		expect([answer.isError, answer.text]).toEqual([false, expect.any(String)]);
		expect(answer.json).toHaveLength(1);
		expect(answer.json[0]).not.toHaveProperty('reservations');
		return answer.json[0] as Record<string, any>;
	}

	it('a regular, by phone in another format: found, their visits through the desk, the profile with allergies and preferences, the booking ahead', async () => {
		const history = await lookUp({ phone: '030 5550-1838' });
		expect(history).toMatchObject({
			found: true,
			guest: {
				name: regular.name,
				phone: regular.phone,
				email: regular.email,
				identity: { by: 'phone', value: '+493055501838' },
			},
			restaurantId: 101,
			timeZone: TIME_ZONE,
			bookings: 4,
			visits: 3,
			noShows: 0,
			cancellations: 0,
			upcoming: 1,
			firstVisit: evening(120),
			lastVisit: evening(14),
			nextBooking: `${times.first}:00`,
			averagePartySize: 2.7,
			totalAmount: 265.75,
			noShowRate: 0,
		});
		expect(history.profile).toEqual(profile);
	});

	it("the same regular through the staff token's desk: the visit booked by phone counts too", async () => {
		const history = await lookUp({ phone: regular.phone }, staffClient);
		expect(history).toMatchObject({
			found: true,
			bookings: 5,
			visits: 4,
			firstVisit: evening(250),
			lastVisit: evening(14),
			averagePartySize: 3.5,
			totalAmount: 575.75,
		});
		expect(history.profile).toEqual(profile);
	});

	it('a new guest: found false, every count 0, no profile', async () => {
		expect(await lookUp({ phone: newGuestPhone })).toEqual({
			...NO_GUEST_FOUND,
			restaurantId: 101,
			timeZone: TIME_ZONE,
			// The default period: from a year before today to the 90th day after it, that day included.
			period: {
				from: `${today.minus({ years: 1 }).toFormat('yyyy-LL-dd')}T00:00:00`,
				to: `${today.plus({ days: 91 }).toFormat('yyyy-LL-dd')}T00:00:00`,
			},
			otherGuests: [],
			otherGuestsNote: null,
		});
	});

	it('a guest with two no-shows, by e-mail in another case: noShows 2 beside one visit', async () => {
		const history = await lookUp({ email: 'Emmy.Noether@Example.com' });
		expect(history).toMatchObject({
			found: true,
			guest: { name: noShowGuest.name, phone: noShowGuest.phone, email: noShowGuest.email },
			bookings: 3,
			visits: 1,
			noShows: 2,
			cancellations: 0,
			upcoming: 0,
			firstVisit: evening(200),
			lastVisit: evening(200),
			nextBooking: null,
			noShowRate: 0.67,
			profile: null,
		});
	});

	it('one guest is one person (issue 43): the Berlin regular, never the Austrian guest whose digits end the same', async () => {
		const berliner = { name: 'Ilse Stammgast', phone: '030 7713-4401', email: 'ilse@example.com' };
		const austrian = {
			name: 'Vroni Steirer',
			phone: '+43 30 7713 4401',
			email: 'vroni@example.at',
		};
		const berlinerProfile = { ...profile, allergy: ['sesame', 'celery'], vegetarian: false };
		const austrianProfile = { ...profile, allergy: ['mustard'], birthdate: '1990-02-02' };
		await pastBooking(berliner, { daysAgo: 150, state: 'completed', groupSize: 2 });
		await pastBooking(berliner, { daysAgo: 80, state: 'completed', groupSize: 2 });
		await pastBooking(berliner, {
			daysAgo: 40,
			state: 'completed',
			groupSize: 3,
			customerProfile: berlinerProfile,
		});
		for (const daysAgo of [20, 10, 5])
			await pastBooking(austrian, {
				daysAgo,
				state: 'completed',
				groupSize: 4,
				customerProfile: austrianProfile,
			});
		for (const asked of [{ phone: '030 7713-4401' }, { phone: '+49 30 7713 4401' }]) {
			const history = await lookUp(asked);
			expect([asked, history]).toMatchObject([
				asked,
				{
					found: true,
					guest: {
						name: berliner.name,
						phone: berliner.phone,
						email: berliner.email,
						identity: { by: 'phone', value: '+493077134401' },
					},
					bookings: 3,
					visits: 3,
					lastVisit: evening(40),
					profile: berlinerProfile,
					otherGuests: [],
					otherGuestsNote: null,
				},
			]);
			const text = JSON.stringify(history);
			for (const field of [
				'Vroni',
				'Steirer',
				'vroni@',
				'+43',
				'433077134401',
				'mustard',
				'1990-02-02',
			])
				expect([field, text.includes(field)]).toEqual([field, false]);
		}
		// Her husband booked once with her e-mail and his own phone: asked by that e-mail, the desk
		// answers about her and says another guest matched, without a word about him.
		const husband = { name: 'Kurt Stammgast', phone: '+49 30 5550 1777', email: berliner.email };
		await pastBooking(husband, { daysAgo: 30, state: 'completed', groupSize: 2 });
		const byEmail = await lookUp({ email: berliner.email });
		expect([byEmail.guest.name, byEmail.visits, byEmail.profile.allergy]).toEqual([
			berliner.name,
			3,
			['sesame', 'celery'],
		]);
		expect(byEmail.otherGuests).toEqual([{ bookings: 1, restaurantIds: [101] }]);
		expect(byEmail.otherGuestsNote).toBe(
			'1 other guest has bookings under this e-mail address, not counted here: this answer is about the guest with the most bookings, who may not be the person you are serving. Ask for their phone number and look them up again with it before using these details.',
		);
		const emailText = JSON.stringify(byEmail);
		for (const field of ['Kurt', '5550 1777', '493055501777'])
			expect([field, emailText.includes(field)]).toEqual([field, false]);
		const herself = await lookUp({ phone: austrian.phone });
		expect([herself.guest.name, herself.visits, herself.profile.allergy]).toEqual([
			austrian.name,
			3,
			['mustard'],
		]);
	});

	it('neither phone nor e-mail: refused with a sentence, nothing sent', async () => {
		const before = (await requestLog()).length;
		const answer = await call('guest_history', {});
		expect(answer.isError).toBe(true);
		expect(answer.text).toContain('Give at least one of Guest Name, Phone or Email');
		expect((await requestLog()).length).toBe(before);
	});
});

describe('bad calls are answered with a sentence, and nothing changes in the sandbox', () => {
	let times: { day: string; first: string; second: string };
	let before: Array<Record<string, any>>;
	/** A booking the application made before (for the move to a closed day). */
	let existing: Record<string, any>;
	const guest = { guestName: 'Grace Hopper', phone: '+49 30 5550 1906' };

	beforeAll(async () => {
		times = await freeDinnerTimes();
		const made = await env.api('createReservation', {
			token: 'vendor',
			body: {
				reservationTime: `${times.second}:00`,
				groupSize: 2,
				customerName: 'Alan Turing',
				phone: '+49 30 5550 1912',
			},
		});
		expect(made.status).toBe(201);
		existing = made.body;
		before = await allReservations();
		await fetch(`${env.sandbox.url}/__sandbox/requests`, { method: 'DELETE' });
	});

	/** The booking rules' own sentence for the request, as the node and the sandbox give it. */
	async function ruleSentence(time: string, partySize: number): Promise<string> {
		const { rules, now } = await restaurantRules();
		const verdict = checkBooking(rules, { time, partySize }, { now, bookings: [] });
		expect(verdict.bookable).toBe(false);
		return verdict.reason!;
	}

	async function expectNothingWritten(): Promise<void> {
		const writes = (await requestLog()).filter((r) => r.method !== 'GET');
		expect(writes).toEqual([]);
	}

	it('a negative party', async () => {
		const answer = await call('book_table', { ...guest, time: times.first, partySize: -2 });
		expect(answer.isError).toBe(true);
		expect(answer.text).toContain(await ruleSentence(times.first, -2));
		await expectNothingWritten();
	});

	it('an unreadable date', async () => {
		const answer = await call('book_table', { ...guest, time: 'next Friday at 8pm', partySize: 2 });
		expect(answer.isError).toBe(true);
		expect(answer.text).toContain('"next Friday at 8pm"');
		expect(answer.text).toMatch(/not a date/i);
		await expectNothingWritten();
	});

	it('an empty time: the field named, not a JavaScript error', async () => {
		const answer = await call('book_table', { ...guest, time: '', partySize: 2 });
		expect(answer.isError).toBe(true);
		expect(answer.text).toContain('Reservation Time is empty');
		expect(answer.text).not.toMatch(/Cannot read|undefined|TypeError/);
		await expectNothingWritten();
	});

	it('a time outside the booking hours', async () => {
		const time = `${times.day}T16:30`;
		const answer = await call('book_table', { ...guest, time, partySize: 2 });
		expect(answer.isError).toBe(true);
		expect(answer.text).toContain(await ruleSentence(time, 2));
		await expectNothingWritten();
	});

	it("a move to a closed day: refused with the rule's sentence before anything is sent", async () => {
		const monday = DateTime.fromISO(times.day, { zone: 'UTC' })
			.plus({ weeks: 1 })
			.set({ weekday: 1 })
			.toFormat('yyyy-LL-dd');
		const time = `${monday}T19:00`;
		const answer = await call('change_booking', { bookingId: existing.id, newTime: time });
		expect(answer.isError).toBe(true);
		expect(answer.text).toContain(await ruleSentence(time, existing.groupSize));
		expect(answer.text).toContain('nothing was sent');
		await expectNothingWritten();
		const stored = (await env.api('getReservation', { path: { reservationId: existing.id } })).body;
		expect(stored.reservationTime).toBe(existing.reservationTime);
	});

	it('the reservation list is the same as before the bad calls', async () => {
		expect(await allReservations()).toEqual(before);
	});
});

describe('several guests book the last places of a slot at once (issue 23)', () => {
	async function slotBookings(time: string): Promise<Array<Record<string, any>>> {
		return (await allReservations()).filter(
			(r) => String(r.reservationTime).slice(0, 16) === time && r.state !== 'cancelled',
		);
	}

	it.each([
		['the application token (the sandbox enforces the rules too)', () => client],
		['the staff token (the server books beyond the online rules)', () => staffClient],
	])('through %s: 5 book_table calls for the last 2 places, 2 booked', async (_token, desk) => {
		const time = (await freeDinnerTimes()).first;
		for (let i = 0; i < MAX_BOOKINGS - 2; i++)
			await env.api('createReservation', {
				body: { reservationTime: `${time}:00`, groupSize: 2, customerName: `Earlier ${i}` },
			});
		const answers = await Promise.all(
			Array.from({ length: 5 }, (_, i) =>
				call(
					'book_table',
					{ guestName: `Caller ${i}`, phone: `+49 30 5550 20${i}0`, time, partySize: 2 },
					desk(),
				),
			),
		);
		const refused = answers.filter((a) => a.isError);
		expect(answers.length - refused.length).toBe(2);
		for (const answer of refused) {
			expect(answer.text).toContain(`${time.replace('T', ' ')} is fully booked.`);
			expect(answer.text).toContain('Nearest bookable times');
		}
		expect(await slotBookings(time)).toHaveLength(MAX_BOOKINGS);
	});
});

describe.each(OTHER_READINGS)('the tools against the %s reading of the API', (reading) => {
	const guest = { guestName: 'Mary Somerville', phone: '+49 30 5550 1826', email: 'mary@ex.com' };
	let desk: ReadingDesk;
	let times: { day: string; first: string; second: string };
	/** The reading's spelling of a state, and the field it is in. */
	let spelt: (state: 'confirmed' | 'cancelled') => Record<string, string>;

	beforeAll(async () => {
		desk = readingDesks.get(reading)!;
		times = await freeDinnerTimes(desk.api, desk.view);
		spelt = (state) => desk.view.stateBody(state);
	});

	/**
	 * A tool call on the reading's desk. With OAuth2, every token its sandbox issued expires first:
	 * n8n needs a new token for the call (its first, or one renewed after a 401, the request repeated).
	 */
	const deskCall = async (tool: string, args: Record<string, unknown>) => {
		if (desk.auth === 'oAuth2') {
			await desk.sandbox.expireTokens();
			callsOnExpiredTokens++;
		}
		return await call(tool, args, desk.client);
	};
	/** With OAuth2: the test's tool calls, each made with every token expired, and the sandbox's counts before them. */
	let callsOnExpiredTokens = 0;
	let tokensBefore: TokenCounts | undefined;
	beforeEach(async () => {
		callsOnExpiredTokens = 0;
		if (desk.auth === 'oAuth2') tokensBefore = await desk.sandbox.tokens();
	});
	/**
	 * With OAuth2: n8n got a new token for every call, and every call but the desk's first (which
	 * fetched the credential's first token: it was imported without one) was refused as expired
	 * once and repeated with the new token, or the call's answer would have been an error.
	 */
	afterEach(async () => {
		if (desk.auth !== 'oAuth2' || !tokensBefore) return;
		const after = await desk.sandbox.tokens();
		const calls = callsOnExpiredTokens;
		const issued = after.issued - tokensBefore.issued;
		const refused = after.expiredRequests - tokensBefore.expiredRequests;
		const firstToken = tokensBefore.issued === 0 ? 1 : 0;
		oAuth2Notes.push({ reading, test: expect.getState().currentTestName, calls, issued, refused });
		expect(issued).toBeGreaterThanOrEqual(calls);
		expect(refused).toBeGreaterThanOrEqual(calls - firstToken);
	});
	const stored = async (id: string) =>
		(await desk.api('getReservation', { path: { reservationId: id } })).body;
	/** The answer, failing with its text when it is an error and should not be (or the reverse). */
	const expectAnswer = (answer: Answer, isError: boolean) =>
		expect([answer.isError, answer.text]).toEqual([isError, expect.any(String)]);

	it('book_table with the rules check, find_booking by phone, cancel_booking: each in the sandbox, in its spelling', async () => {
		const started = performance.now();
		const booked = await deskCall('book_table', { ...guest, time: times.first, partySize: 4 });
		expectAnswer(booked, false);
		expect(booked.json).toHaveLength(1);
		const bookingId = booked.json[0].id;
		expect(booked.json[0]).toMatchObject({
			groupSize: 4,
			customerName: guest.guestName,
			stateRole: 'booked',
			...spelt('confirmed'),
		});
		expect(wallClock(booked.json[0].reservationTime, TIME_ZONE)).toBe(times.first);
		const made = await stored(bookingId);
		expect(made).toMatchObject({ phone: guest.phone, ...spelt('confirmed') });
		expect(wallClock(made.reservationTime, TIME_ZONE)).toBe(times.first);

		const found = await deskCall('find_booking', { phone: '030 5550-1826' });
		expectAnswer(found, false);
		expect(found.json).toEqual([
			expect.objectContaining({
				id: bookingId,
				customerName: guest.guestName,
				stateRole: 'booked',
			}),
		]);

		const cancelled = await deskCall('cancel_booking', { bookingId, note: 'Plans changed' });
		expectAnswer(cancelled, false);
		expect(cancelled.json[0]).toMatchObject({
			id: bookingId,
			stateRole: 'cancelled',
			...spelt('cancelled'),
		});
		expect(desk.view.stateOf(await stored(bookingId))).toBe('cancelled');
		// Find leaves cancelled bookings out.
		const gone = await deskCall('find_booking', { phone: guest.phone });
		expectAnswer(gone, false);
		expect(gone.text).not.toContain(bookingId);
		durations[`${reading}: book, find, cancel`] = Math.round(performance.now() - started);
	});

	it("a full slot: check_availability says so and book_table is refused with the rule's sentence; cancelled bookings free their place", async () => {
		const started = performance.now();
		const slot = times.second;
		const create = async (customerName: string, extra: Record<string, unknown> = {}) => {
			const made = await desk.api('createReservation', {
				body: { reservationTime: `${slot}:00`, groupSize: 2, customerName, ...extra },
			});
			expect([made.status, made.text]).toEqual([201, expect.any(String)]);
			return made.body as Record<string, any>;
		};
		// Five places taken (one guest already seated), two freed by cancellations: one place left.
		for (let i = 0; i < MAX_BOOKINGS - 2; i++) await create(`Earlier ${i}`);
		await create('Seated guest', desk.view.stateBody('seated'));
		for (let i = 0; i < 2; i++) {
			const made = await create(`Cancelled ${i}`);
			const cancelled = await desk.api('cancelReservation', {
				path: { reservationId: made.id },
				body: { note: 'freed', doNotChargeFee: true },
			});
			expect(cancelled.status).toBe(200);
		}

		const open = await deskCall('check_availability', { time: slot, partySize: 2 });
		expectAnswer(open, false);
		expect(open.json[0]).toMatchObject({ time: slot, bookable: true });
		const last = await deskCall('book_table', { ...guest, time: slot, partySize: 2 });
		expectAnswer(last, false);
		expect(last.json[0]).toMatchObject({ stateRole: 'booked' });

		const sentence = `${slot.replace('T', ' ')} is fully booked.`;
		const full = await deskCall('check_availability', { time: slot, partySize: 2 });
		expectAnswer(full, false);
		expect(full.json[0]).toMatchObject({
			bookable: false,
			rule: 'slot_fully_booked',
			reason: sentence,
		});
		const refused = await deskCall('book_table', { ...guest, time: slot, partySize: 2 });
		expectAnswer(refused, true);
		expect(refused.text).toContain(sentence);
		const inSlot = (await allReservations(desk.api)).filter(
			(r) =>
				wallClock(String(r.reservationTime), TIME_ZONE) === slot &&
				desk.view.stateOf(r) !== 'cancelled',
		);
		expect(inSlot).toHaveLength(MAX_BOOKINGS);
		durations[`${reading}: full slot`] = Math.round(performance.now() - started);
	});
});
