/**
 * Runs nodes through n8n's own execution engine (n8n-core's WorkflowExecute, RoutingNode,
 * LoadOptionsContext, PollContext and PollTriggerExecutor) in-process, against a real server
 * over real HTTP. Nothing of n8n and nothing of the network is mocked: the harness only supplies
 * what the n8n server would (DI services, a credentials helper that holds decrypted credentials
 * and applies a credential type's generic `authenticate` block, execution lifecycle hooks).
 *
 * Every HTTP request n8n-core sends while one of these functions runs is recorded (an axios
 * interceptor on the instance n8n-core sends with, scoped with AsyncLocalStorage).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// n8n-core builds its services from N8N_* variables the first time they are needed: point it at
// a throwaway folder (or it writes ~/.n8n/config) and silence its logger, before it is loaded.
if (!process.env.N8N_USER_FOLDER) {
	const userFolder = mkdtempSync(path.join(os.tmpdir(), 'n8n-engine-'));
	process.env.N8N_USER_FOLDER = userFolder;
	// Jest gives every test file its own module registry (and so its own n8n-core): clean up after the file.
	if (typeof afterAll === 'function') {
		afterAll(() => {
			rmSync(userFolder, { recursive: true, force: true });
			if (process.env.N8N_USER_FOLDER === userFolder) delete process.env.N8N_USER_FOLDER;
		});
	}
}
process.env.N8N_LOG_LEVEL ||= 'silent';
process.env.N8N_DIAGNOSTICS_ENABLED ||= 'false';

import { Container } from '@n8n/di';
import axios, { type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import {
	Credentials,
	ExecutionLifecycleHooks,
	ExternalSecretsProxy,
	LoadOptionsContext,
	PollContext,
	PollTriggerExecutor,
	WorkflowExecute,
} from 'n8n-core';
import {
	ICredentialsHelper,
	NodeHelpers,
	Workflow,
	type ExecutionError,
	type ICredentialDataDecryptedObject,
	type ICredentialsExpressionResolveValues,
	type ICredentialType,
	type IDataObject,
	type IExecuteData,
	type IHttpRequestHelper,
	type IHttpRequestOptions,
	type INode,
	type INodeCredentials,
	type INodeCredentialsDetails,
	type INodeExecutionData,
	type INodeListSearchResult,
	type INodeParameters,
	type INodeProperties,
	type INodePropertyOptions,
	type INodeType,
	type INodeTypes,
	type IRequestOptionsSimplified,
	type IRunData,
	type IVersionedNodeType,
	type IWorkflowBase,
	type IWorkflowExecuteAdditionalData,
	type WorkflowActivateMode,
	type WorkflowExecuteMode,
} from 'n8n-workflow';

import { RestaurantReservationsApi } from '../../credentials/RestaurantReservationsApi.credentials';

export const DEFAULT_NODE_TYPE = 'CUSTOM.restaurantReservations';
const START_NODE_NAME = 'Start';
const START_NODE_TYPE = 'harness.start';
const WORKFLOW_ID = 'engine-harness-workflow';

// ------------------------------------------------------------------------------------------------
// Request recording
// ------------------------------------------------------------------------------------------------

/** One HTTP request as it left n8n-core (axios, after authentication was applied). */
export interface RecordedRequest {
	method: string;
	/** Absolute URL with the query string, serialised as n8n sends it. */
	url: string;
	/** Whether an Authorization header was sent (its value is never recorded). */
	authorization: boolean;
	/** The request body, parsed when it is JSON text. Undefined when none was sent. */
	body?: unknown;
	/** The response status, when a response arrived. */
	status?: number;
}

const recorder = new AsyncLocalStorage<RecordedRequest[]>();
const recordsByConfig = new WeakMap<object, RecordedRequest>();
let interceptorsInstalled = false;

