/** loadOptions and listSearch: a node's methods called as the server's DynamicNodeParametersService calls them. */
import './environment';
import { LoadOptionsContext } from 'n8n-core';
import {
	NodeHelpers,
	Workflow,
	type INodeListSearchResult,
	type INodePropertyOptions,
} from 'n8n-workflow';
import { recording, type RecordedRequest } from './requestRecorder';
import { tokenChecked } from './tokenLeaks';
import {
	additionalDataFor,
	defaultVersion,
	nodeTypesOf,
	targetNode,
	workflowData,
	type EngineCommonOptions,
} from './workflow';

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
	const currentNodeParameters =
		NodeHelpers.getNodeParameters(
			description.properties,
			node.parameters,
			true,
			false,
			node,
			description,
		) ?? node.parameters;
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	const additionalData = additionalDataFor(options, 'internal', workflowData([node], {}), {
		currentNodeParameters,
	});
	return new LoadOptionsContext(
		workflow,
		workflow.nodes[node.name],
		additionalData,
		options.path ?? `parameters.${options.method}`,
	);
}

function nodeMethod(
	options: MethodOptions,
	kind: 'loadOptions' | 'listSearch',
): (...args: unknown[]) => Promise<unknown> {
	const description = NodeHelpers.getVersionedNodeType(
		options.nodeType,
		options.typeVersion ?? defaultVersion(options.nodeType),
	);
	const method = (description.methods?.[kind] as Record<string, unknown> | undefined)?.[
		options.method
	];
	if (typeof method !== 'function')
		throw new Error(`The node type has no methods.${kind}.${options.method}`);
	return method as (...args: unknown[]) => Promise<unknown>;
}

export async function loadOptions(options: MethodOptions): Promise<INodePropertyOptions[]> {
	const method = nodeMethod(options, 'loadOptions');
	const call = async () => await method.call(loadOptionsContext(options));
	return (await tokenChecked(
		'loadOptions',
		options.credentials,
		async () => await recording(options.requests ?? [], call),
	)) as INodePropertyOptions[];
}

export async function listSearch(
	options: MethodOptions & { filter?: string; paginationToken?: string },
): Promise<INodeListSearchResult> {
	const method = nodeMethod(options, 'listSearch');
	const call = async () =>
		await method.call(loadOptionsContext(options), options.filter, options.paginationToken);
	return (await tokenChecked(
		'listSearch',
		options.credentials,
		async () => await recording(options.requests ?? [], call),
	)) as INodeListSearchResult;
}
