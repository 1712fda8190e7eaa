/**
 * Check Booking Rules First across queue-mode workers (issue 23): six executions of a Create with
 * the check on, started at once for the last two places of a slot, run on the two workers of a
 * queue deployment (PostgreSQL, Redis, one main, two workers). No lock inside one process could
 * keep them apart; the node's read-back after writing must. The sandbox delays every answer so
 * that the checks before sending all read the slot before any booking is made.
 */
import path from 'node:path';
import { NodeConnectionTypes } from 'n8n-workflow';
import {
	createWithSandboxCredential,
	REPO_ROOT,
	SANDBOX_CREDENTIAL,
	startSandbox,
	type RunningSandbox,
} from '../../scripts/n8n';
import { executionFromRest } from '../e2e/support/environment';
import { apiClient, type ApiCall } from '../support/client';
import { freeSlotAt } from '../support/sandbox';
import { isChosen } from './support/chosen';
import { startQueueDeployment, type QueueDeployment } from './support/queueMode';

const WORKFLOW_ID = 'RrOverbookQueue1';
const MANUAL_TRIGGER = 'Manual';
const NODE = 'Book a table';
/** Restaurant 101's published limit of bookings per slot (sandbox/seed/restaurants.ts). */
const MAX_BOOKINGS = 6;
const PLACES = 2;
const CALLERS = 6;

/** Manual trigger, then Create with the check on, for `time`. */
function bookingWorkflow(time: string) {
	return {
		id: WORKFLOW_ID,
		name: 'Book the last places (queue mode)',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: 'manual',
				name: MANUAL_TRIGGER,
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'book',
				name: NODE,
				type: 'n8n-nodes-restaurant-reservations.restaurantReservations',
				typeVersion: 1,
				position: [220, 0],
				parameters: {
					resource: 'reservation',
					operation: 'create',
					restaurantId: { __rl: true, mode: 'id', value: '101' },
					reservationTime: time,
					groupSize: 2,
					customerName: '={{ "Queue caller " + $execution.id }}',
					checkBookingRules: true,
				},
				credentials: { restaurantReservationsApi: { ...SANDBOX_CREDENTIAL } },
			},
		],
		connections: {
			[MANUAL_TRIGGER]: {
				main: [[{ node: NODE, type: NodeConnectionTypes.Main, index: 0 }]],
			},
		},
	};
}

(isChosen('queue') ? describe : describe.skip)('no overbooking across queue-mode workers', () => {
	let sandbox: RunningSandbox;
	let api: ApiCall;
	let queue: QueueDeployment;
	let time: string;

	beforeAll(async () => {
		const work = path.join(REPO_ROOT, '.tmp', 'deployments', 'queue-overbooking');
		sandbox = await startSandbox({ port: 0, quiet: true });
		api = apiClient(sandbox.url);
		time = await freeSlotAt({ sandbox, call: api }, 101, 12, '19:00:00');
		queue = await startQueueDeployment(
			work,
			(_, rest) => createWithSandboxCredential(rest, sandbox.url, [bookingWorkflow(time)]),
			// Two jobs at a time per worker: six executions at once must use both workers.
			{ extraEnv: { N8N_CONCURRENCY_PRODUCTION_LIMIT: '2' } },
		);
	}, 300_000);

	afterAll(async () => {
		await queue?.stop();
		await sandbox?.process.stop();
	});

	it(`${CALLERS} executions at once for the last ${PLACES} places, on both workers: ${PLACES} booked`, async () => {
		for (let i = 0; i < MAX_BOOKINGS - PLACES; i++)
			await api('createReservation', {
				body: { reservationTime: time, groupSize: 2, customerName: `Earlier ${i}` },
			});
		await sandbox.control('PUT', '/latency', { ms: 400 });
		const executionIds = await Promise.all(
			Array.from({ length: CALLERS }, () => queue.rest.runManually(WORKFLOW_ID, MANUAL_TRIGGER)),
		);
		const executions = await Promise.all(
			executionIds.map(async (id) => executionFromRest(await queue.rest.finishedExecution(id))),
		);
		await sandbox.control('PUT', '/latency', { ms: 0 });

		const workers = new Set(executionIds.flatMap((id) => queue.starts.of(id).map((s) => s.worker)));
		expect(workers.size).toBe(2);
		const refused = executions.filter((e) => e.status !== 'success');
		expect(executions.length - refused.length).toBe(PLACES);
		for (const execution of refused) {
			expect(execution.error?.message).toBe(
				`${time.slice(0, 16).replace('T', ' ')} is fully booked.`,
			);
			expect(execution.error?.description).toContain('(rule slot_fully_booked)');
		}
		const slot = (
			await api('listReservations', {
				query: { from: time, to: `${time.slice(0, 14)}59:00`, includeEvents: true },
			})
		).body as Array<{ reservationTime: string; state: string }>;
		const holding = slot.filter((r) => r.reservationTime === time && r.state !== 'cancelled');
		expect(holding).toHaveLength(MAX_BOOKINGS);
		process.stdout.write(
			`queue mode, ${CALLERS} callers for ${PLACES} places on workers ${[...workers].map((w) => w + 1).join(' and ')}: ${executions.length - refused.length} booked, ${refused.length} refused, slot at ${holding.length} of ${MAX_BOOKINGS}\n`,
		);
	}, 180_000);
});
