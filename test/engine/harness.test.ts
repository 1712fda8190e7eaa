/**
 * Proves the engine harness (test/support/engine/) with throwaway node types: each runs through
 * n8n-core's real code paths against a real sandbox over HTTP.
 */
import {
	NodeConnectionTypes,
	type IDataObject,
	type IExecuteFunctions,
	type ILoadOptionsFunctions,
	type INodeExecutionData,
	type INodeListSearchResult,
	type INodePropertyOptions,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
	type NodeApiError,
} from 'n8n-workflow';

import {
	getNodeStaticData,
	listSearch,
	loadOptions,
	poll,
	runNode,
	type RecordedRequest,
} from '../support/engine';
import { useSandbox } from '../support/sandbox';

const ctx = useSandbox();
const CREDENTIAL = 'restaurantReservationsApi';
const credentials = (token: string) => ({
	[CREDENTIAL]: { baseUrl: ctx.sandbox.url, accessToken: token },
});

interface Restaurant {
	id: number;
	name: string;
}

const base = {
	group: ['transform'],
	version: 1,
	description: 'Engine harness probe',
	inputs: [NodeConnectionTypes.Main],
	outputs: [NodeConnectionTypes.Main],
	credentials: [{ name: CREDENTIAL, required: true }],
} satisfies Partial<INodeTypeDescription>;

/** Declarative: routing only, no execute(). */
class DeclarativeProbe implements INodeType {
	description: INodeTypeDescription = {
		...base,
		displayName: 'Declarative Probe',
		name: 'declarativeProbe',
		defaults: { name: 'Declarative Probe' },
		requestDefaults: {
			baseURL: '={{$credentials.baseUrl}}',
			headers: { Accept: 'application/json' },
		},
		properties: [
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				default: 'listRestaurants',
				options: [
					{
						name: 'List Restaurants',
						value: 'listRestaurants',
						action: 'List restaurants',
						routing: { request: { method: 'GET', url: '/api/core/admin/restaurants' } },
					},
					{
						name: 'Create Product',
						value: 'createProduct',
						action: 'Create a product',
						routing: {
							request: {
								method: 'POST',
								url: '=/api/core/admin/restaurants/{{$parameter.restaurantId}}/products',
								body: { name: 'Probe', price: -1 },
							},
						},
					},
					{
						name: 'List Reservations',
						value: 'listReservations',
						action: 'List reservations',
						routing: {
							request: {
								method: 'GET',
								url: '=/api/rsv/admin/restaurants/{{$parameter.restaurantId}}/reservations',
							},
						},
					},
				],
			},
			{ displayName: 'Restaurant ID', name: 'restaurantId', type: 'number', default: 101 },
		],
	};
}

async function getRestaurants(
	this: IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions,
): Promise<Restaurant[]> {
	const { baseUrl } = await this.getCredentials<{ baseUrl: string }>(CREDENTIAL);
	return (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL, {
		method: 'GET',
		url: `${baseUrl}/api/core/admin/restaurants`,
		json: true,
	})) as Restaurant[];
}

/** Programmatic: execute() with httpRequestWithAuthentication, plus loadOptions and listSearch. */
class ProgrammaticProbe implements INodeType {
	description: INodeTypeDescription = {
		...base,
		displayName: 'Programmatic Probe',
		name: 'programmaticProbe',
		defaults: { name: 'Programmatic Probe' },
		properties: [{ displayName: 'Tag', name: 'tag', type: 'string', default: 'none' }],
	};

	methods = {
		loadOptions: {
			async getRestaurants(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
				const tag = this.getCurrentNodeParameter('tag') as string;
				return (await getRestaurants.call(this)).map((r) => ({
					name: `${r.name} (${tag})`,
					value: r.id,
				}));
			},
		},
		listSearch: {
			async searchRestaurants(
				this: ILoadOptionsFunctions,
				filter?: string,
				paginationToken?: string,
			): Promise<INodeListSearchResult> {
				const matching = (await getRestaurants.call(this)).filter(
					(r) => !filter || r.name.toLowerCase().includes(filter.toLowerCase()),
				);
				const start = Number(paginationToken ?? 0);
				const page = matching.slice(start, start + 2);
				return {
					results: page.map((r) => ({ name: r.name, value: String(r.id) })),
					...(start + 2 < matching.length ? { paginationToken: String(start + 2) } : {}),
				};
			},
		},
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const out: INodeExecutionData[] = [];
		for (let i = 0; i < this.getInputData().length; i++) {
			const restaurants = await getRestaurants.call(this);
			out.push({
				json: {
					input: this.getInputData()[i].json,
					tag: this.getNodeParameter('tag', i) as string,
					count: restaurants.length,
				},
				pairedItem: i,
			});
		}
		return [out];
	}
}

