/**
 * Something read once and shared by every item of one run of the node: Create or Update reads the
 * catalog once for all its rows, not once per row.
 *
 * Why the run's IExecuteData is the scope: a declarative node has no code around its items. n8n
 * takes one IExecuteData off its execution stack for each run of a node, and its RoutingNode hands
 * that same object to the context of every item, which it runs concurrently; the next run (the
 * next batch of a loop, the next execution, another user's execution) has a new one. Keyed by that
 * object in a WeakMap, a cached value is therefore shared by exactly the items of one run, is read
 * afresh when the node runs again (other nodes may have changed the catalog in between), and
 * cannot reach another execution or user. It is dropped when n8n reports the execution finished,
 * and the WeakMap lets it go with the run's data in any case (no timers, no global list to
 * prune). Within a run, values are keyed by what they were read with (the credential's ID, the
 * base URL, the restaurant), never by the token, and at most MAX_VALUES_PER_RUN are kept. The
 * credential is the node's, the same for every item of a run: its part of the key is read once.
 */
import type { IExecuteSingleFunctions } from 'n8n-workflow';
import { credentialScope } from '../../shared/transport';

/** Restaurants (or other reads) one run keeps at once; the least recently added is read again. */
export const MAX_VALUES_PER_RUN = 16;

interface Run {
	/** The credential's ID and base URL, joined. */
	scope: Promise<string>;
	values: Map<string, unknown>;
}

const runs = new WeakMap<object, Run>();

function runOf(context: IExecuteSingleFunctions, run: object): Run {
	let entry = runs.get(run);
	if (!entry) {
		entry = {
			scope: credentialScope(context).then((parts) => parts.join('\u0000')),
			values: new Map(),
		};
		runs.set(run, entry);
		context.onExecutionFinish?.(() => runs.delete(run));
	}
	return entry;
}

/**
 * The value named `name` (for `parts`, e.g. the restaurant) for this run of the node: made by
 * `create` for the first item that asks, the same one for every later item of the run.
 */
export async function sharedByRun<T>(
	context: IExecuteSingleFunctions,
	name: string,
	parts: string[],
	create: () => T,
): Promise<T> {
	const run = context.getExecuteData?.();
	// No run to share with (a context without execute data): this item gets its own value.
	if (!run) return create();
	const { scope, values } = runOf(context, run);
	const key = [name, await scope, ...parts].join('\u0000');
	if (!values.has(key)) {
		values.set(key, create());
		if (values.size > MAX_VALUES_PER_RUN) values.delete(values.keys().next().value as string);
	}
	return values.get(key) as T;
}
