/**
 * poll: a cron tick of an active workflow (n8n-core's PollTriggerExecutor with a real PollContext),
 * or the editor's "Fetch test event" (WorkflowExecute in manual mode).
 */
import './environment';
import { Container } from '@n8n/di';
import { PollContext, PollTriggerExecutor, WorkflowExecute } from 'n8n-core';
import {
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type IWorkflowExecuteAdditionalData,
	type Workflow,
	type WorkflowActivateMode,
} from 'n8n-workflow';
import { recording, type RecordedRequest } from './requestRecorder';
import { assertNoAccessToken, tokenChecked } from './tokenLeaks';
import { additionalDataFor, newWorkflow, targetNode, type EngineCommonOptions } from './workflow';

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
	/**
	 * 'trigger' mode: what `getPollBudgetMs()` answers, as n8n's durable scheduler gives a poll
	 * (36 s by default); without it n8n-core's own default (5 minutes).
	 */
	pollBudgetMs?: number;
	/**
	 * The workflow's ID; default the harness's one. The trigger keeps its polls apart per workflow
	 * and node (its overlap guard): each trigger "installation" of a test needs one of its own.
	 */
	workflowId?: string;
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

/** One poll's workflow, node and execution data. */
interface PollRun {
	workflow: Workflow;
	node: INode;
	additionalData: IWorkflowExecuteAdditionalData;
	inputStaticData: IDataObject;
	requests: RecordedRequest[];
}

const plain = (data: IDataObject): IDataObject => JSON.parse(JSON.stringify(data)) as IDataObject;

function pollRun(options: PollOptions, mode: 'trigger' | 'manual'): PollRun {
	const inputStaticData = plain(options.staticData ?? {});
	const node = targetNode(options);
	const { workflow, data } = newWorkflow({
		id: options.workflowId,
		nodes: [node],
		connections: {},
		active: mode === 'trigger',
		nodeTypes: { [node.type]: options.nodeType },
		staticData: plain(inputStaticData),
	});
	return {
		workflow,
		node,
		additionalData: additionalDataFor(options, mode, data),
		inputStaticData,
		requests: [],
	};
}

/** The editor's "Fetch test event": the stored static data stays as it was. */
async function manualPoll({
	workflow,
	node,
	additionalData,
	inputStaticData,
	requests,
}: PollRun): Promise<PollResult> {
	const run = await recording(
		requests,
		async () =>
			await new WorkflowExecute(additionalData, 'manual').run({
				workflow,
				startNode: workflow.nodes[node.name],
			}),
	);
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

/** A cron tick of the active workflow, saving static data when the server would. */
async function triggerPoll(
	{ workflow, node, additionalData, requests }: PollRun,
	activation: WorkflowActivateMode,
	pollBudgetMs: number | undefined,
): Promise<Omit<PollResult, 'runStaticData'>> {
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
	const emit = (data: INodeExecutionData[][]) => {
		save();
		items = data;
	};
	const emitError = (pollError: Error) => {
		error = pollError;
	};
	const context = new PollContext(
		workflow,
		workflow.nodes[node.name],
		additionalData,
		'trigger',
		activation,
		emit,
		emitError,
		async () => save(),
		undefined,
		undefined,
		pollBudgetMs === undefined ? undefined : () => pollBudgetMs,
	);
	const tick = Container.get(PollTriggerExecutor).create(
		workflow,
		workflow.nodes[node.name],
		context,
		() => true,
	);
	await recording(requests, async () => await tick(false));
	return {
		items,
		staticData: plain(workflow.staticData),
		persisted,
		...(error ? { error } : {}),
		requests,
	};
}

/** Writes the tick's static data back into the caller's object, as the active workflow holds it. */
function carryOver(staticData: IDataObject | undefined, after: IDataObject): void {
	if (!staticData) return;
	for (const key of Object.keys(staticData)) delete staticData[key];
	Object.assign(staticData, structuredClone(after));
}

async function pollUnchecked(options: PollOptions): Promise<PollResult> {
	const mode = options.mode ?? 'trigger';
	const run = pollRun(options, mode);
	if (mode === 'manual') return await manualPoll(run);
	const result = await triggerPoll(run, options.activation ?? 'activate', options.pollBudgetMs);
	carryOver(options.staticData, result.staticData);
	return { ...result, runStaticData: result.staticData };
}

export async function poll(options: PollOptions): Promise<PollResult> {
	const result = await tokenChecked(
		'poll',
		options.credentials,
		async () => await pollUnchecked(options),
	);
	assertNoAccessToken('poll error', null, result.error, options.credentials);
	return result;
}

/** The node's part of a workflow's static data: what `getWorkflowStaticData('node')` returns. */
export function getNodeStaticData(
	staticData: IDataObject,
	nodeName: string,
): IDataObject | undefined {
	return staticData[`node:${nodeName}`] as IDataObject | undefined;
}