function installInterceptors(): void {
	if (interceptorsInstalled) return;
	interceptorsInstalled = true;
	axios.interceptors.request.use((config: InternalAxiosRequestConfig) => {
		const records = recorder.getStore();
		if (records) {
			let body: unknown = config.data;
			if (typeof body === 'string') {
				try {
					body = JSON.parse(body);
				} catch {
					// not JSON: keep the text
				}
			}
			const record: RecordedRequest = {
				method: (config.method ?? 'get').toUpperCase(),
				url: axios.getUri(config),
				authorization: Boolean(config.headers?.get?.('authorization') ?? (config.headers as Record<string, unknown> | undefined)?.Authorization),
				...(body === undefined ? {} : { body }),
			};
			records.push(record);
			recordsByConfig.set(config, record);
		}
		return config;
	});
	axios.interceptors.response.use(
		(response: AxiosResponse) => {
			const record = recordsByConfig.get(response.config);
			if (record) record.status = response.status;
			return response;
		},
		(error: { config?: object; response?: { status?: number } }) => {
			const record = error?.config ? recordsByConfig.get(error.config) : undefined;
			if (record && error.response?.status !== undefined) record.status = error.response.status;
			return Promise.reject(error);
		},
	);
}

async function recording<T>(records: RecordedRequest[], run: () => Promise<T>): Promise<T> {
	installInterceptors();
	return await recorder.run(records, run);
}

// ------------------------------------------------------------------------------------------------
// Credentials: what the n8n server's CredentialsHelper does, with the decrypted data in memory
// ------------------------------------------------------------------------------------------------

const CREDENTIAL_HOST_NODE: INode = { id: 'credential-host', name: 'Credential host', type: 'harness.credentialHost', typeVersion: 1, position: [0, 0], parameters: {} };

function hostWorkflow(): Workflow {
	const hostType = { description: { properties: [] } } as unknown as INodeType;
	return new Workflow({
		nodes: [CREDENTIAL_HOST_NODE],
		connections: {},
		active: false,
		nodeTypes: { getByName: () => hostType, getByNameAndVersion: () => hostType, getKnownTypes: () => ({}) },
	});
}

const isExpression = (value: unknown): value is string => typeof value === 'string' && value.startsWith('=');

export class HarnessCredentialsHelper extends ICredentialsHelper {
	private readonly types = new Map<string, ICredentialType>();

	private readonly store = new Map<string, ICredentialDataDecryptedObject>();

	constructor(credentialTypes: ICredentialType[], credentials: Record<string, ICredentialDataDecryptedObject>) {
		super();
		for (const type of credentialTypes) this.types.set(type.name, type);
		for (const [type, data] of Object.entries(credentials)) this.store.set(type, { ...data });
	}

	private type(name: string): ICredentialType {
		const type = this.types.get(name);
		if (!type) throw new Error(`Unknown credential type "${name}": pass its class in credentialTypes`);
		return type;
	}

	getParentTypes(name: string): string[] {
		const parents = this.types.get(name)?.extends ?? [];
		return parents.flatMap((parent) => [parent, ...this.getParentTypes(parent)]);
	}

	isCredentialUsableByNode(credentialType: string, nodeType: string): boolean {
		const type = this.types.get(credentialType);
		if (!type?.restrictToSupportedNodes) return true;
		return (type.supportedNodes ?? []).some((supported) => nodeType === supported || nodeType.endsWith(`.${supported}`));
	}

