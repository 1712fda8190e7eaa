/**
 * A long randomized run with a fixed seed: many polls of the trigger (through n8n-core's poll path,
 * static data carried over), random changes to reservations between them and random failures
 * injected into the polls. After every successful poll the emitted items must equal the true
 * changes since the previous poll that covered its restaurant (a fault fails one restaurant, whose
 * changes wait, while the others report: ./ledger), computed independently from full records read
 * with a plain client: zero lost, zero duplicated; a failed poll emits nothing and keeps the state.
 */
import type { IDataObject } from 'n8n-workflow';
import { SEEDED_TIME_ZONES, useSandbox } from '../support/sandbox';
import { advanced, Ledger, readReservations, restaurantOfKey } from './ledger';
import { cancelled, moved, seededChoices, type Booking } from './randomRun';
import { localDay, TRACKED_FIELDS, Trigger, type ChangeJson } from './support';

const ctx = useSandbox({ reservations: 150 });

const SEED = process.env.TRIGGER_SEED ?? 'restaurant-reservations-trigger-1';
const POLLS = 70;
const ZONES = SEEDED_TIME_ZONES;
const RESTAURANTS = [101, 102, 103];
const IGNORED = ['id', 'updatedAt', 'lastUpdatedBy', 'viewed', 'businessDate'];
const OPEN_STATES = ['pending', 'confirmed', 'arrived', 'seated', 'completed', 'noShow'];

type Reservation = Booking;

const { int, pick, chance } = seededChoices(SEED);

/** Test-made times stay 1 to 121 days ahead (inside the horizon, away from its edges) or at 200 (outside). */
const timeIn = (restaurantId: number, days: number) =>
	localDay(
		ZONES[restaurantId],
		days,
		`${String(int(12, 21)).padStart(2, '0')}:${pick(['00', '15', '30', '45'])}:00`,
	);
const insideHorizon = (r: Reservation) =>
	r.reservationTime < localDay(ZONES[r.restaurantId], 125, '00:00:00');
const safe = (r: Reservation) =>
	r.reservationTime > localDay(ZONES[r.restaurantId], 1, '00:00:00') && insideHorizon(r);

/** Every reservation of the three restaurants near the horizon, read with a plain client. */
const readTruth = () => readReservations<Reservation>(ctx, RESTAURANTS, ZONES, -3);

const rest = (r: Reservation) =>
	JSON.stringify(
		Object.keys(r)
			.sort()
			.filter((k) => !TRACKED_FIELDS.includes(k) && !IGNORED.includes(k))
			.map((k) => [k, r[k]]),
	);

/** The true change of one reservation between two successful polls, as the trigger must report it. */
function expectedChange(
	before: Reservation | undefined,
	after: Reservation | undefined,
): string | undefined {
	const wasWatched = before !== undefined && insideHorizon(before);
	if (!after || !insideHorizon(after)) return undefined; // left the horizon: pruned, no event
	if (!wasWatched) return `${after.id} reservationCreated`;
	const fields = TRACKED_FIELDS.filter(
		(f) => JSON.stringify(before[f] ?? null) !== JSON.stringify(after[f] ?? null),
	);
	const other = rest(before) !== rest(after);
	if (fields.length === 0 && !other) return undefined;
	const event =
		after.state === 'cancelled' && before.state !== 'cancelled'
			? 'reservationCancelled'
			: before.state !== after.state
				? 'reservationStateChanged'
				: 'reservationUpdated';
	return `${after.id} ${event} [${fields.join(',')}] other=${other}`;
}

function emitted(change: ChangeJson): string {
	if (change.event === 'reservationCreated') return `${change.reservationId} ${change.event}`;
	return `${change.reservationId} ${change.event} [${change.changedFields!.join(',')}] other=${change.otherFieldsChanged}`;
}

