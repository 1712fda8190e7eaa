/**
 * The action node through n8n's engine against a plain HTTP client making the same requests, side
 * by side in one run: Reservation Create for 1,000 items, and Reservation Get Many over 365 days
 * (also against the same windows fetched one after another, with network latency). The catalog
 * sync (./catalogSync) is a part of its own.
 */
import { splitIntoWindows } from '../nodes/shared/dateWindows';
import { startSandbox } from '../test/support/sandbox';
import { round, sideBySide } from './lib/measure';
import { floorNode } from './lib/floorNode';
import { builtNode, nodeRun } from './lib/node';
import { add } from './lib/report';
import { mapWithConcurrency } from '../nodes/shared/concurrency';

const CREATE_ITEMS = 1000;
const FROM = '2026-01-01T00:00:00';
const TO = '2027-01-01T00:00:00';
/** A plausible round trip to a hosted API; the concurrency gain is measured under it. */
const LATENCY_MS = 100;

export async function benchActionNode(runs: number): Promise<void> {
	const sandbox = await startSandbox({ quiet: true, reservations: 5000 });
	try {
		const node = nodeRun(
			builtNode(
				'nodes/RestaurantReservations/RestaurantReservations.node.js',
				'RestaurantReservations',
			),
			sandbox.url,
		);
		const floor = nodeRun(floorNode, sandbox.url);
		const headers = {
			authorization: 'Bearer sandbox-staff-token',
			'content-type': 'application/json',
		};
		const api = `${sandbox.url}/api/rsv/admin/restaurants/102/reservations`;
		const bodyOf = (i: number) => ({
			reservationTime: `2029-01-${String(1 + (i % 28)).padStart(2, '0')}T19:00:00`,
			groupSize: 2,
			customerName: `Bench ${i}`,
		});

		// n8n sends the requests of all items of a declarative node at once; so does the plain client.
		const inputItems = Array.from({ length: CREATE_ITEMS }, (_, i) => ({ i }));
		const timeAndName = {
			reservationTime:
				'={{ "2029-01-" + String(1 + $json.i % 28).padStart(2, "0") + "T19:00:00" }}',
			groupSize: 2,
			customerName: '={{ "Bench " + $json.i }}',
		};
		const createWithNode = () =>
			node(
				{
					resource: 'reservation',
					operation: 'create',
					restaurantId: { __rl: true, mode: 'id', value: '102' },
					...timeAndName,
				},
				inputItems,
			);
		const [nodeCreate, plainCreate] = await sideBySide(runs, createWithNode, () =>
			Promise.all(
				inputItems.map(async ({ i }) =>
					(await fetch(api, { method: 'POST', headers, body: JSON.stringify(bodyOf(i)) })).json(),
				),
			),
		);
		const createRatio = round(nodeCreate.medianMs / plainCreate.medianMs, 2);
		add({
			key: 'node.create',
			benchmark: 'action node',
			measure: `Reservation Create, ${CREATE_ITEMS} items: median ms`,
			value: nodeCreate.medianMs,
			floor: plainCreate.medianMs,
			ratio: createRatio,
			target: '<= 1.5 x plain client',
			met: createRatio <= 1.5,
		});
		// The same items through the smallest declarative node: n8n's own cost per item.
		const [nodeAgain, engineFloor] = await sideBySide(runs, createWithNode, () =>
			floor({ operation: 'create', ...timeAndName }, inputItems),
		);
		const ownRatio = round(nodeAgain.medianMs / engineFloor.medianMs, 2);
		add({
			key: 'node.create-vs-engine',
			benchmark: 'action node',
			measure: `Reservation Create, ${CREATE_ITEMS} items, vs a minimal declarative node: median ms`,
			value: nodeAgain.medianMs,
			floor: engineFloor.medianMs,
			ratio: ownRatio,
			target: 'our own cost (info)',
		});

		const windows = splitIntoWindows(FROM, TO);
		const fetchWindow = async (w: { from: string; to: string }) =>
			(await fetch(`${api}?from=${w.from}&to=${w.to}&includeEvents=true`, { headers })).json();
		const getMany = () =>
			node({
				resource: 'reservation',
				operation: 'getAll',
				restaurantId: { __rl: true, mode: 'id', value: '102' },
				from: FROM,
				to: TO,
				returnAll: true,
				filters: { includeEvents: true },
				simplify: false,
			});
		const [nodeList, plainList] = await sideBySide(runs, getMany, () =>
			mapWithConcurrency(windows, 4, fetchWindow),
		);
		const listRatio = round(nodeList.medianMs / plainList.medianMs, 2);
		add({
			key: 'node.get-many',
			benchmark: 'action node',
			measure: `Reservation Get Many, 365 days (${windows.length} windows): median ms`,
			value: nodeList.medianMs,
			floor: plainList.medianMs,
			ratio: listRatio,
			target: '<= 1.5 x plain client',
			met: listRatio <= 1.5,
		});

		// With a network latency, bounded concurrency pays: the node against the windows one by one.
		await sandbox.control('PUT', '/latency', { ms: LATENCY_MS });
		const [nodeSlow, sequential] = await sideBySide(runs, getMany, async () => {
			for (const w of windows) await fetchWindow(w);
		});
		const concurrencyRatio = round(nodeSlow.medianMs / sequential.medianMs, 2);
		add({
			key: 'node.get-many-latency',
			benchmark: 'action node',
			measure: `Get Many, 365 days, ${LATENCY_MS} ms latency: node vs sequential windows, median ms`,
			value: nodeSlow.medianMs,
			floor: sequential.medianMs,
			ratio: concurrencyRatio,
			target: '<= 0.5 x sequential',
			met: concurrencyRatio <= 0.5,
		});
	} finally {
		await sandbox.stop();
	}
}