	/** As the server: a function is called; a generic block's headers/qs/body/auth entries are resolved with `$credentials` and set. */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const { authenticate } = this.type(typeName);
		if (typeof authenticate === 'function') return await authenticate(credentials, requestOptions as IHttpRequestOptions);
		if (typeof authenticate === 'object') {
			requestOptions.headers ??= {};
			if (authenticate.type === 'generic') {
				const resolve = (value: string): string => {
					if (!isExpression(value)) return value;
					const resolved = (workflow ?? hostWorkflow()).expression.getSimpleParameterValue(
						node ?? CREDENTIAL_HOST_NODE,
						value,
						'internal',
						{ $credentials: credentials },
						undefined,
						'',
					);
					return resolved ? String(resolved) : '';
				};
				const target = requestOptions as unknown as Record<string, Record<string, unknown> | undefined>;
				for (const [outerKey, entries] of Object.entries(authenticate.properties)) {
					for (const [key, value] of Object.entries(entries as Record<string, string>)) {
						target[outerKey] ??= {};
						target[outerKey]![resolve(key)] = resolve(value);
					}
				}
			}
		}
		return requestOptions as IHttpRequestOptions;
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		_node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = this.type(typeName);
		const expirable = type.properties.find((p) => p.type === 'hidden' && p.typeOptions?.expirable === true);
		if (expirable === undefined || typeof type.preAuthentication !== 'function') return undefined;
		if (credentials[expirable.name] !== '' && !credentialsExpired) return undefined;
		const output = (await type.preAuthentication.call(helpers, credentials)) as ICredentialDataDecryptedObject;
		if (output[expirable.name] === undefined) return undefined;
		this.store.set(typeName, { ...this.store.get(typeName), ...output });
		return Object.assign(credentials, output);
	}

	async runPreAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = this.type(typeName);
		if (typeof type.preAuthentication !== 'function') return undefined;
		return ((await type.preAuthentication.call(helpers, credentials)) as ICredentialDataDecryptedObject) ?? undefined;
	}

	async getCredentials(nodeCredentials: INodeCredentialsDetails, type: string): Promise<Credentials> {
		const credentials = new Credentials({ id: nodeCredentials.id ?? type, name: nodeCredentials.name }, type);
		await credentials.setData(this.stored(type));
		return credentials;
	}

	private stored(type: string): ICredentialDataDecryptedObject {
		const data = this.store.get(type);
		if (!data) throw new Error(`Credential of type "${type}" does not exist: pass it in the credentials option`);
		return data;
	}

	/** As the server: stored data with the type's defaults applied, expressions resolved unless raw. */
	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		mode: WorkflowExecuteMode,
		_executeData?: IExecuteData,
		raw?: boolean,
		expressionResolveValues?: ICredentialsExpressionResolveValues,
	): Promise<ICredentialDataDecryptedObject> {
		const properties = this.getCredentialsProperties(type);
		const data = {
			...((NodeHelpers.getNodeParameters(properties, this.stored(type) as INodeParameters, true, false, null, null) ?? {}) as ICredentialDataDecryptedObject),
			...this.stored(type),
		};
		if (raw || !Object.values(data).some(isExpression)) return data;
		if (expressionResolveValues) {
			const { workflow, runExecutionData, runIndex, itemIndex, node, connectionInputData } = expressionResolveValues;
			return workflow.expression.getParameterValue(
				data as INodeParameters,
				runExecutionData,
				runIndex,
				itemIndex,
				node.name,
				connectionInputData,
				'internal',
				{},
				undefined,
				false,
				data,
			) as ICredentialDataDecryptedObject;
		}
		return hostWorkflow().expression.getComplexParameterValue(CREDENTIAL_HOST_NODE, data as INodeParameters, mode, {}, undefined, undefined, data) as ICredentialDataDecryptedObject;
	}

	async updateCredentials(_nodeCredentials: INodeCredentialsDetails, type: string, data: ICredentialDataDecryptedObject): Promise<void> {
		this.store.set(type, { ...data });
	}

	async updateCredentialsOauthTokenData(_nodeCredentials: INodeCredentialsDetails, type: string, data: ICredentialDataDecryptedObject): Promise<void> {
		this.store.set(type, { ...this.store.get(type), ...data });
	}

	getCredentialsProperties(type: string): INodeProperties[] {
		const credentialType = this.type(type);
		if (!credentialType.extends) return credentialType.properties;
		const combined: INodeProperties[] = [];
		for (const parent of credentialType.extends) NodeHelpers.mergeNodeProperties(combined, this.getCredentialsProperties(parent));
		NodeHelpers.mergeNodeProperties(combined, credentialType.properties);
		return combined;
	}
}

// ------------------------------------------------------------------------------------------------
// Shared plumbing
// ------------------------------------------------------------------------------------------------

