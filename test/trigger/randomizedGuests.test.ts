/**
 * The Guests watch over a long randomized run with a fixed seed, like ./randomized.test.ts: many
 * polls of three restaurants (Berlin, New York, Sydney), bookings made by a pool of guests (phones
 * written nationally or internationally, e-mails changed, guests known by e-mail alone), moved,
 * moved out of the period and back, cancelled, set to every state (no-shows and their corrections
 * included), random failures injected into the polls. After every successful poll the emitted
 * guest events must equal the true ones since the previous poll that covered the restaurant
 * (./ledger), computed independently: from every booking read with a plain client, guests told
 * apart with libphonenumber-js itself and the states read with the test's own table. Zero lost,
 * zero duplicated, none for a cancelled or awaiting first booking; a failed poll emits nothing and
 * keeps the state.
 */
import type { IDataObject } from 'n8n-workflow';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { SEEDED_TIME_ZONES, useSandbox } from '../support/sandbox';
import { advanced, Ledger, readReservations, randomFault } from './ledger';
import { cancelled, moved, seededChoices, type Booking } from './randomRun';
import { localDay, Trigger } from './support';

const ctx = useSandbox({ reservations: 60 });

const SEED = process.env.TRIGGER_SEED ?? 'restaurant-guests-trigger-1';
const POLLS = 60;
const RESTAURANTS = [101, 102, 103];
const ZONES = SEEDED_TIME_ZONES;
const COUNTRY: Record<number, CountryCode> = { 101: 'DE', 102: 'US', 103: 'AU' };
const STATES = ['pending', 'confirmed', 'arrived', 'seated', 'completed', 'noShow'];
/** The sandbox's states by role, as the test reads them (not the node's reading). */
const STANDS = new Set(['confirmed', 'arrived', 'seated', 'completed', 'noShow']);
const VISIT = new Set(['arrived', 'seated', 'completed']);

const { random, int, pick, chance } = seededChoices(SEED);

/** A pool guest's phone as the guest typed it this time: national or international form. */
function phoneOf(restaurantId: number, guest: number): string {
	const n = String(guest).padStart(2, '0');
	const forms: Record<number, [string, string]> = {
		101: [`030 5550 1${n}`, `+49 30 55501${n}`],
		102: [`(212) 555-01${n}`, `+1 212 555 01${n}`],
		103: [`(02) 9555 01${n}`, `+61 2 9555 01${n}`],
	};
	return pick(forms[restaurantId]);
}

/** A booking's body for pool guest `guest` (guests 0-2 have no phone: known by e-mail). */
function guestFields(restaurantId: number, guest: number): IDataObject {
	return {
		customerName: `Pool Guest ${guest}`,
		phone: guest < 3 ? null : phoneOf(restaurantId, guest),
		// A changed e-mail (or its case) is the same guest when the phone is there.
		email: `pool${guest}${guest >= 3 && chance(0.3) ? `.alt${int(1, 9)}` : ''}@Example.com`,
	};
}

/** Who a booking's guest is, told by libphonenumber-js, the e-mail or the name. */
function identityOf(b: Booking): string | undefined {
	if (typeof b.phone === 'string') {
		const parsed = parsePhoneNumberFromString(b.phone, COUNTRY[b.restaurantId]);
		if (parsed) return `${b.restaurantId} ${parsed.number}`;
	}
	if (typeof b.email === 'string' && b.email.includes('@'))
		return `${b.restaurantId} ${b.email.toLowerCase()}`;
	if (typeof b.customerName === 'string')
		return `${b.restaurantId} ${b.customerName.toLowerCase()}`;
	return undefined;
}

const timeIn = (restaurantId: number, days: number) =>
	localDay(
		ZONES[restaurantId],
		days,
		`${String(int(12, 21)).padStart(2, '0')}:${pick(['00', '30'])}:00`,
	);
/** The watched period: 2 days back, 130 ahead; test times are 1-120 days ahead, or 200 (outside). */
const watched = (b: Booking | undefined): b is Booking =>
	b !== undefined && b.reservationTime < localDay(ZONES[b.restaurantId], 125, '00:00:00');

