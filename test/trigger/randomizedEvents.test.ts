/**
 * The Events watch over a long randomized run with a fixed seed, like ./randomized.test.ts: many
 * polls of every restaurant's events, random creations, copies, updates (name, dates, description,
 * tickets, reservation settings, schedule), publications, deletions and undone changes between
 * them, random failures injected into the polls. After every successful poll the emitted items must
 * equal the true changes since the previous poll that covered its restaurant (a fault fails one
 * restaurant, whose changes wait, while the others report: ./ledger), computed independently from
 * every event read with a plain client: zero lost, zero duplicated, previous values true; a failed
 * poll emits nothing and keeps the state.
 */
import type { IDataObject } from 'n8n-workflow';
import { toLocalDateTime } from '../../nodes/shared/localTime';
import { useSandbox } from '../support/sandbox';
import { advanced, Ledger, randomFault, trueChanges } from './ledger';
import { seededChoices } from './randomRun';
import { Trigger, watchItems, type WatchItem } from './support';

const ctx = useSandbox();

const SEED = process.env.TRIGGER_SEED ?? 'restaurant-events-trigger-1';
const POLLS = 50;
const RESTAURANTS = [101, 102, 103];
const ZONES: Record<number, string> = {
	101: 'Europe/Berlin',
	102: 'America/New_York',
	103: 'Australia/Sydney',
};
const EXACT = [
	'name',
	'description',
	'startDate',
	'endDate',
	'dates',
	'isOffline',
	'isPublic',
	'reservationSettings',
	'tickets',
];
const HASHED = [
	...['promoImage', 'additionalInfo'],
	...['reservationHours', 'openingHours', 'specialPeriods'],
	'depositRules',
];

type Event = IDataObject & { id: number; restaurantId: number; endDate: string };
type Full = IDataObject & { floors: Array<{ event: { tickets: IDataObject[] } | null }> };

const { random, int, pick, chance } = seededChoices(SEED);
const day = (days: number, time: string) =>
	`${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T${time}`;

const ticketsOf = (full: Full) => full.floors.flatMap((f) => f.event?.tickets ?? []);

