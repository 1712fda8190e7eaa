/**
 * The action node through n8n's engine against a plain HTTP client making the same requests, side
 * by side in one run: Reservation Create for 1,000 items, and Reservation Get Many over 365 days
 * (also against the same windows fetched one after another, with network latency). The catalog
 * sync (./catalogSync) is a part of its own. Measured on the Node that runs n8n (./lib/onN8nNode);
 * Create against the minimal declarative node also on this process's Node, for comparison.
 */
import { splitIntoWindows } from '../nodes/shared/dateWindows';
import { startSandbox } from '../test/support/sandbox';
import { round, sideBySide } from './lib/measure';
import { floorNode } from './lib/floorNode';
import { builtExport, builtNode, nodeRun } from './lib/node';
import { measureOnN8nNode, onN8nNode } from './lib/onN8nNode';
import { benchRestaurantDropdown } from './restaurantDropdown';
import { add } from './lib/report';
import { mapWithConcurrency } from '../nodes/shared/concurrency';

const CREATE_ITEMS = 1000;
const FROM = '2026-01-01T00:00:00';
const TO = '2027-01-01T00:00:00';
/** A plausible round trip to a hosted API; the concurrency gain is measured under it. */
const LATENCY_MS = 100;

/** The action node as published (dist/). */
const actionNode = () =>
	builtNode(
		'nodes/RestaurantReservations/RestaurantReservations.node.js',
		'RestaurantReservations',
	);

/** Reservation Create of CREATE_ITEMS items through the action node and through the floor node. */
function createRuns(url: string) {
	const node = nodeRun(actionNode(), url);
	const floor = nodeRun(floorNode, url);
	// n8n sends the requests of all items of a declarative node at once; so does the plain client.
	const inputItems = Array.from({ length: CREATE_ITEMS }, (_, i) => ({ i }));
	const timeAndName = {
		reservationTime: '={{ "2029-01-" + String(1 + $json.i % 28).padStart(2, "0") + "T19:00:00" }}',
		groupSize: 2,
		customerName: '={{ "Bench " + $json.i }}',
	};
	return {
		inputItems,
		node,
		withNode: () =>
			node(
				{
					resource: 'reservation',
					operation: 'create',
					restaurantId: { __rl: true, mode: 'id', value: '102' },
					...timeAndName,
				},
				inputItems,
			),
		withFloor: () => floor({ operation: 'create', ...timeAndName }, inputItems),
	};
}

const nodeVersion = () => `Node ${process.version.slice(1)}`;

export async function benchActionNode(runs: number): Promise<void> {
	if (onN8nNode()) return await measureActionNode(runs);
	await measureOnN8nNode('node', runs);
	await measureOwnCostHere(runs);
}

/** Create against the minimal declarative node on this process's Node (not n8n's): for comparison. */
async function measureOwnCostHere(runs: number): Promise<void> {
	const sandbox = await startSandbox({ quiet: true, reservations: 5000 });
	try {
		const create = createRuns(sandbox.url);
		const [node, floor] = await sideBySide(runs, create.withNode, create.withFloor);
		add({
			key: 'node.create-vs-engine-here',
			benchmark: 'action node',
			measure: `Reservation Create, ${CREATE_ITEMS} items, vs a minimal declarative node, on the bench's ${nodeVersion()} (n8n 2.x needs Node >= 24): median ms`,
			value: node.medianMs,
			floor: floor.medianMs,
			ratio: round(node.medianMs / floor.medianMs, 2),
			target: 'info',
		});
	} finally {
		await sandbox.stop();
	}
}

async function measureActionNode(runs: number): Promise<void> {
	const sandbox = await startSandbox({ quiet: true, reservations: 5000 });
	try {
		const create = createRuns(sandbox.url);
		const { node, inputItems } = create;
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

		const [nodeCreate, plainCreate] = await sideBySide(runs, create.withNode, () =>
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
		const [nodeAgain, engineFloor] = await sideBySide(runs, create.withNode, create.withFloor);
		const ownRatio = round(nodeAgain.medianMs / engineFloor.medianMs, 2);
		add({
			key: 'node.create-vs-engine',
			benchmark: 'action node',
			measure: `Reservation Create, ${CREATE_ITEMS} items, vs a minimal declarative node, on n8n's ${nodeVersion()}: median ms`,
			value: nodeAgain.medianMs,
			floor: engineFloor.medianMs,
			ratio: ownRatio,
			// n8n walks every top-level property per item: as the node declares them, and per operation.
			figures: {
				properties: actionNode().description.properties.length,
				declared: builtExport<unknown[]>(
					'nodes/RestaurantReservations/resources/index.js',
					'declaredProperties',
				).length,
			},
			target: '<= 1.3 x minimal declarative node',
			met: ownRatio <= 1.3,
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

		// The same windows through the smallest declarative node (one GET per input item): what
		// Get Many itself costs beyond n8n's declarative engine.
		const floor = nodeRun(floorNode, sandbox.url);
		const windowItems = windows.map((w) => ({ from: w.from, to: w.to }));
		const floorList = () =>
			floor(
				{
					operation: 'list',
					from: '={{ $json.from }}',
					to: '={{ $json.to }}',
					includeEvents: true,
				},
				windowItems,
			);
		const [listedByNode, listedByFloor] = [await getMany(), await floorList()];
		if (listedByNode.length !== listedByFloor.length)
			throw new Error(
				`Get Many listed ${listedByNode.length} reservations, the floor node ${listedByFloor.length}`,
			);
		const [nodeListAgain, engineList] = await sideBySide(runs, getMany, floorList);
		const listOwnRatio = round(nodeListAgain.medianMs / engineList.medianMs, 2);
		add({
			key: 'node.get-many-vs-engine',
			benchmark: 'action node',
			measure: `Reservation Get Many, 365 days (${windows.length} windows), vs a minimal declarative node listing the same windows, on n8n's ${nodeVersion()}: median ms`,
			value: nodeListAgain.medianMs,
			floor: engineList.medianMs,
			ratio: listOwnRatio,
			target: '<= 1.3 x minimal declarative node',
			met: listOwnRatio <= 1.3,
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
	await benchRestaurantDropdown(actionNode(), runs);
}
