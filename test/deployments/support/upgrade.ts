/**
 * Updating the package in place, as users do (Settings › Community Nodes › Update, or
 * N8N_COMMUNITY_PACKAGES at start: n8n replaces the package's files and restarts; the workflows stay
 * active and keep their static data). The previous release, 0.1.0 (the tarball in ../fixtures), is
 * installed into n8n's user folders the way n8n installs a community package, with two of its
 * triggers active on one restaurant: Watch: Reservations (the four change events and Reminder Due)
 * and Watch: Products. It takes its baseline and reports one round of changes; then n8n is stopped
 * (SIGTERM, waited for), the package is replaced by this tree's, changes are made while n8n is down,
 * and n8n starts again on the same user folders and database. The new release reads what 0.1.0
 * stored: each change made while n8n was down must come once, with its values, and nothing 0.1.0
 * reported may come again.
 *
 * The sandbox seeds no reservations for it (`reservations: 0`): every booking the triggers see is
 * the test's own, so the items are compared with a complete list of what must come.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import { DateTime } from 'luxon';
import {
	createWithSandboxCredential,
	installPackedPackage,
	N8nRest,
	nodesFolder,
	PACKAGE_NAME,
	REPO_ROOT,
	TRIGGER_NODE_TYPE,
	type Deployment,
	type RunningSandbox,
} from '../../../scripts/n8n';
import { prepareIn } from './prepare';
import { apiClient, type ApiCall } from '../../support/client';
import { SEEDED_TIME_ZONES } from '../../support/sandbox';
import { printLine } from './print';
import { startQueueDeployment, startWithOwner, WorkerStarts, type Prepare } from './queueMode';
import { startSink, type Sink } from './sink';
import { chaosWorkflow } from './workflow';

/** The release users have, kept as it was packed (../fixtures/*.txt says how). */
export const OLD_RELEASE = {
	commit: 'ec45e26',
	tarball: path.join(
		REPO_ROOT,
		'test/deployments/fixtures/n8n-nodes-restaurant-reservations-0.1.0.tgz',
	),
};

export type UpgradeKind = 'default' | 'queue';

const BOOKINGS_WORKFLOW_ID = 'RrUpgradeBookings1';
const PRODUCTS_WORKFLOW_ID = 'RrUpgradeProducts1';
const REMINDER_MINUTES = 30;
/**
 * The reminder booked while 0.1.0 runs falls due at least this long after it is booked: time for
 * 0.1.0's next poll to report the booking and for n8n to stop before it is due.
 */
const REMINDER_LEAD_MS = 40_000;
const ITEMS_WAIT_MS = 120_000;
/** Polls watched after every expected item came, in which a duplicate would come. */
const POLLS_AFTER = 2;
const LOCAL = "yyyy-LL-dd'T'HH:mm:ss";

type Json = Record<string, unknown>;

const cents = (amount: number) => Math.round(amount * 100) / 100;

/** One item that must come: its event and record, and the fields it must carry (see `holds`). */
interface ExpectedItem {
	key: string;
	what: string;
	item: Json;
}

const recordId = (json: Json) => String(json.reservationId ?? json.productId);
const keyOf = (json: Json) => `${String(json.event)}/${recordId(json)}`;

function expected(what: string, item: Json): ExpectedItem {
	return { key: keyOf(item), what, item };
}

/** Whether `actual` holds every field of `partial` (objects field by field, arrays and values exactly). */
function holds(actual: unknown, partial: unknown): boolean {
	if (partial && typeof partial === 'object' && !Array.isArray(partial))
		return (
			!!actual &&
			typeof actual === 'object' &&
			Object.entries(partial).every(([k, v]) => holds((actual as Json)[k], v))
		);
	return isDeepStrictEqual(actual, partial);
}

interface UpgradeLedger {
	expected: number;
	reported: number;
	lost: string[];
	duplicated: string[];
	wrong: string[];
}

/** Each expected item once, with its fields; anything else is wrong. */
function compareItems(expectedItems: ExpectedItem[], items: Json[]): UpgradeLedger {
	const ledger: UpgradeLedger = {
		expected: expectedItems.length,
		reported: items.length,
		lost: [],
		duplicated: [],
		wrong: [],
	};
	const keys = new Set(expectedItems.map((e) => e.key));
	for (const { key, what, item } of expectedItems) {
		const got = items.filter((json) => keyOf(json) === key);
		if (got.length === 0) ledger.lost.push(`${key}: ${what}`);
		else if (!holds(got[0], item))
			ledger.wrong.push(`${key}: ${what}, got ${JSON.stringify(got[0])}`);
		for (const extra of got.slice(1)) ledger.duplicated.push(`${keyOf(extra)}: ${what}`);
	}
	for (const json of items)
		if (!keys.has(keyOf(json))) ledger.wrong.push(`${keyOf(json)}: nothing of the kind happened`);
	return ledger;
}