it(`emits exactly the true stream of changes over ${POLLS} polls with random changes and failures (seed ${SEED})`, async () => {
	const trigger = new Trigger(ctx, { restaurants: 'all', lookBackDays: 2, lookAheadDays: 130 });
	expect((await trigger.tick()).items).toBeNull();
	let lastGood = await readTruth();
	const live = new Map(lastGood);
	const touched = new Set<string>();
	const movedOut = new Set<string>();
	const ledger = new Ledger(ctx, trigger);
	let operations = 0;

	const openOnes = () => [...live.values()].filter((r) => r.state !== 'cancelled' && safe(r));
	const apply = (r: Reservation) => {
		live.set(r.id, r);
		touched.add(r.id);
		operations++;
	};

	for (let round = 0; round < POLLS; round++) {
		// Random changes since the previous poll.
		for (let n = int(0, 4); n > 0; n--) {
			const op = pick([
				'create',
				'create',
				'update',
				'update',
				'update',
				'state',
				'cancel',
				'undo',
				'moveOut',
				'moveBack',
				'other',
			]);
			if (op === 'create') {
				const restaurantId = pick(RESTAURANTS);
				const { body } = await ctx.call('createReservation', {
					path: { restaurantId },
					body: {
						reservationTime: timeIn(restaurantId, int(1, 120)),
						groupSize: int(1, 6),
						customerName: `Random ${round}`,
					},
				});
				apply(body);
				continue;
			}
			if (op === 'moveBack') {
				const id = pick([...movedOut]);
				if (!id) continue;
				const r = live.get(id)!;
				apply(await moved(ctx, r, timeIn(r.restaurantId, int(1, 120))));
				movedOut.delete(id);
				continue;
			}
			const candidates = openOnes();
			if (candidates.length === 0) continue;
			const r = pick(candidates);
			const path = { restaurantId: r.restaurantId, reservationId: r.id };
			let body: IDataObject = {};
			if (op === 'cancel') {
				apply(await cancelled(ctx, r));
				continue;
			}
			if (op === 'update') {
				if (chance(0.5)) body.reservationTime = timeIn(r.restaurantId, int(1, 120));
				if (chance(0.4)) body.groupSize = int(1, 7);
				if (chance(0.3)) body.tableNumber = pick(['1', '2', 'T1', 'B1', '12']);
				if (chance(0.3)) body.customerName = `Guest ${int(1, 999)}`;
				if (chance(0.2)) body.phone = `+49 170 ${int(1000000, 9999999)}`;
				if (chance(0.2)) body.email = `guest${int(1, 999)}@example.com`;
				if (chance(0.2)) body.specialRequests = pick(['Window', 'Quiet, please | 100%', null]);
			}
			if (op === 'state') body.state = pick(OPEN_STATES.filter((s) => s !== r.state));
			if (op === 'moveOut') {
				body.reservationTime = timeIn(r.restaurantId, 200);
				movedOut.add(r.id);
			}
			if (op === 'other') body.internalNotes = `note ${int(1, 999)}`;
			if (op === 'undo') {
				// A change made and undone between two polls is no change.
				await ctx.call('updateReservation', {
					path,
					body: { groupSize: (r.groupSize as number) + 1 },
				});
				body.groupSize = r.groupSize;
			}
			const response = await ctx.call('updateReservation', { path, body });
			expect(response.status).toBe(200);
			apply(response.body);
		}

		// Sometimes a failure somewhere in the poll.
		let fault: IDataObject | undefined;
		if (chance(0.35)) {
			const after = int(0, 9);
			fault = pick<IDataObject>([
				{ status: 500, count: 1, after },
				{ status: 503, count: int(1, 3), after },
				{ status: 429, count: 1, after, retryAfterSeconds: 3600 },
				{ status: 500, count: 1, pathContains: '/reservations/rsv-' },
				...(chance(0.3) ? [{ status: 429, count: 1, after, retryAfterSeconds: 1 }] : []),
			]);
		}
		const result = await ledger.poll(fault);
		if (!result) continue;

		const truth = await readTruth();
		const expected = [...touched]
			.map((id) => expectedChange(lastGood.get(id), truth.get(id)))
			.filter((x): x is string => x !== undefined);
		const covered = ledger.judge(round, result.changes.map(emitted), expected);
		// Reported values are the true previous and current ones.
		for (const change of result.changes) {
			for (const [field, { previous, current }] of Object.entries(change.changes ?? {})) {
				expect(current).toEqual(truth.get(change.reservationId)![field] ?? null);
				if (previous !== undefined)
					expect(previous).toEqual(lastGood.get(change.reservationId)![field] ?? null);
			}
		}
		// The state is what was watched when each restaurant was last covered, and stays compact.
		lastGood = advanced(lastGood, truth, covered);
		const state = trigger.state as { r: Record<string, { s: string; f: string; t: string }> };
		const tracked = Object.values(state.r).reduce(
			(n, r) => n + (r.s === '' ? 0 : r.s.split('|').length),
			0,
		);
		const watched = [...lastGood.values()].filter((r) => {
			const { f, t } = state.r[String(r.restaurantId)];
			return r.reservationTime >= f && r.reservationTime < t;
		}).length;
		expect(tracked).toBe(watched);
		// The records: at most 40 bytes a tracked reservation. The description of what they hold is
		// stored once per state, whatever the number of reservations (329 bytes: 4 a reservation of
		// these 80 or so, 0.06 of the 6,000 of test/trigger/size.test.ts).
		const { l: description, ...records } = state as IDataObject;
		expect(JSON.stringify(records).length / tracked).toBeLessThanOrEqual(40);
		expect(JSON.stringify(description).length).toBeLessThanOrEqual(330);
		for (const id of touched) if (covered.has(restaurantOfKey(id))) touched.delete(id);
	}

	ledger.close(50);
	console.log(`randomized trigger run: ${JSON.stringify({ ...ledger.totals, operations })}`);
}, 120_000);
