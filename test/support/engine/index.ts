/**
 * The in-process n8n engine: runs nodes through n8n's own execution engine (n8n-core's
 * WorkflowExecute, RoutingNode, LoadOptionsContext, PollContext and PollTriggerExecutor) against a
 * real server over real HTTP. Nothing of n8n and nothing of the network is mocked: the engine only
 * supplies what the n8n server would (DI services, a credentials helper, execution lifecycle hooks),
 * and records every request n8n-core sends.
 */
export { listSearch, loadOptions } from './nodeMethods';
export { getNodeStaticData, poll, type PollResult } from './poll';
export { timesOf, type RecordedRequest, type RequestTimes } from './requestRecorder';
export { runNode, type RunNodeResult } from './runNode';
