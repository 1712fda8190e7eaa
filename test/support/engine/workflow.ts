/**
 * What every engine run shares: the options naming the node under test, that node and its node
 * types, the workflow record, and the additional data the n8n server hands to an execution.
 */
import './environment';
import { Container } from '@n8n/di';
import { ExecutionLifecycleHooks, ExternalSecretsProxy } from 'n8n-core';
import {
	NodeHelpers,
	Workflow,
	type ICredentialDataDecryptedObject,
	type ICredentialType,
	type IDataObject,
	type INode,
	type INodeCredentials,
	type INodeParameters,
	type INodeType,
	type INodeTypes,
	type IVersionedNodeType,
	type IWorkflowBase,
	type IWorkflowExecuteAdditionalData,
	type WorkflowExecuteMode,
} from 'n8n-workflow';
import { RestaurantReservationsApi } from '../../../credentials/RestaurantReservationsApi.credentials';
import { RestaurantReservationsOAuth2Api } from '../../../credentials/RestaurantReservationsOAuth2Api.credentials';
import { OAuth2ApiBase } from './oAuth2Api';
import { HarnessCredentialsHelper } from './credentialsHelper';

const DEFAULT_NODE_TYPE = 'CUSTOM.restaurantReservations';
export const WORKFLOW_ID = 'engine-harness-workflow';
export const WORKFLOW_NAME = 'Engine harness';

export interface EngineCommonOptions {
	nodeType: INodeType | IVersionedNodeType;
	/** Node type name in the workflow; default `CUSTOM.restaurantReservations`. */
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

export function defaultVersion(nodeType: INodeType | IVersionedNodeType): number {
	const description = nodeType.description as {
		version?: number | number[];
		defaultVersion?: number;
	};
	if (description.defaultVersion !== undefined) return description.defaultVersion;
	const { version } = description;
	return Array.isArray(version) ? Math.max(...version) : (version ?? 1);
}

export function nodeTypesOf(entries: Record<string, INodeType | IVersionedNodeType>): INodeTypes {
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

function nodeCredentials(
	credentials: Record<string, ICredentialDataDecryptedObject> | undefined,
): INodeCredentials | undefined {
	if (!credentials || Object.keys(credentials).length === 0) return undefined;
	return Object.fromEntries(
		Object.keys(credentials).map((type) => [
			type,
			{ id: `credential-${type}`, name: `${type} (harness)` },
		]),
	);
}

/** The node under test as a workflow holds it. */
export function targetNode(options: EngineCommonOptions, extra: Partial<INode> = {}): INode {
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

/** The workflow as the database holds it, for the execution hooks. */
export function workflowData(
	nodes: INode[],
	connections: IWorkflowBase['connections'],
): IWorkflowBase {
	const now = new Date();
	return {
		id: WORKFLOW_ID,
		name: WORKFLOW_NAME,
		active: false,
		isArchived: false,
		activeVersionId: null,
		createdAt: now,
		updatedAt: now,
		nodes,
		connections,
	};
}

let executionCounter = 0;

function unsupported(what: string): () => Promise<never> {
	return async () => {
		throw new Error(`${what} are not supported by the engine harness`);
	};
}

type InstanceUrls = Pick<
	IWorkflowExecuteAdditionalData,
	| 'restApiUrl'
	| 'instanceBaseUrl'
	| 'formBaseUrl'
	| 'formWaitingBaseUrl'
	| 'formTestBaseUrl'
	| 'webhookBaseUrl'
	| 'webhookWaitingBaseUrl'
	| 'webhookTestBaseUrl'
	| 'mcpBaseUrl'
	| 'mcpTestBaseUrl'
>;

/** The URLs an instance at `base` reports. */
function instanceUrls(base: string): InstanceUrls {
	return {
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
	};
}

/**
 * The harness's workflow of `nodes` (its ID unless another is given), run in n8n's v1 execution
 * order, and its record for {@link additionalDataFor}.
 */
export function newWorkflow(parameters: {
	id?: string;
	nodes: INode[];
	connections: IWorkflowBase['connections'];
	active: boolean;
	nodeTypes: Record<string, INodeType | IVersionedNodeType>;
	staticData: IDataObject;
}): { workflow: Workflow; data: IWorkflowBase } {
	const { id, nodes, connections, nodeTypes } = parameters;
	const workflow = new Workflow({
		...parameters,
		id: id ?? WORKFLOW_ID,
		name: WORKFLOW_NAME,
		nodeTypes: nodeTypesOf(nodeTypes),
		settings: { executionOrder: 'v1' },
	});
	return { workflow, data: workflowData(nodes, connections) };
}

/** What the n8n server hands to an execution: credentials, lifecycle hooks, secrets, URLs. */
export function additionalDataFor(
	options: EngineCommonOptions,
	mode: WorkflowExecuteMode,
	data: IWorkflowBase,
	extra: Partial<IWorkflowExecuteAdditionalData> = {},
): IWorkflowExecuteAdditionalData {
	const executionId = `harness-${++executionCounter}`;
	return {
		credentialsHelper: new HarnessCredentialsHelper(
			options.credentialTypes ?? [
				new RestaurantReservationsApi(),
				new RestaurantReservationsOAuth2Api(),
				new OAuth2ApiBase(),
			],
			options.credentials ?? {},
		),
		hooks: new ExecutionLifecycleHooks(mode, executionId, data),
		externalSecretsProxy: Container.get(ExternalSecretsProxy),
		executeWorkflow: unsupported('Sub-workflows'),
		startRunnerTask: unsupported('Task runners (Code node)'),
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		executionId,
		workflowId: WORKFLOW_ID,
		currentNodeExecutionIndex: 0,
		...instanceUrls('http://localhost:5678'),
		variables: {},
		logAiEvent: () => {},
		...extra,
	};
}