/** Polling: a counter in the node's static data, and one authenticated request per poll. */
class CounterPoll implements INodeType {
	description: INodeTypeDescription = {
		...base,
		group: ['trigger'],
		displayName: 'Counter Poll',
		name: 'counterPoll',
		defaults: { name: 'Counter Poll' },
		inputs: [],
		polling: true,
		properties: [{ displayName: 'Emit', name: 'emit', type: 'boolean', default: true }],
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const restaurants = await getRestaurants.call(this);
		const state = this.getWorkflowStaticData('node');
		state.counter = ((state.counter as number | undefined) ?? 0) + 1;
		if (!this.getNodeParameter('emit')) return null;
		return [
			[
				{
					json: {
						counter: state.counter,
						restaurants: restaurants.length,
						mode: this.getMode(),
						activation: this.getActivationMode(),
					},
				},
			],
		];
	}
}

const onlyApi = (requests: RecordedRequest[]) =>
	requests.map(({ method, url, authorization, status }) => ({
		method,
		url: url.replace(ctx.sandbox.url, ''),
		authorization,
		status,
	}));

describe('engine harness: runNode', () => {
	it('runs a declarative node through RoutingNode with $credentials resolved and the bearer header applied', async () => {
		const result = await runNode({
			nodeType: new DeclarativeProbe(),
			parameters: { operation: 'listRestaurants' },
			credentials: credentials('sandbox-staff-token'),
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(3);
		expect(result.items.map((i) => (i.json as unknown as Restaurant).id)).toEqual([101, 102, 103]);
		expect(onlyApi(result.requests)).toEqual([
			{ method: 'GET', url: '/api/core/admin/restaurants', authorization: true, status: 200 },
		]);
		expect(result.runData['Declarative Probe'][0].executionStatus).toBe('success');
	});

	it('sends over real HTTP: the sandbox logged the same requests', async () => {
		await ctx.sandbox.control('DELETE', '/requests');
		const result = await runNode({
			nodeType: new DeclarativeProbe(),
			parameters: { operation: 'createProduct', restaurantId: 101 },
			credentials: credentials('sandbox-staff-token'),
		});
		expect(result.requests).toEqual([
			{
				method: 'POST',
				url: `${ctx.sandbox.url}/api/core/admin/restaurants/101/products`,
				authorization: true,
				body: { name: 'Probe', price: -1 },
				status: 400,
			},
		]);
		const log = (await (await ctx.sandbox.control('GET', '/requests')).json()) as {
			requests: unknown[];
		};
		expect(log.requests).toEqual([
			{ method: 'POST', url: '/api/core/admin/restaurants/101/products', status: 400 },
		]);
	});

	it("surfaces a 401 as the node's NodeApiError with httpCode '401'", async () => {
		const result = await runNode({
			nodeType: new DeclarativeProbe(),
			parameters: { operation: 'listRestaurants' },
			credentials: credentials('not-a-token'),
		});
		expect(result.items).toEqual([]);
		expect(result.error).toBeDefined();
		expect((result.error as NodeApiError).httpCode).toBe('401');
		expect(result.requests[0]).toMatchObject({ authorization: true, status: 401 });
	});

	it('shows where a 400 ProblemDetails {message, code} lands when the node does not map errors', async () => {
		const result = await runNode({
			nodeType: new DeclarativeProbe(),
			parameters: { operation: 'listReservations', restaurantId: 101 },
			credentials: credentials('sandbox-vendor-token'),
		});
		const error = result.error as NodeApiError;
		expect(error.httpCode).toBe('400');
		// n8n-core's generic text as the message; the API's own message only in the description.
		expect(error.message).toMatch(/^Bad request - please check your parameters/);
		expect(error.description).toMatch(/^Applications \(scope App\) must give a date range/);
		expect(error.description).not.toContain('range_required');
		expect(onlyApi(result.requests)).toEqual([
			{
				method: 'GET',
				url: '/api/rsv/admin/restaurants/101/reservations',
				authorization: true,
				status: 400,
			},
		]);
	});

	it('continues on fail with the error as the output item', async () => {
		const result = await runNode({
			nodeType: new DeclarativeProbe(),
			parameters: {},
			credentials: credentials('not-a-token'),
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json.error).toBeDefined();
	});

	it('runs a programmatic node with httpRequestWithAuthentication, once per input item', async () => {
		const result = await runNode({
			nodeType: new ProgrammaticProbe(),
			type: 'CUSTOM.programmaticProbe',
			parameters: { tag: '={{ $json.name }}!' },
			inputItems: [{ name: 'a' }, { name: 'b' }],
			credentials: credentials('sandbox-staff-token'),
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json)).toEqual([
			{ input: { name: 'a' }, tag: 'a!', count: 3 },
			{ input: { name: 'b' }, tag: 'b!', count: 3 },
		]);
		expect(onlyApi(result.requests)).toEqual([
			{ method: 'GET', url: '/api/core/admin/restaurants', authorization: true, status: 200 },
			{ method: 'GET', url: '/api/core/admin/restaurants', authorization: true, status: 200 },
		]);
	});

	it('reports a programmatic node error with its httpCode', async () => {
		const result = await runNode({
			nodeType: new ProgrammaticProbe(),
			parameters: {},
			credentials: credentials('not-a-token'),
		});
		expect((result.error as NodeApiError).httpCode).toBe('401');
	});
});

describe('engine harness: loadOptions and listSearch', () => {
	it('calls a loadOptions method in a LoadOptionsContext with the current parameters', async () => {
		const requests: RecordedRequest[] = [];
		const options = await loadOptions({
			nodeType: new ProgrammaticProbe(),
			method: 'getRestaurants',
			parameters: { tag: 'x' },
			credentials: credentials('sandbox-staff-token'),
			requests,
		});
		expect(options).toHaveLength(3);
		expect(options[0]).toEqual({ name: expect.stringMatching(/ \(x\)$/), value: 101 });
		expect(onlyApi(requests)).toEqual([
			{ method: 'GET', url: '/api/core/admin/restaurants', authorization: true, status: 200 },
		]);
	});

	it('calls a listSearch method with a filter and a pagination token', async () => {
		const nodeType = new ProgrammaticProbe();
		const all = await listSearch({
			nodeType,
			method: 'searchRestaurants',
			parameters: {},
			credentials: credentials('sandbox-staff-token'),
		});
		expect(all.results).toHaveLength(2);
		expect(all.paginationToken).toBe('2');
		const next = await listSearch({
			nodeType,
			method: 'searchRestaurants',
			parameters: {},
			credentials: credentials('sandbox-staff-token'),
			paginationToken: all.paginationToken,
		});
		expect(next.results).toHaveLength(1);
		expect(next.paginationToken).toBeUndefined();
		const filtered = await listSearch({
			nodeType,
			method: 'searchRestaurants',
			parameters: {},
			credentials: credentials('sandbox-staff-token'),
			filter: 'trattoria',
		});
		expect(filtered.results).toEqual([{ name: 'Trattoria Aurora', value: '101' }]);
	});

	it('rejects with the API error when the token is refused', async () => {
		await expect(
			listSearch({
				nodeType: new ProgrammaticProbe(),
				method: 'searchRestaurants',
				parameters: {},
				credentials: credentials('not-a-token'),
			}),
		).rejects.toMatchObject({ httpCode: '401' });
	});
});

describe('engine harness: poll', () => {
	it('ticks twice through PollTriggerExecutor with the static data carried over', async () => {
		const staticData: IDataObject = {};
		const first = await poll({
			nodeType: new CounterPoll(),
			parameters: {},
			credentials: credentials('sandbox-staff-token'),
			staticData,
		});
		expect(first.error).toBeUndefined();
		expect(first.items).toEqual([
			[{ json: { counter: 1, restaurants: 3, mode: 'trigger', activation: 'activate' } }],
		]);
		expect(first.persisted).toBe(true);
		expect(getNodeStaticData(first.staticData, 'Counter Poll')).toEqual({ counter: 1 });
		expect(staticData).toEqual(first.staticData);

		const second = await poll({
			nodeType: new CounterPoll(),
			parameters: {},
			credentials: credentials('sandbox-staff-token'),
			staticData: first.staticData,
		});
		expect(second.items?.[0][0].json.counter).toBe(2);
		expect(getNodeStaticData(second.staticData, 'Counter Poll')).toEqual({ counter: 2 });
		expect(onlyApi(second.requests)).toEqual([
			{ method: 'GET', url: '/api/core/admin/restaurants', authorization: true, status: 200 },
		]);
	});

	it('keeps the state of a poll that emits nothing', async () => {
		const result = await poll({
			nodeType: new CounterPoll(),
			parameters: { emit: false },
			credentials: credentials('sandbox-staff-token'),
			staticData: { 'node:Counter Poll': { counter: 5 } },
		});
		expect(result.items).toBeNull();
		expect(getNodeStaticData(result.staticData, 'Counter Poll')).toEqual({ counter: 6 });
	});

	it('hands a failed poll to __emitError, emitting nothing', async () => {
		const result = await poll({
			nodeType: new CounterPoll(),
			parameters: {},
			credentials: credentials('not-a-token'),
			staticData: { 'node:Counter Poll': { counter: 5 } },
		});
		expect(result.items).toBeNull();
		expect(result.error).toMatchObject({ httpCode: '401' });
		expect(getNodeStaticData(result.staticData, 'Counter Poll')).toEqual({ counter: 5 });
	});

	it('runs a manual "Fetch test event" without touching the stored static data', async () => {
		const stored = { 'node:Counter Poll': { counter: 7 } };
		const result = await poll({
			nodeType: new CounterPoll(),
			parameters: {},
			credentials: credentials('sandbox-staff-token'),
			staticData: stored,
			mode: 'manual',
		});
		expect(result.items?.[0][0].json).toMatchObject({ counter: 8, mode: 'manual' });
		expect(result.staticData).toEqual({ 'node:Counter Poll': { counter: 7 } });
		expect(getNodeStaticData(result.runStaticData, 'Counter Poll')).toEqual({ counter: 8 });
		expect(stored).toEqual({ 'node:Counter Poll': { counter: 7 } });
	});
});