/** Every booking of the three restaurants near the period, read with a plain client. */
const readTruth = () => readReservations<Booking>(ctx, RESTAURANTS, ZONES, -1);

interface Counts {
	visits: number;
	noShows: number;
}

/** The guests the trigger must know, with their counts: the test's own bookkeeping. */
class KnownGuests {
	readonly guests = new Map<string, Counts>();

	/** The baseline: every guest with a standing booking, counted. */
	learn(bookings: Iterable<Booking>): void {
		for (const b of bookings) {
			const who = identityOf(b);
			if (!who || !STANDS.has(b.state)) continue;
			const counts = this.guests.get(who) ?? { visits: 0, noShows: 0 };
			this.count(counts, undefined, b.state);
			this.guests.set(who, counts);
		}
	}

	/** The events of one booking's change (before: undefined when it came into view). */
	change(before: Booking | undefined, after: Booking): string[] {
		const [was, now] = [before?.state, after.state];
		if (was === now) return [];
		const who = identityOf(after);
		if (!who) return [];
		const known = this.guests.get(who);
		const events: string[] = [];
		if (STANDS.has(now) && !(was !== undefined && STANDS.has(was))) {
			if (!known) events.push('newGuest');
			else if (was === undefined || was === 'pending') events.push('returningGuest');
		}
		if (now === 'noShow' && was !== 'noShow') events.push('guestNoShow');
		if (!known && !STANDS.has(now)) return [];
		const counts = { ...(known ?? { visits: 0, noShows: 0 }) };
		this.count(counts, was, now);
		this.guests.set(who, counts);
		return events.map((e) => `${who} ${e} visits=${counts.visits} noShows=${counts.noShows}`);
	}

	copy(): KnownGuests {
		const copy = new KnownGuests();
		for (const [who, counts] of this.guests) copy.guests.set(who, { ...counts });
		return copy;
	}

	/** Takes the guests of the covered restaurants from `next`. */
	adopt(next: KnownGuests, covered: Set<string>): void {
		for (const [who, counts] of next.guests)
			if (covered.has(who.split(' ')[0])) this.guests.set(who, counts);
	}

	private count(counts: Counts, was: string | undefined, now: string): void {
		const wasVisit = was !== undefined && VISIT.has(was);
		if (VISIT.has(now) && !wasVisit) counts.visits++;
		else if (wasVisit && !VISIT.has(now)) counts.visits = Math.max(0, counts.visits - 1);
		if (now === 'noShow' && was !== 'noShow') counts.noShows++;
		else if (was === 'noShow' && now !== 'noShow') counts.noShows = Math.max(0, counts.noShows - 1);
	}
}

interface GuestJson {
	event: string;
	restaurantId: number;
	guest: { identity: string };
	visits: number;
	noShows: number;
}

const emitted = (item: GuestJson) =>
	`${item.restaurantId} ${item.guest.identity} ${item.event} visits=${item.visits} noShows=${item.noShows}`;

/** The order of two texts, code unit by code unit. */
const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A restaurant's true events since its last covered poll, booking by booking in time order (as the trigger settles them). */
function expectedEvents(
	known: KnownGuests,
	lastGood: Map<string, Booking>,
	truth: Map<string, Booking>,
	restaurantId: number,
): string[] {
	const changed = [...truth.values()]
		.filter((b) => b.restaurantId === restaurantId && watched(b))
		.sort((a, b) => order(a.reservationTime, b.reservationTime) || order(a.id, b.id));
	return changed.flatMap((after) => {
		const before = lastGood.get(after.id);
		return known.change(watched(before) ? before : undefined, after);
	});
}

