/**
 * The trigger's items in executions n8n left unfinished, read from n8n itself. An execution that
 * was running when its process was killed is not run again: n8n marks it crashed (a killed main)
 * or, in queue mode, fails its job (`maxStalledCount: 0` in n8n's scaling/scaling.service.js). Items
 * such an execution still holds are in n8n, not lost: the ledger counts them as reported, once.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { parseExecutionData, type N8nRest } from '../../../scripts/n8n';
import { itemKey, reportedItem, type ReportedItem, type TriggerItemJson } from './ledger';

interface NodeItems {
	main?: Array<Array<{ json: TriggerItemJson }> | null>;
}

interface StoredExecutionData {
	resultData?: { runData?: Record<string, Array<{ data?: NodeItems }>> };
	executionData?: { nodeExecutionStack?: Array<{ node: { name: string }; data: NodeItems }> };
}

/** The trigger's items in one execution. */
export interface ExecutionItems {
	executionId: string;
	items: ReportedItem[];
}

export interface UnfinishedExecution extends ExecutionItems {
	status: string;
}

/** What the trigger node handed to an execution: its run output, else the start data still on the stack. */
function triggerItems(data: StoredExecutionData, triggerName: string): TriggerItemJson[] {
	const ran = data.resultData?.runData?.[triggerName]?.[0]?.data;
	const waiting = data.executionData?.nodeExecutionStack?.find(
		(entry) => entry.node.name === triggerName,
	)?.data;
	return ((ran ?? waiting)?.main?.[0] ?? []).map((item) => item.json);
}

/** One execution as n8n stores it now: its status and the trigger's items in it. */
export async function storedExecution(
	rest: N8nRest,
	executionId: string,
	triggerName: string,
): Promise<{ status: string; items: ReportedItem[] }> {
	const stored = await rest.request<{ status: string; data: string }>(
		'GET',
		`/executions/${executionId}`,
	);
	const items = triggerItems(parseExecutionData<StoredExecutionData>(stored.data), triggerName)
		.filter((item) => item?.reservationId !== undefined)
		.map((item) => reportedItem(executionId, item));
	return { status: stored.status, items };
}

/** The executions of the workflow that did not finish successfully and still hold trigger items. */
export async function unfinishedExecutions(
	rest: N8nRest,
	workflowId: string,
	triggerName: string,
): Promise<UnfinishedExecution[]> {
	const unfinished = (await rest.workflowExecutions(workflowId)).filter(
		(execution) => execution.status !== 'success',
	);
	const result: UnfinishedExecution[] = [];
	for (const { id, status } of unfinished) {
		const { items } = await storedExecution(rest, String(id), triggerName);
		// Failed polls also leave executions (n8n records the trigger's error): they hold no items.
		if (items.length > 0) result.push({ executionId: String(id), status, items });
	}
	return result;
}

/**
 * The sink's items and those held in unfinished executions, each item once: an execution killed
 * while its HTTP Request node was sending may have delivered part of its items to the sink.
 */
export function withHeldItems(
	sinkItems: ReportedItem[],
	unfinished: UnfinishedExecution[],
): ReportedItem[] {
	const delivered = new Set(sinkItems.map(itemKey));
	const held = unfinished.flatMap((execution) => execution.items);
	return [...sinkItems, ...held.filter((item) => !delivered.has(itemKey(item)))];
}

/**
 * The statuses of a killed worker's execution before n8n settles it: running, then crashed (the
 * restarted worker marks it so from its event log), until Bull reports its job stalled and the
 * main stores it failed (or it had finished before the kill).
 */
const UNSETTLED = new Set(['new', 'running', 'waiting', 'crashed']);

/** Waits until n8n has settled a killed worker's execution; returns the execution as stored then. */
export async function settledExecution<T extends { status: string }>(
	rest: N8nRest,
	executionId: string,
	timeoutMs: number,
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const execution = await rest.request<T>('GET', `/executions/${executionId}`);
		if (!UNSETTLED.has(execution.status) || Date.now() > deadline) return execution;
		await sleep(1000);
	}
}