export interface UpgradeResult {
	kind: UpgradeKind;
	restaurantId: number;
	/** The version in the package.json of each tarball. */
	versions: { old: string; new: string };
	/** The Watch options n8n served for the trigger before and after the update (POST /rest/node-types). */
	watchOptions: { before: string[]; after: string[] };
	/** The files of the package folder in each user folder after the update, and the new tarball's. */
	installedFiles: string[][];
	tarballFiles: string[];
	/** The version each user folder's package.json says after the update. */
	installedVersions: string[];
	/** What 0.1.0 reported, and what came after the update, each against what must come. */
	before: { items: Json[]; ledger: UpgradeLedger };
	after: { items: Json[]; ledger: UpgradeLedger };
	/** Items after the update that repeat one 0.1.0 reported (its event, record and values). */
	again: Json[];
	/** Queue mode: the executions of the items after the update, and how many a worker started. */
	executions: { count: number; onWorkers: number };
	/** When n8n was stopped, when the reminder fell due and when n8n was started again, epoch ms. */
	timing: { stopped: number; due: number; started: number };
	/** Where the time went: each step and its milliseconds. */
	phases: Array<[string, number]>;
	seconds: number;
}

/** The names in the package folder, recursively, without the manifest (n8n's install rewrites it) and node_modules. */
function packageFiles(folder: string): string[] {
	return (fs.readdirSync(folder, { recursive: true, withFileTypes: true }) as fs.Dirent[])
		.filter((entry) => entry.isFile())
		.map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
		.filter((file) => file !== 'package.json' && !file.startsWith('node_modules'))
		.sort();
}

function tarballFiles(tarball: string): string[] {
	return execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
		.split('\n')
		.filter((line) => line && !line.endsWith('/'))
		.map((line) => line.replace(/^package\//, ''))
		.filter((file) => file !== 'package.json')
		.sort();
}

function tarballVersion(tarball: string): string {
	const manifest = execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], {
		encoding: 'utf8',
	});
	return String((JSON.parse(manifest) as { version: string }).version);
}