export interface EngineCommonOptions {
	nodeType: INodeType | IVersionedNodeType;
	/** Node type name in the workflow; default {@link DEFAULT_NODE_TYPE}. */
	type?: string;
	typeVersion?: number;
	/** Node name; default the type's display name. */
	nodeName?: string;
	parameters: INodeParameters;
	/** Decrypted credential data, by credential type name. */
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	/** Credential type classes; default the package's own credential. */
	credentialTypes?: ICredentialType[];
}

function defaultVersion(nodeType: INodeType | IVersionedNodeType): number {
	const description = nodeType.description as { version?: number | number[]; defaultVersion?: number };
	if (description.defaultVersion !== undefined) return description.defaultVersion;
	const { version } = description;
	return Array.isArray(version) ? Math.max(...version) : (version ?? 1);
}

function nodeTypesOf(entries: Record<string, INodeType | IVersionedNodeType>): INodeTypes {
	const get = (name: string, version?: number): INodeType => {
		const nodeType = entries[name];
		if (!nodeType) throw new Error(`Unknown node type "${name}"`);
		return NodeHelpers.getVersionedNodeType(nodeType, version);
	};
	return {
		getByName: (name) => entries[name] ?? get(name),
		getByNameAndVersion: (name, version) => get(name, version),
		getKnownTypes: () => ({}),
	};
}

function nodeCredentials(credentials: Record<string, ICredentialDataDecryptedObject> | undefined): INodeCredentials | undefined {
	if (!credentials || Object.keys(credentials).length === 0) return undefined;
	return Object.fromEntries(Object.keys(credentials).map((type) => [type, { id: `credential-${type}`, name: `${type} (harness)` }]));
}

function targetNode(options: EngineCommonOptions, extra: Partial<INode> = {}): INode {
	const credentials = nodeCredentials(options.credentials);
	return {
		id: 'node-under-test',
		name: options.nodeName ?? options.nodeType.description.displayName,
		type: options.type ?? DEFAULT_NODE_TYPE,
		typeVersion: options.typeVersion ?? defaultVersion(options.nodeType),
		position: [250, 0],
		parameters: structuredClone(options.parameters),
		...(credentials ? { credentials } : {}),
		...extra,
	};
}

function workflowData(nodes: INode[], connections: IWorkflowBase['connections']): IWorkflowBase {
	const now = new Date();
	return { id: WORKFLOW_ID, name: 'Engine harness', active: false, isArchived: false, activeVersionId: null, createdAt: now, updatedAt: now, nodes, connections };
}

let executionCounter = 0;

function additionalDataFor(
	options: EngineCommonOptions,
	mode: WorkflowExecuteMode,
	data: IWorkflowBase,
	extra: Partial<IWorkflowExecuteAdditionalData> = {},
): IWorkflowExecuteAdditionalData {
	const executionId = `harness-${++executionCounter}`;
	const base = 'http://localhost:5678';
	return {
		credentialsHelper: new HarnessCredentialsHelper(options.credentialTypes ?? [new RestaurantReservationsApi()], options.credentials ?? {}),
		hooks: new ExecutionLifecycleHooks(mode, executionId, data),
		externalSecretsProxy: Container.get(ExternalSecretsProxy),
		executeWorkflow: async () => {
			throw new Error('Sub-workflows are not supported by the engine harness');
		},
		startRunnerTask: async () => {
			throw new Error('Task runners (Code node) are not supported by the engine harness');
		},
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		executionId,
		workflowId: WORKFLOW_ID,
		currentNodeExecutionIndex: 0,
		restApiUrl: `${base}/rest`,
		instanceBaseUrl: base,
		formBaseUrl: `${base}/form`,
		formWaitingBaseUrl: `${base}/form-waiting`,
		formTestBaseUrl: `${base}/form-test`,
		webhookBaseUrl: `${base}/webhook`,
		webhookWaitingBaseUrl: `${base}/webhook-waiting`,
		webhookTestBaseUrl: `${base}/webhook-test`,
		mcpBaseUrl: `${base}/mcp`,
		mcpTestBaseUrl: `${base}/mcp-test`,
		variables: {},
		logAiEvent: () => {},
		...extra,
	};
}

