/**
 * A part of the bench measured on the Node that runs n8n (scripts/n8n/runtime: n8n 2.41.1 needs
 * Node >= 24), in a child process when this process runs another Node.
 *
 * Why: the action node runs in n8n-core's engine in-process, on whatever Node runs the bench. On
 * Node 20, a pair no n8n 2.x installation runs, n8n-core 2.41's RoutingNode hits a slow path of
 * V8 (an object spread followed by more properties, done several times for every property of the
 * node and every item) that costs about 8 us per property and item, against about 2 us on Node 24,
 * so the cost of a node with many operations would be measured several times over.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { CURRENT_LINE, ensureN8nInstalled, REPO_ROOT } from '../../scripts/n8n';
import { add, type Row } from './report';

/** Marks the child's line of rows in its output. */
export const ROWS_MARK = 'BENCH_ROWS ';

const CHILD = path.join(__dirname, 'childPart.ts');

export const N8N_NODE_VERSION = CURRENT_LINE.node;

/** Whether this process runs the Node that n8n runs on. */
export const onN8nNode = () => process.version === `v${N8N_NODE_VERSION}`;

/** Measures `part` in a child process on n8n's Node and adds its rows here. */
export async function measureOnN8nNode(part: 'node' | 'guests', runs: number): Promise<void> {
	const { node } = await ensureN8nInstalled();
	const output = execFileSync(node, ['--expose-gc', '--import', 'tsx', CHILD, part, String(runs)], {
		cwd: REPO_ROOT,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	const line = output.split('\n').find((l) => l.startsWith(ROWS_MARK));
	if (!line) throw new Error(`bench part ${part} on Node ${N8N_NODE_VERSION} printed no rows`);
	for (const row of JSON.parse(line.slice(ROWS_MARK.length)) as Row[]) add(row);
}