it(`reports every guest event exactly once over ${POLLS} polls with random bookings and failures (seed ${SEED})`, async () => {
	// Some pool guests book before the trigger starts: the baseline knows them.
	for (const restaurantId of RESTAURANTS)
		for (let guest = 0; guest < 12; guest += 3)
			await ctx.call('createReservation', {
				path: { restaurantId },
				body: {
					reservationTime: timeIn(restaurantId, int(1, 120)),
					groupSize: 2,
					...guestFields(restaurantId, guest),
				},
			});
	const trigger = new Trigger(ctx, {
		watch: 'guests',
		restaurants: 'all',
		guestEvents: ['newGuest', 'returningGuest', 'guestNoShow'],
		lookBackDays: 2,
		lookAheadDays: 130,
		guestHistoryDays: 30,
	});
	expect((await trigger.tick()).items).toBeNull();
	let lastGood = await readTruth();
	const known = new KnownGuests();
	known.learn([...lastGood.values()].filter(watched));
	const ledger = new Ledger(ctx, trigger);
	const live = new Map(lastGood);
	const movedOut = new Set<string>();
	let operations = 0;
	const mix: Record<string, number> = {};
	const apply = (b: Booking) => {
		live.set(b.id, b);
		operations++;
	};

	for (let round = 0; round < POLLS; round++) {
		for (let n = int(0, 5); n > 0; n--) {
			const op = pick([
				'book',
				'book',
				'book',
				'state',
				'state',
				'state',
				'cancel',
				'move',
				'email',
				'moveOut',
				'moveBack',
			]);
			if (op === 'book') {
				const restaurantId = pick(RESTAURANTS);
				const { body } = await ctx.call('createReservation', {
					path: { restaurantId },
					body: {
						reservationTime: timeIn(restaurantId, int(1, 120)),
						groupSize: chance(0.15) ? 9 : int(1, 6),
						...guestFields(restaurantId, int(0, 19)),
					},
				});
				apply(body);
				continue;
			}
			if (op === 'moveBack') {
				const id = pick([...movedOut]);
				if (!id) continue;
				const b = live.get(id)!;
				apply(await moved(ctx, b, timeIn(b.restaurantId, int(1, 120))));
				movedOut.delete(id);
				continue;
			}
			const candidates = [...live.values()].filter(
				(b) => b.state !== 'cancelled' && watched(b) && String(b.customerName).startsWith('Pool'),
			);
			if (candidates.length === 0) continue;
			const b = pick(candidates);
			const path = { restaurantId: b.restaurantId, reservationId: b.id };
			if (op === 'cancel') {
				apply(await cancelled(ctx, b));
				continue;
			}
			const body: IDataObject =
				op === 'state'
					? { state: pick(STATES.filter((s) => s !== b.state)) }
					: op === 'move'
						? { reservationTime: timeIn(b.restaurantId, int(1, 120)) }
						: op === 'email'
							? { email: `changed${int(1, 99)}@example.com` }
							: { reservationTime: timeIn(b.restaurantId, 200) };
			if (op === 'moveOut') movedOut.add(b.id);
			const response = await ctx.call('updateReservation', { path, body });
			expect(response.status).toBe(200);
			apply(response.body);
		}

		const result = await ledger.poll(randomFault(random, 9));
		if (!result) continue;
		const truth = await readTruth();
		// Worked out on a copy: only the restaurants the poll covered move on (a failed one waits).
		const next = known.copy();
		const expected = RESTAURANTS.flatMap((id) => expectedEvents(next, lastGood, truth, id));
		// The ledger has taken out (and checked) a restaurant's restaurantUnreachable item.
		const items = result.changes as unknown as GuestJson[];
		const covered = ledger.judge(round, items.map(emitted), expected);
		for (const item of items) mix[item.event] = (mix[item.event] ?? 0) + 1;
		known.adopt(next, covered);
		lastGood = advanced(lastGood, truth, covered);
		// The known guests stay small: at most 24 bytes each.
		const stored = (trigger.state as { g?: string }).g ?? '';
		if (stored) expect(stored.length / stored.split('|').length).toBeLessThanOrEqual(24);
	}

	ledger.close(40);
	// Every kind of guest event happened, more than once.
	expect(Object.keys(mix).sort()).toEqual(['guestNoShow', 'newGuest', 'returningGuest']);
	expect(Math.min(...Object.values(mix))).toBeGreaterThan(1);
	console.log(`randomized guests run: ${JSON.stringify({ ...ledger.totals, ...mix, operations })}`);
}, 180_000);