/** Every event of the three restaurants with the tickets of those not over, by `<restaurant>/<id>`. */
async function readTruth(): Promise<Map<string, Event>> {
	const truth = new Map<string, Event>();
	for (const restaurantId of RESTAURANTS) {
		const now = toLocalDateTime(new Date(), ZONES[restaurantId]);
		const { body } = await ctx.call('listEvents', { path: { restaurantId } });
		for (const event of body as Event[]) {
			const over = event.endDate < now;
			const full = over
				? undefined
				: ((await ctx.call('getEvent', { path: { restaurantId, eventId: event.id } }))
						.body as Full);
			truth.set(`${restaurantId}/${event.id}`, {
				...event,
				restaurantId,
				...(full ? { tickets: ticketsOf(full) } : {}),
			});
		}
	}
	return truth;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The true change of one event between two successful polls, as the trigger must report it. */
function expectedChange(key: string, before?: Event, after?: Event): string | undefined {
	if (!before && !after) return undefined;
	if (!before) return `${key} eventCreated`;
	if (!after) return `${key} eventDeleted`;
	const fields = [...EXACT, ...HASHED].filter(
		(f) =>
			!(f === 'tickets' && (before.tickets === undefined || after.tickets === undefined)) &&
			!same(before[f], after[f]),
	);
	if (fields.length === 0) return undefined;
	const event =
		before.isOffline === true && after.isOffline === false
			? 'eventPublished'
			: before.isOffline === false && after.isOffline === true
				? 'eventUnpublished'
				: 'eventUpdated';
	return `${key} ${event} [${fields.join(',')}] other=false`;
}

function emitted(item: WatchItem): string {
	const key = `${item.restaurantId}/${item.eventId}`;
	if (item.event === 'eventCreated' || item.event === 'eventDeleted') return `${key} ${item.event}`;
	return `${key} ${item.event} [${item.changedFields!.join(',')}] other=${item.otherFieldsChanged}`;
}

it(`emits exactly the true stream of event changes over ${POLLS} polls with random changes and failures (seed ${SEED})`, async () => {
	const trigger = new Trigger(ctx, { watch: 'events', restaurants: 'all' });
	expect((await trigger.tick()).items).toBeNull();
	let lastGood = await readTruth();
	const live = new Map(lastGood);
	const ledger = new Ledger(ctx, trigger);

	const path = (e: Event) => ({ restaurantId: e.restaurantId, eventId: e.id });
	const remember = (restaurantId: number, body: IDataObject) =>
		live.set(`${restaurantId}/${body.id}`, { ...body, restaurantId } as Event);
	/** GET, change, PUT, as the spec says an update is built. */
	const update = async (e: Event, change: (full: Full) => void) => {
		const full = (await ctx.call('getEvent', { path: path(e) })).body as Full;
		change(full);
		const response = await ctx.call('updateEvent', { path: path(e), body: full });
		expect(response.status).toBe(200);
		remember(e.restaurantId, response.body);
	};
	const upcoming = () => [...live.values()].filter((e) => e.endDate > day(2, '00:00:00'));

	for (let round = 0; round < POLLS; round++) {
		for (let n = int(0, 3); n > 0; n--) {
			const op = pick([
				'create',
				'copy',
				'update',
				'update',
				'update',
				'publish',
				'unpublish',
				'delete',
				'undo',
				'noop',
			]);
			if (op === 'create') {
				const restaurantId = pick(RESTAURANTS);
				const start = int(5, 300);
				const { body, status } = await ctx.call('createEvent', {
					path: { restaurantId },
					body: {
						name: `Evening ${round}-${n}`,
						startDate: day(start, '19:00:00'),
						endDate: day(start + int(0, 3), '23:00:00'),
						isOffline: chance(0.5),
						floors: [
							{
								name: 'Main room',
								event: {
									tickets: [
										{ type: 'standard', title: 'Seat', description: '', amount: int(5, 90) },
									],
								},
							},
						],
					},
				});
				expect(status).toBe(201);
				remember(restaurantId, body);
				continue;
			}
			const candidates = upcoming();
			if (candidates.length === 0) continue;
			const e = pick(candidates);
			if (op === 'copy') {
				const start = int(5, 300);
				const { body, status } = await ctx.call('copyEvent', {
					path: { restaurantId: e.restaurantId, copyFromId: e.id },
					body: {
						name: `${e.name} (copy)`,
						startDate: day(start, '19:00:00'),
						endDate: day(start, '23:00:00'),
					},
				});
				expect(status).toBe(201);
				remember(e.restaurantId, body);
			} else if (op === 'publish' || op === 'unpublish') {
				const { body } = await ctx.call('setEventStatus', {
					path: path(e),
					query: { isOffline: op === 'unpublish' },
				});
				remember(e.restaurantId, body);
			} else if (op === 'delete') {
				expect((await ctx.call('deleteEvent', { path: path(e) })).status).toBe(200);
				live.delete(`${e.restaurantId}/${e.id}`);
			} else if (op === 'undo') {
				// A change made and undone between two polls is no change.
				await update(e, (full) => (full.name = `${full.name} (draft)`));
				await update(e, (full) => (full.name = String(full.name).replace(/ \(draft\)$/, '')));
			} else if (op === 'noop') {
				await update(e, () => {});
			} else {
				await update(e, (full) => {
					if (chance(0.4)) full.name = `${full.name}, | ${int(1, 99)}%`;
					if (chance(0.3)) full.description = pick(['Live music', 'Chef, menu | wine', '']);
					if (chance(0.3)) {
						const start = int(5, 300);
						full.startDate = day(start, '18:30:00');
						full.endDate = day(start + 1, '23:30:00');
					}
					if (chance(0.2)) full.dates = [day(int(5, 300), '00:00:00').slice(0, 10)];
					const tickets = ticketsOf(full);
					if (chance(0.3) && tickets.length > 0) tickets[0].amount = int(5, 200);
					if (chance(0.15) && full.floors[0]?.event)
						full.floors[0].event.tickets.push({ type: 'vip', title: 'VIP', amount: int(50, 300) });
					if (chance(0.3))
						full.reservationSettings = {
							...(full.reservationSettings as IDataObject),
							maxPartySize: int(2, 12),
						};
					if (chance(0.15)) full.promoImage = `https://images.example/${int(1, 99)}.jpg`;
					if (chance(0.15)) full.openingHours = [];
					if (chance(0.1)) full.isPublic = !full.isPublic;
				});
			}
		}

		const result = await ledger.poll(
			randomFault(random, 8, [
				{ status: 500, count: 1, after: int(0, 3), pathContains: '/events/' },
			]),
		);
		if (!result) continue;

		const truth = await readTruth();
		const items = watchItems(result);
		const expected = trueChanges(lastGood, truth, expectedChange);
		const covered = ledger.judge(round, items.map(emitted), expected);
		// Reported values are the true previous and current ones; a deletion carries the last values.
		for (const item of items) {
			const key = `${item.restaurantId}/${item.eventId}`;
			for (const [field, { previous, current }] of Object.entries(item.changes ?? {})) {
				expect(current).toEqual(truth.get(key)![field] ?? null);
				if (EXACT.includes(field)) expect(previous).toEqual(lastGood.get(key)![field] ?? null);
				else expect(previous).toBeUndefined();
			}
			if (item.event === 'eventDeleted')
				expect(item.restaurantEvent).toMatchObject({
					name: lastGood.get(key)!.name,
					startDate: lastGood.get(key)!.startDate,
					isOffline: lastGood.get(key)!.isOffline,
				});
		}
		lastGood = advanced(lastGood, truth, covered);
		const state = trigger.state as { r: Record<string, { s: string }> };
		const tracked = Object.values(state.r).reduce((n, r) => n + r.s.split('|').length, 0);
		expect(tracked).toBe(lastGood.size);
	}

	ledger.close(30);
	console.log(`randomized events trigger run: ${JSON.stringify(ledger.totals)}`);
}, 180_000);
