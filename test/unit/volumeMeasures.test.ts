/**
 * What the deployment bench and the budget test read from n8n: the state saves in its database
 * layer's slow-query log (lines as n8n 2.41.1 prints them on SQLite and PostgreSQL) and its
 * Prometheus histograms.
 */
import { histogram, statementSaves } from '../deployments/support/volume';

const state = JSON.stringify({ v: 2, k: 'YP8SjKHb', r: { 102: { z: 'America/New_York' } } });
const parameters = (...values: unknown[]) => JSON.stringify(values);

describe('statementSaves', () => {
	it('finds the static-data save on SQLite and the cursor save on PostgreSQL, with time and bytes', () => {
		const lines = [
			`main: \u001b[33mquery is slow:\u001b[0m UPDATE "workflow_entity" SET "staticData" = ?, "updatedAt" = "updatedAt" WHERE "id" = ? -- PARAMETERS: ${parameters(state, 'RrVolumeTrigger01')}`,
			'main: \u001b[33mexecution time:\u001b[0m 12',
			'main: query is slow: SELECT "PollerState"."cursor" FROM "public"."poller_state" "PollerState" -- PARAMETERS: ["RrVolumeTrigger01"]',
			'main: execution time: 7',
			`main: query is slow: UPDATE "public"."poller_state" SET "cursor" = $1, "updatedAt" = CURRENT_TIMESTAMP(3) WHERE ("workflowId" = $2 AND "nodeId" = $3) -- PARAMETERS: ${parameters(state, 'RrVolumeTrigger01', 'node')}`,
			'main: execution time: 112',
		];
		expect(statementSaves(lines)).toEqual([
			{ ms: 12, bytes: Buffer.byteLength(state) },
			{ ms: 112, bytes: Buffer.byteLength(state) },
		]);
	});

	it('reads a statement spread over several lines, and ignores other updates', () => {
		const lines = [
			'main: query is slow: UPDATE "scheduled_task"',
			'main: 			 SET "status" = $1',
			'main: 			 RETURNING * -- PARAMETERS: ["main-vm","60000"]',
			'main: execution time: 4',
			'main: query is slow: UPDATE "workflow_entity"',
			`main: 	SET "staticData" = $1 WHERE "id" = $2 -- PARAMETERS: ${parameters(state, 'x')}`,
			'main: execution time: 30',
		];
		expect(statementSaves(lines)).toEqual([{ ms: 30, bytes: Buffer.byteLength(state) }]);
	});
});

describe('histogram', () => {
	it('sums a histogram over the label sets that match', () => {
		const text = [
			'# HELP n8n_poll_trigger_duration_seconds Duration',
			'n8n_poll_trigger_duration_seconds_bucket{node_type="a",status="success",le="1"} 1',
			'n8n_poll_trigger_duration_seconds_sum{node_type="a",status="success"} 4.5',
			'n8n_poll_trigger_duration_seconds_count{node_type="a",status="success"} 2',
			'n8n_poll_trigger_duration_seconds_sum{node_type="b",status="success"} 1.5',
			'n8n_poll_trigger_duration_seconds_count{node_type="b",status="success"} 1',
			'n8n_poll_trigger_duration_seconds_sum{node_type="a",status="error"} 9',
			'n8n_poll_trigger_duration_seconds_count{node_type="a",status="error"} 3',
		].join('\n');
		expect(histogram(text, 'n8n_poll_trigger_duration_seconds', 'status="success"')).toEqual({
			sum: 6,
			count: 3,
		});
	});
});
