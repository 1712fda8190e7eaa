/** runNode: one node in a real manual workflow run (n8n-core's WorkflowExecute), fed by a start node. */
import './environment';
import { WorkflowExecute } from 'n8n-core';
import {
	type ExecutionError,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type INodeType,
	type IRunData,
} from 'n8n-workflow';
import { recording, type RecordedRequest } from './requestRecorder';
import { assertNoAccessToken, tokenChecked } from './tokenLeaks';
import { additionalDataFor, newWorkflow, targetNode, type EngineCommonOptions } from './workflow';

const START_NODE_NAME = 'Start';
const START_NODE_TYPE = 'harness.start';

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

/** A node type that emits the given items: the run's start node. */
function startNodeType(inputItems: IDataObject[]): INodeType {
	return {
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
}

async function runNodeUnchecked(options: RunNodeOptions): Promise<RunNodeResult> {
	const node = targetNode(
		options,
		options.continueOnFail ? { onError: 'continueRegularOutput' } : {},
	);
	const start: INode = {
		id: 'harness-start',
		name: START_NODE_NAME,
		type: START_NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	const connections = {
		[START_NODE_NAME]: { main: [[{ node: node.name, type: 'main' as const, index: 0 }]] },
	};
	const { workflow, data } = newWorkflow({
		nodes: [start, node],
		connections,
		active: false,
		nodeTypes: {
			[START_NODE_TYPE]: startNodeType(options.inputItems ?? [{}]),
			[node.type]: options.nodeType,
		},
		staticData: {},
	});
	const additionalData = additionalDataFor(options, 'manual', data);
	const requests: RecordedRequest[] = [];
	const run = await recording(
		requests,
		async () =>
			await new WorkflowExecute(additionalData, 'manual').run({ workflow, startNode: start }),
	);
	const runData = run.data.resultData.runData;
	const task = runData[node.name]?.[0];
	const outputs = (task?.data?.main ?? []).map((output) => output ?? []);
	const error = task?.error ?? (runData[node.name] ? undefined : run.data.resultData.error);
	assertNoAccessToken('runNode error', null, error, options.credentials);
	return { items: outputs[0] ?? [], outputs, ...(error ? { error } : {}), runData, requests };
}

export async function runNode(options: RunNodeOptions): Promise<RunNodeResult> {
	return tokenChecked('runNode', options.credentials, async () => await runNodeUnchecked(options));
}