// ------------------------------------------------------------------------------------------------
// runNode: one node, in a real manual workflow run
// ------------------------------------------------------------------------------------------------

export interface RunNodeOptions extends EngineCommonOptions {
	/** JSON of the items the start node emits; default one empty item. */
	inputItems?: IDataObject[];
	/** Sets the node's "On Error" to "Continue" (regular output). */
	continueOnFail?: boolean;
}

export interface RunNodeResult {
	/** Output 0 of the node. */
	items: INodeExecutionData[];
	/** All outputs of the node. */
	outputs: INodeExecutionData[][];
	/**
	 * The node's execution error as n8n records it in the run data: WorkflowExecute stores a plain
	 * copy (`{ ...error, message, stack }`), so `instanceof NodeApiError` does not hold, but `name`
	 * ('NodeApiError' / 'NodeOperationError'), `message`, `description`, `httpCode`, `context` do.
	 */
	error?: ExecutionError;
	runData: IRunData;
	requests: RecordedRequest[];
}

/** An error as text, with the fields JSON.stringify would drop. */
function errorText(error: unknown): string {
	if (!error || typeof error !== 'object') return String(error ?? '');
	const e = error as Error & { description?: unknown; context?: unknown; cause?: unknown };
	return JSON.stringify({ ...e, message: e.message, stack: e.stack, description: e.description, context: e.context });
}

/**
 * Every output, error and static data of the suite passes through here: none may contain an
 * access token of the credentials used (the token belongs in the request header only).
 */
export function assertNoAccessToken(what: string, value: unknown, error: unknown, credentials?: Record<string, ICredentialDataDecryptedObject>): void {
	const tokens = Object.values(credentials ?? {})
		.map((c) => c.accessToken)
		.filter((t): t is string => typeof t === 'string' && t.length > 0);
	const text = `${JSON.stringify(value ?? null)}\n${errorText(error)}`;
	for (const token of tokens) {
		if (text.includes(token)) throw new Error(`${what} contains the access token "${token.slice(0, 4)}…"`);
	}
}

/** Runs a method and checks what it returns or throws for the token. */
async function checked<T>(what: string, credentials: EngineCommonOptions['credentials'], run: () => Promise<T>): Promise<T> {
	let result: T;
	try {
		result = await run();
	} catch (error) {
		assertNoAccessToken(what, null, error, credentials);
		throw error;
	}
	assertNoAccessToken(what, result, undefined, credentials);
	return result;
}

export async function runNode(options: RunNodeOptions): Promise<RunNodeResult> {
	return checked('runNode', options.credentials, async () => await runNodeUnchecked(options));
}

async function runNodeUnchecked(options: RunNodeOptions): Promise<RunNodeResult> {
	const inputItems = options.inputItems ?? [{}];
	const startType: INodeType = {
		description: {
			displayName: 'Harness Start',
			name: 'harnessStart',
			group: ['input'],
			version: 1,
			description: 'Emits the harness input items',
			defaults: { name: START_NODE_NAME },
			inputs: ['main'],
			outputs: ['main'],
			properties: [],
		} as INodeType['description'],
		async execute() {
			return [inputItems.map((json) => ({ json: structuredClone(json) }))];
		},
	};
	const node = targetNode(options, options.continueOnFail ? { onError: 'continueRegularOutput' } : {});
	const typeName = node.type;
	const start: INode = { id: 'harness-start', name: START_NODE_NAME, type: START_NODE_TYPE, typeVersion: 1, position: [0, 0], parameters: {} };
	const connections = { [START_NODE_NAME]: { main: [[{ node: node.name, type: 'main' as const, index: 0 }]] } };
	const workflow = new Workflow({
		id: WORKFLOW_ID,
		name: 'Engine harness',
		nodes: [start, node],
		connections,
		active: false,
		nodeTypes: nodeTypesOf({ [START_NODE_TYPE]: startType, [typeName]: options.nodeType }),
		staticData: {},
		settings: { executionOrder: 'v1' },
	});
	const additionalData = additionalDataFor(options, 'manual', workflowData([start, node], connections));
	const requests: RecordedRequest[] = [];
	const run = await recording(requests, async () => await new WorkflowExecute(additionalData, 'manual').run({ workflow, startNode: start }));
	const runData = run.data.resultData.runData;
	const task = runData[node.name]?.[0];
	const outputs = (task?.data?.main ?? []).map((output) => output ?? []);
	const error = task?.error ?? (runData[node.name] ? undefined : run.data.resultData.error);
	assertNoAccessToken('runNode error', null, error, options.credentials);
	return { items: outputs[0] ?? [], outputs, ...(error ? { error } : {}), runData, requests };
}