export function sha256Of(file: string): string {
	return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

/** The trigger's Watch options as the running n8n serves its description to the editor. */
async function watchOptions(rest: N8nRest): Promise<string[]> {
	const [description] = await rest.request<
		Array<{ properties: Array<{ name: string; options?: Array<{ value: string }> }> }>
	>('POST', '/node-types', { nodeInfos: [{ name: TRIGGER_NODE_TYPE, version: 1 }] });
	const watch = description.properties.find((p) => p.name === 'watch');
	return (watch?.options ?? []).map((o) => o.value).sort();
}

const userFolders = (deployment: Deployment) => [
	deployment.main.userFolder,
	...deployment.workers.map((worker) => worker.userFolder),
];

/** The API requests of the restaurant's `what` (reservations, products) answered 200 since `since`. */
async function requestsSince(
	sandbox: RunningSandbox,
	restaurantId: number,
	what: 'reservations' | 'products',
	since: number,
): Promise<number> {
	const log = (await (await sandbox.control('GET', '/requests?times=true')).json()) as {
		requests: Array<{ url: string; status: number; at: number }>;
	};
	const list = new RegExp(`/restaurants/${restaurantId}/${what}\\?`);
	return log.requests.filter((r) => r.at >= since && r.status === 200 && list.test(r.url)).length;
}

/** Waits until both triggers listed the restaurant `count` times since `since` (the sandbox's log is shared: never cleared here). */
async function waitForPolls(
	sandbox: RunningSandbox,
	restaurantId: number,
	count: number,
	since: number,
): Promise<void> {
	const deadline = Date.now() + ITEMS_WAIT_MS;
	for (;;) {
		const [bookings, products] = await Promise.all([
			requestsSince(sandbox, restaurantId, 'reservations', since),
			requestsSince(sandbox, restaurantId, 'products', since),
		]);
		if (bookings >= count && products >= count) return;
		if (Date.now() > deadline)
			throw new Error(
				`restaurant ${restaurantId}: ${count} polls did not come within ${ITEMS_WAIT_MS / 1000} s`,
			);
		await sleep(250);
	}
}

/** Waits until the sink holds an item of every expected key after `from`; returns the ones still missing. */
async function waitForItems(
	sink: Sink,
	from: number,
	items: ExpectedItem[],
): Promise<ExpectedItem[]> {
	const deadline = Date.now() + ITEMS_WAIT_MS;
	const missing = () => {
		const seen = new Set(sink.received.slice(from).map((r) => keyOf(r.json)));
		return items.filter((e) => !seen.has(e.key));
	};
	while (missing().length > 0 && Date.now() < deadline) await sleep(250);
	return missing();
}

/** The two workflows a 0.1.0 user built: every reservation change and a 30-minute reminder; every product change. */
function workflows(sinkUrl: string, restaurantId: number): Json[] {
	const restaurant = {
		restaurants: 'one',
		restaurantId: { __rl: true, mode: 'id', value: String(restaurantId) },
	};
	const bookings = chaosWorkflow(
		sinkUrl,
		{
			...restaurant,
			events: [
				'reservationCreated',
				'reservationUpdated',
				'reservationCancelled',
				'reservationStateChanged',
				'reminderDue',
			],
			reminderOffsets: { offset: [{ amount: REMINDER_MINUTES, unit: 'minutes' }] },
			lookBackDays: 1,
			lookAheadDays: 14,
		},
		BOOKINGS_WORKFLOW_ID,
	);
	const products = chaosWorkflow(
		sinkUrl,
		{
			...restaurant,
			watch: 'products',
			events: undefined,
			productEvents: ['productCreated', 'productUpdated', 'productDeleted'],
			lookBackDays: undefined,
			lookAheadDays: undefined,
		},
		PRODUCTS_WORKFLOW_ID,
	) as Json & { nodes: Json[] };
	products.name = 'Upgrade: every product change to the sink';
	products.nodes[0].id = 'c0a1b2c3-0000-4000-8000-000000000021';
	products.nodes[1].id = 'c0a1b2c3-0000-4000-8000-000000000022';
	return [bookings, products];
}

interface Running {
	deployment: Deployment;
	rest: N8nRest;
	starts: WorkerStarts;
	stop(): Promise<void>;
}

/** The deployment with 0.1.0 installed in every user folder, n8n started, the owner set up, the credential and workflows created. */
async function startWithOldRelease(
	kind: UpgradeKind,
	work: string,
	prepare: Prepare,
): Promise<Running> {
	if (kind === 'queue')
		return await startQueueDeployment(work, prepare, { tarball: OLD_RELEASE.tarball });
	fs.rmSync(work, { recursive: true, force: true });
	fs.mkdirSync(work, { recursive: true });
	const logFile = fs.createWriteStream(path.join(work, 'run.log'));
	const deployment = await prepareIn(work, {
		kind,
		tarball: OLD_RELEASE.tarball,
		log: (line) => logFile.write(`${line}\n`),
	});
	const stop = async () => {
		await deployment.stop();
		logFile.end();
	};
	const rest = await startWithOwner(deployment, prepare, stop);
	return { deployment, rest, starts: new WorkerStarts(), stop };
}

/** Stops n8n as an update does: the main first (no more polls), then the workers, each with SIGTERM, waited for. */
async function stopN8n(deployment: Deployment): Promise<void> {
	await deployment.stopMain('graceful');
	await Promise.all(deployment.workers.map((_, i) => deployment.stopWorker(i, 'graceful')));
}

class Bookings {
	private readonly zone: string;

	constructor(
		private readonly api: ApiCall,
		private readonly restaurantId: number,
	) {
		this.zone = SEEDED_TIME_ZONES[restaurantId];
	}

	/** Restaurant-local `HH:mm` on the day `days` from today. */
	at(days: number, hour: number, minute = 0): string {
		return DateTime.now()
			.setZone(this.zone)
			.startOf('day')
			.plus({ days })
			.set({ hour, minute })
			.toFormat(LOCAL);
	}

	local(epochMs: number): string {
		return DateTime.fromMillis(epochMs).setZone(this.zone).toFormat(LOCAL);
	}

	async book(reservationTime: string, customerName: string, tableNumber?: string): Promise<string> {
		const created = await this.api('createReservation', {
			path: { restaurantId: this.restaurantId },
			body: { reservationTime, groupSize: 2, customerName, state: 'confirmed', tableNumber },
		});
		if (created.status !== 201)
			throw new Error(`booking failed: ${created.status} ${created.text}`);
		return String((created.body as { id: string }).id);
	}

	async update(reservationId: string, body: Json): Promise<void> {
		const updated = await this.api('updateReservation', {
			path: { restaurantId: this.restaurantId, reservationId },
			body,
		});
		if (updated.status !== 200) throw new Error(`update failed: ${updated.status} ${updated.text}`);
	}

	async cancel(reservationId: string): Promise<void> {
		const cancelled = await this.api('cancelReservation', {
			path: { restaurantId: this.restaurantId, reservationId },
			body: { note: 'upgrade test', doNotChargeFee: true },
		});
		if (cancelled.status !== 200)
			throw new Error(`cancel failed: ${cancelled.status} ${cancelled.text}`);
	}
}

class Products {
	constructor(
		private readonly api: ApiCall,
		private readonly restaurantId: number,
	) {}

	async firstTwo(): Promise<Array<{ id: string; name: string; price: number }>> {
		const page = await this.api('listProducts', {
			path: { restaurantId: this.restaurantId },
			query: { skip: 0, take: 2 },
		});
		return (page.body as { items: Array<{ id: string; name: string; price: number }> }).items;
	}

	async reprice(productId: string, price: number): Promise<void> {
		const updated = await this.api('updateProduct', {
			path: { restaurantId: this.restaurantId, productId },
			body: { price },
		});
		if (updated.status !== 200)
			throw new Error(`reprice failed: ${updated.status} ${updated.text}`);
	}

	async create(name: string, price: number): Promise<string> {
		const created = await this.api('createProduct', {
			path: { restaurantId: this.restaurantId },
			body: { name, price },
		});
		if (created.status !== 201)
			throw new Error(`product create failed: ${created.status} ${created.text}`);
		return String((created.body as { id: string }).id);
	}

	async delete(productId: string): Promise<void> {
		const deleted = await this.api('deleteProduct', {
			path: { restaurantId: this.restaurantId, productId },
		});
		if (deleted.status !== 200)
			throw new Error(`product delete failed: ${deleted.status} ${deleted.text}`);
	}
}

/**
 * The whole update in one deployment of `kind`, on `restaurantId` of the shared sandbox (another
 * run may use another restaurant of it at the same time); stops everything it started.
 */
export async function runUpgrade(
	kind: UpgradeKind,
	sandbox: RunningSandbox,
	restaurantId: number,
	newTarball: string,
): Promise<UpgradeResult> {
	const started = Date.now();
	const phases: Array<[string, number]> = [];
	let last = started;
	const phase = (what: string) => {
		phases.push([what, Date.now() - last]);
		last = Date.now();
	};
	const work = path.join(REPO_ROOT, '.tmp', 'deployments', `upgrade-${kind}`);
	const api = apiClient(sandbox.url);
	const bookings = new Bookings(api, restaurantId);
	const catalog = new Products(api, restaurantId);
	const sink = await startSink();
	let running: Running | undefined;
	try {
		// The bookings 0.1.0's baseline holds, days ahead (no reminder of theirs falls due).
		const resized = await bookings.book(bookings.at(3, 19), 'Resized Twice');
		const moved = await bookings.book(bookings.at(4, 19), 'Moved While Down');
		const retabled = await bookings.book(bookings.at(5, 19, 30), 'Retabled While Down', 'T4');
		const cancelled = await bookings.book(bookings.at(6, 20), 'Cancelled While Down');
		const seated = await bookings.book(bookings.at(2, 12), 'Seated While Down');
		const [repriced, deleted] = await catalog.firstTwo();

		running = await startWithOldRelease(kind, work, (_, rest) =>
			createWithSandboxCredential(rest, sandbox.url, workflows(sink.url, restaurantId)),
		);
		const { deployment, rest, starts } = running;
		phase('n8n with 0.1.0 up');
		const watchBefore = await watchOptions(rest);
		const activated = Date.now();
		await rest.activate(BOOKINGS_WORKFLOW_ID);
		await rest.activate(PRODUCTS_WORKFLOW_ID);
		await waitForPolls(sandbox, restaurantId, 1, activated);
		await sleep(1000);
		phase('baseline');

		// 0.1.0 reports these: a booking resized, one made whose reminder falls due once n8n is down, a product repriced.
		await bookings.update(resized, { groupSize: 3 });
		const due = Math.ceil((Date.now() + REMINDER_LEAD_MS) / 60_000) * 60_000;
		const reminded = await bookings.book(
			bookings.local(due + REMINDER_MINUTES * 60_000),
			'Reminded While Down',
		);
		const prices = [repriced.price, cents(repriced.price + 1.25), cents(repriced.price + 2.5)];
		await catalog.reprice(repriced.id, prices[1]);
		const expectedBefore = [
			expected('resized 2 -> 3', {
				event: 'reservationUpdated',
				reservationId: resized,
				changedFields: ['groupSize'],
				changes: { groupSize: { previous: 2, current: 3 } },
			}),
			expected('booked', { event: 'reservationCreated', reservationId: reminded }),
			expected(`repriced ${prices[0]} -> ${prices[1]}`, {
				event: 'productUpdated',
				productId: repriced.id,
				changes: { price: { previous: prices[0], current: prices[1] } },
			}),
		];
		const notReported = await waitForItems(sink, 0, expectedBefore);
		if (notReported.length > 0)
			throw new Error(
				`0.1.0 did not report ${notReported.map((e) => `${e.key} (${e.what})`).join(', ')}; it reported ${JSON.stringify(sink.received)}`,
			);
		phase("0.1.0's report");
		await stopN8n(deployment);
		const stopped = Date.now();
		phase('stop');
		const before = sink.received.map((r) => r.json);
		if (stopped >= due)
			throw new Error(
				`timing: n8n stopped ${(stopped - due) / 1000} s after the reminder fell due; raise REMINDER_LEAD_MS`,
			);

		// The update: this tree's package over 0.1.0 in every user folder (workers load nodes from their own).
		await Promise.all(
			userFolders(deployment).map((folder) => installPackedPackage(newTarball, folder)),
		);
		phase('package replaced');
		const packageFolders = userFolders(deployment).map((folder) =>
			path.join(nodesFolder(folder), 'node_modules', PACKAGE_NAME),
		);

		// While n8n is down.
		await bookings.update(resized, { groupSize: 4 });
		const newTime = bookings.at(4, 20, 30);
		await bookings.update(moved, { reservationTime: newTime });
		await bookings.update(retabled, { tableNumber: 'T9' });
		await bookings.cancel(cancelled);
		await bookings.update(seated, { state: 'seated' });
		const createdTime = bookings.at(7, 19);
		const created = await bookings.book(createdTime, 'Booked While Down');
		await catalog.reprice(repriced.id, prices[2]);
		await catalog.delete(deleted.id);
		const soup = await catalog.create('Upgrade Soup', 6.5);
		const expectedAfter = [
			expected('resized 3 -> 4 (3: what 0.1.0 stored)', {
				event: 'reservationUpdated',
				reservationId: resized,
				changedFields: ['groupSize'],
				changes: { groupSize: { previous: 3, current: 4 } },
				stateRole: 'booked',
			}),
			expected(`moved to ${newTime}`, {
				event: 'reservationUpdated',
				reservationId: moved,
				changedFields: ['reservationTime'],
				changes: { reservationTime: { previous: bookings.at(4, 19), current: newTime } },
				stateRole: 'booked',
			}),
			expected('table T4 -> T9', {
				event: 'reservationUpdated',
				reservationId: retabled,
				changedFields: ['tableNumber'],
				changes: { tableNumber: { previous: 'T4', current: 'T9' } },
				stateRole: 'booked',
			}),
			expected('cancelled', {
				event: 'reservationCancelled',
				reservationId: cancelled,
				previousState: 'confirmed',
				newState: 'cancelled',
				stateRole: 'cancelled',
			}),
			expected('seated', {
				event: 'reservationStateChanged',
				reservationId: seated,
				previousState: 'confirmed',
				newState: 'seated',
				changedFields: ['state'],
				stateRole: 'arrived',
				previousStateRole: 'booked',
			}),
			expected(`booked for ${createdTime}`, {
				event: 'reservationCreated',
				reservationId: created,
				stateRole: 'booked',
				reservation: { reservationTime: createdTime, customerName: 'Booked While Down' },
			}),
			expected(`reminder due at ${bookings.local(due)}`, {
				event: 'reminderDue',
				reservationId: reminded,
				dueAt: bookings.local(due),
				timeZone: SEEDED_TIME_ZONES[restaurantId],
				offset: { minutes: REMINDER_MINUTES },
				rescheduled: false,
				stateRole: 'booked',
			}),
			expected(`repriced ${prices[1]} -> ${prices[2]} (${prices[1]}: what 0.1.0 stored)`, {
				event: 'productUpdated',
				productId: repriced.id,
				changedFields: ['price'],
				changes: { price: { previous: prices[1], current: prices[2] } },
			}),
			expected(`deleted ${deleted.name}`, {
				event: 'productDeleted',
				productId: deleted.id,
				product: { id: deleted.id, name: deleted.name, price: deleted.price },
			}),
			expected('created Upgrade Soup', {
				event: 'productCreated',
				productId: soup,
				product: { name: 'Upgrade Soup', price: 6.5 },
			}),
		];

		// The reminder falls due while n8n is down, then n8n starts on the same folders and database.
		phase('changes');
		await sleep(Math.max(0, due + 1000 - Date.now()));
		phase('until the reminder is due');
		const restarted = Date.now();
		await deployment.start();
		await rest.login();
		phase('restart');
		const watchAfter = await watchOptions(rest);
		await waitForItems(sink, before.length, expectedAfter);
		phase('reported');
		await waitForPolls(sandbox, restaurantId, POLLS_AFTER, Date.now());
		await sleep(2000);
		phase(`${POLLS_AFTER} more polls`);
		const after = sink.received.slice(before.length);
		const afterItems = after.map((r) => r.json);
		const executionIds = new Set(after.map((r) => String(r.executionId)));
		return {
			kind,
			restaurantId,
			versions: { old: tarballVersion(OLD_RELEASE.tarball), new: tarballVersion(newTarball) },
			watchOptions: { before: watchBefore, after: watchAfter },
			installedFiles: packageFolders.map(packageFiles),
			tarballFiles: tarballFiles(newTarball),
			installedVersions: packageFolders.map(
				(folder) =>
					(
						JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as {
							version: string;
						}
					).version,
			),
			before: { items: before, ledger: compareItems(expectedBefore, before) },
			after: { items: afterItems, ledger: compareItems(expectedAfter, afterItems) },
			again: afterItems.filter((json) =>
				expectedBefore.some((e) => e.key === keyOf(json) && holds(json, e.item)),
			),
			executions: {
				count: executionIds.size,
				onWorkers: [...executionIds].filter((id) => starts.of(id).length > 0).length,
			},
			timing: { stopped, due, started: restarted },
			phases,
			seconds: Math.round((Date.now() - started) / 1000),
		};
	} finally {
		await running?.stop();
		await sink.close();
	}
}

const ledgerText = (ledger: UpgradeLedger) =>
	`${ledger.expected} expected, ${ledger.reported} reported, ${ledger.lost.length} lost, ${ledger.duplicated.length} duplicated, ${ledger.wrong.length} wrong`;

/** The result's lines: what 0.1.0 reported, what came after the update, and why not when something is off. */
export function printUpgrade(result: UpgradeResult): void {
	const { before, after, timing, versions } = result;
	const seconds = (ms: number) => (ms / 1000).toFixed(1);
	printLine(
		`upgrade ${result.kind}: ${versions.old} (${OLD_RELEASE.commit}) -> this tree (package.json ${versions.new}) in place; ` +
			`before the update 0.1.0 reported: ${ledgerText(before.ledger)}; ` +
			`changes made while n8n was down: ${ledgerText(after.ledger)}, ${result.again.length} reported again from before the update ` +
			`(n8n down ${seconds(timing.started - timing.stopped)} s, the reminder due ${seconds(timing.due - timing.stopped)} s into it` +
			`${result.kind === 'queue' ? `; ${result.executions.onWorkers} of ${result.executions.count} executions after it on workers` : ''}; ${result.seconds} s)`,
	);
	printLine(
		`  ${result.kind} phases: ${result.phases.map(([what, ms]) => `${what} ${seconds(ms)} s`).join(', ')}`,
	);
	for (const what of [...before.ledger.lost, ...before.ledger.duplicated, ...before.ledger.wrong])
		printLine(`  before the update: ${what}`);
	for (const what of [...after.ledger.lost, ...after.ledger.duplicated, ...after.ledger.wrong])
		printLine(`  after the update: ${what}`);
	for (const json of result.again) printLine(`  reported again: ${keyOf(json)}`);
}