// ------------------------------------------------------------------------------------------------
// loadOptions / listSearch: as the server's DynamicNodeParametersService calls them
// ------------------------------------------------------------------------------------------------

export interface MethodOptions extends EngineCommonOptions {
	/** The method's name under `methods.loadOptions` / `methods.listSearch`. */
	method: string;
	/** Path of the parameter asking, e.g. `parameters.restaurantId`; default `parameters.<method>`. */
	path?: string;
	/** Filled with the HTTP requests the method sent. */
	requests?: RecordedRequest[];
}

function loadOptionsContext(options: MethodOptions): LoadOptionsContext {
	const node = targetNode(options);
	const nodeTypes = nodeTypesOf({ [node.type]: options.nodeType });
	const description = nodeTypes.getByNameAndVersion(node.type, node.typeVersion).description;
	// The editor sends the node's parameters with their defaults filled in.
	const currentNodeParameters = NodeHelpers.getNodeParameters(description.properties, node.parameters, true, false, node, description) ?? node.parameters;
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	const additionalData = additionalDataFor(options, 'internal', workflowData([node], {}), { currentNodeParameters });
	return new LoadOptionsContext(workflow, workflow.nodes[node.name], additionalData, options.path ?? `parameters.${options.method}`);
}

function nodeMethod(options: MethodOptions, kind: 'loadOptions' | 'listSearch'): (...args: unknown[]) => Promise<unknown> {
	const description = NodeHelpers.getVersionedNodeType(options.nodeType, options.typeVersion ?? defaultVersion(options.nodeType));
	const method = (description.methods?.[kind] as Record<string, unknown> | undefined)?.[options.method];
	if (typeof method !== 'function') throw new Error(`The node type has no methods.${kind}.${options.method}`);
	return method as (...args: unknown[]) => Promise<unknown>;
}

export async function loadOptions(options: MethodOptions): Promise<INodePropertyOptions[]> {
	const method = nodeMethod(options, 'loadOptions');
	return await checked('loadOptions', options.credentials, async () => (await recording(options.requests ?? [], async () => await method.call(loadOptionsContext(options)))) as INodePropertyOptions[]);
}

export async function listSearch(options: MethodOptions & { filter?: string; paginationToken?: string }): Promise<INodeListSearchResult> {
	const method = nodeMethod(options, 'listSearch');
	return await checked('listSearch', options.credentials, async () => (await recording(options.requests ?? [], async () => await method.call(loadOptionsContext(options), options.filter, options.paginationToken))) as INodeListSearchResult);
}

// ------------------------------------------------------------------------------------------------
// poll: a cron tick of an active workflow, or the editor's "Fetch test event"
// ------------------------------------------------------------------------------------------------

export interface PollOptions extends EngineCommonOptions {
	/**
	 * The workflow's static data (`{ 'node:<Node name>': {...}, global: {...} }`). In 'trigger' mode
	 * it is updated in place to what the active workflow holds after the tick.
	 */
	staticData?: IDataObject;
	/**
	 * 'trigger' (default): a cron tick of an active workflow, through n8n-core's PollTriggerExecutor.
	 * 'manual': the editor's "Fetch test event", through WorkflowExecute in manual mode.
	 */
	mode?: 'trigger' | 'manual';
	/** What `getActivationMode()` answers in 'trigger' mode; default 'activate'. */
	activation?: WorkflowActivateMode;
}

export interface PollResult {
	/** What the poll emitted; null when it emitted nothing (or failed). */
	items: INodeExecutionData[][] | null;
	/**
	 * The workflow's static data after the poll, as the next tick sees it. In 'manual' mode the
	 * server discards what a test run changed: this is the static data passed in, unchanged.
	 */
	staticData: IDataObject;
	/** Static data as the node left it during this run (also in 'manual' mode). */
	runStaticData: IDataObject;
	/** 'trigger' mode: whether the server would write the static data to the database now. */
	persisted: boolean;
	/** The poll's error: in 'trigger' mode what n8n hands to `__emitError`. */
	error?: Error;
	requests: RecordedRequest[];
}

const plain = (data: IDataObject): IDataObject => JSON.parse(JSON.stringify(data)) as IDataObject;

export async function poll(options: PollOptions): Promise<PollResult> {
	const result = await checked('poll', options.credentials, async () => await pollUnchecked(options));
	assertNoAccessToken('poll error', null, result.error, options.credentials);
	return result;
}

async function pollUnchecked(options: PollOptions): Promise<PollResult> {
	const mode = options.mode ?? 'trigger';
	const inputStaticData = plain(options.staticData ?? {});
	const node = targetNode(options);
	const nodeTypes = nodeTypesOf({ [node.type]: options.nodeType });
	const workflow = new Workflow({
		id: WORKFLOW_ID,
		name: 'Engine harness',
		nodes: [node],
		connections: {},
		active: mode === 'trigger',
		nodeTypes,
		staticData: plain(inputStaticData),
		settings: { executionOrder: 'v1' },
	});
	const additionalData = additionalDataFor(options, mode, workflowData([node], {}));
	const requests: RecordedRequest[] = [];

	if (mode === 'manual') {
		const run = await recording(requests, async () => await new WorkflowExecute(additionalData, 'manual').run({ workflow, startNode: workflow.nodes[node.name] }));
		const task = run.data.resultData.runData[node.name]?.[0];
		const error = task?.error ?? run.data.resultData.error;
		const items = task?.data?.main?.length ? task.data.main.map((output) => output ?? []) : null;
		return {
			items: error ? null : items,
			staticData: inputStaticData,
			runStaticData: plain(workflow.staticData),
			persisted: false,
			...(error ? { error } : {}),
			requests,
		};
	}

	let items: INodeExecutionData[][] | null = null;
	let error: Error | undefined;
	let persisted = false;
	// What the server's static-data save does: write when something changed, then clear the flag.
	const save = () => {
		if (workflow.staticData.__dataChanged === true) {
			persisted = true;
			workflow.staticData.__dataChanged = false;
		}
	};
	const context = new PollContext(
		workflow,
		workflow.nodes[node.name],
		additionalData,
		'trigger',
		options.activation ?? 'activate',
		(data) => {
			save();
			items = data;
		},
		(pollError) => {
			error = pollError;
		},
		async () => save(),
	);
	const tick = Container.get(PollTriggerExecutor).create(workflow, workflow.nodes[node.name], context, () => true);
	await recording(requests, async () => await tick(false));

	const staticData = plain(workflow.staticData);
	if (options.staticData) {
		for (const key of Object.keys(options.staticData)) delete options.staticData[key];
		Object.assign(options.staticData, structuredClone(staticData));
	}
	return { items, staticData, runStaticData: staticData, persisted, ...(error ? { error } : {}), requests };
}

/** The node's part of a workflow's static data: what `getWorkflowStaticData('node')` returns. */
export function getNodeStaticData(staticData: IDataObject, nodeName: string): IDataObject | undefined {
	return staticData[`node:${nodeName}`] as IDataObject | undefined;
}
