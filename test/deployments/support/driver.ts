/**
 * The chaos scenario's driver: random real changes through the sandbox API (creates, moves in time
 * and across a 60-day window boundary, party size, table, guest name, state changes,
 * cancellations), each on a reservation nobody changed before, so that each must be reported once.
 * It reads and writes the API's records in the sandbox's reading (./reading): the state in its
 * field and spelling, times as the API writes them; what it expects is in that reading too.
 */
import { DateTime } from 'luxon';
import seedrandom from 'seedrandom';
import type { ApiCall } from '../../support/client';
import type { ExpectedChange } from './ledger';
import { ReadingView } from '../../support/reading';
import { LOOK_BACK_DAYS } from './workflow';

/** Restaurants the driver changes, with their time zones (the seed's). */
const RESTAURANTS = [
	{ id: 101, timeZone: 'Europe/Berlin' },
	{ id: 102, timeZone: 'America/New_York' },
];

const LOCAL = "yyyy-LL-dd'T'HH:mm:ss";

interface Candidate {
	restaurantId: number;
	timeZone: string;
	id: string;
	reservationTime: string;
	groupSize: number;
	tableNumber: string | null;
	/** The record's state as the API wrote it, and its role. */
	state: string;
	role: string;
}

type ChangeKind =
	'create' | 'time' | 'crossWindow' | 'party' | 'table' | 'guest' | 'state' | 'cancel';
const KINDS: ChangeKind[] = [
	'create',
	'time',
	'crossWindow',
	'party',
	'table',
	'guest',
	'state',
	'cancel',
];

/** Days from today (restaurant-local) of a restaurant-local time. */
function dayOffset(time: string, timeZone: string): number {
	const today = DateTime.now().setZone(timeZone).startOf('day');
	return Math.floor(DateTime.fromISO(time, { zone: timeZone }).diff(today, 'days').days);
}

export class ChangeDriver {
	private readonly random: () => number;
	private readonly pool: Candidate[] = [];
	private count = 0;
	readonly expected: ExpectedChange[] = [];

	constructor(
		private readonly api: ApiCall,
		seed: string,
		private readonly reading = new ReadingView(),
	) {
		this.random = seedrandom(seed);
	}

	/** The confirmed bookings well inside the horizon that can be changed, from the API. */
	async load(): Promise<void> {
		for (const restaurant of RESTAURANTS) {
			const now = DateTime.now().setZone(restaurant.timeZone).startOf('day');
			const response = await this.api('listReservations', {
				path: { restaurantId: restaurant.id },
				query: {
					from: now.plus({ days: 3 }).toFormat(LOCAL),
					to: now.plus({ days: 100 }).toFormat(LOCAL),
					status: this.reading.spelling('confirmed'),
				},
			});
			for (const r of response.body as Array<Record<string, any>>) {
				if (r.eventId === null && r.kind === 'reservation') {
					this.pool.push({
						restaurantId: restaurant.id,
						timeZone: restaurant.timeZone,
						id: String(r.id),
						reservationTime: r.reservationTime,
						groupSize: r.groupSize,
						tableNumber: r.tableNumber ?? null,
						state: this.reading.written(r),
						role: this.reading.roleOf(r),
					});
				}
			}
		}
		if (this.pool.length < 100)
			throw new Error(`only ${this.pool.length} reservations to change: the seed has changed`);
	}

	private pick<T>(list: T[]): T {
		return list[Math.floor(this.random() * list.length)];
	}

	/** Takes an unchanged reservation (within `days` of today when given) out of the pool. */
	private take(days?: [number, number]): Candidate {
		const fits = this.pool.filter((c) => {
			if (!days) return true;
			const day = dayOffset(c.reservationTime, c.timeZone);
			return day >= days[0] && day <= days[1];
		});
		const chosen = this.pick(fits.length > 0 ? fits : this.pool);
		this.pool.splice(this.pool.indexOf(chosen), 1);
		return chosen;
	}

	/** One change kept out of `expected`: the activation-gap check of the scenario. */
	async changeBeforeFirstScheduledPoll(): Promise<ExpectedChange> {
		await this.change('party');
		return this.expected.pop()!;
	}

	/** Makes `count` random changes; each is recorded in `expected` once the API accepted it. */
	async changes(count: number): Promise<void> {
		for (let i = 0; i < count; i++) await this.change(this.pick(KINDS));
	}

	/** Updates the reservation; the record as the API answers it. */
	private async update(
		c: Candidate,
		body: Record<string, unknown>,
	): Promise<Record<string, unknown>> {
		const response = await this.api('updateReservation', {
			path: { restaurantId: c.restaurantId, reservationId: c.id },
			body,
		});
		if (response.status !== 200)
			throw new Error(`update of ${c.id} failed: ${response.status} ${response.text}`);
		return response.body as Record<string, unknown>;
	}

	private async change(kind: ChangeKind): Promise<void> {
		const n = ++this.count;
		if (kind === 'create') {
			const restaurant = this.pick(RESTAURANTS);
			const day = 3 + Math.floor(this.random() * 90);
			const time = DateTime.now()
				.setZone(restaurant.timeZone)
				.startOf('day')
				.plus({ days: day, hours: 18, minutes: 15 * (n % 4) })
				.toFormat(LOCAL);
			const response = await this.api('createReservation', {
				path: { restaurantId: restaurant.id },
				// Three guests a restaurant, each booking again now and then: the guests trigger riding along reports them.
				body: { reservationTime: time, groupSize: 2, customerName: `Chaos Guest ${n % 3}` },
			});
			if (response.status !== 201)
				throw new Error(`create failed: ${response.status} ${response.text}`);
			this.expected.push({
				reservationId: String(response.body.id),
				event: 'reservationCreated',
				role: this.reading.roleOf(response.body),
				what: `created at ${time}`,
			});
			return;
		}
		const c = kind === 'crossWindow' ? this.take([40, 55]) : this.take();
		const { stateField } = this.reading;
		const expect = (
			event: ExpectedChange['event'],
			changes: ExpectedChange['changes'],
			what: string,
			after: { role: string; states?: ExpectedChange['states'] } = { role: c.role },
		) =>
			this.expected.push({
				reservationId: c.id,
				event,
				changes,
				...after,
				what: `${c.id}: ${what}`,
			});
		switch (kind) {
			case 'time':
			case 'crossWindow': {
				// Across the boundary of the horizon's two windows (day LOOK_BACK_DAYS + 60 from the start), or two hours later.
				const shift =
					kind === 'crossWindow'
						? { days: 60 - LOOK_BACK_DAYS - dayOffset(c.reservationTime, c.timeZone) + 10 }
						: { hours: 2 };
				const time = DateTime.fromISO(c.reservationTime, { zone: c.timeZone })
					.plus(shift)
					.toFormat(LOCAL);
				// The API writes the new time its way (with the restaurant's offset in platform).
				const moved = await this.update(c, { reservationTime: time });
				expect(
					'reservationUpdated',
					{ reservationTime: { previous: c.reservationTime, current: moved.reservationTime } },
					`moved ${c.reservationTime} -> ${String(moved.reservationTime)}`,
				);
				return;
			}
			case 'party':
				await this.update(c, { groupSize: c.groupSize + 1 });
				expect(
					'reservationUpdated',
					{ groupSize: { previous: c.groupSize, current: c.groupSize + 1 } },
					`party ${c.groupSize} -> ${c.groupSize + 1}`,
				);
				return;
			case 'table':
				await this.update(c, { tableNumber: `C${n}` });
				expect(
					'reservationUpdated',
					{ tableNumber: { previous: c.tableNumber, current: `C${n}` } },
					`table ${c.tableNumber} -> C${n}`,
				);
				return;
			case 'guest':
				await this.update(c, { customerName: `Renamed Guest ${n}` });
				expect(
					'reservationUpdated',
					{ customerName: { previous: undefined, current: `Renamed Guest ${n}` } },
					'guest renamed',
				);
				return;
			case 'state': {
				const seated = await this.update(c, this.reading.stateBody('seated'));
				const current = this.reading.written(seated);
				expect(
					'reservationStateChanged',
					{ [stateField]: { previous: c.state, current } },
					`${c.state} -> ${current}`,
					{ role: this.reading.roleOf(seated), states: { previous: c.state, current } },
				);
				return;
			}
			case 'cancel': {
				const response = await this.api('cancelReservation', {
					path: { restaurantId: c.restaurantId, reservationId: c.id },
					body: { note: `chaos ${n}`, doNotChargeFee: true },
				});
				if (response.status !== 200)
					throw new Error(`cancel of ${c.id} failed: ${response.status} ${response.text}`);
				// Cancelled by staff: the reading's cancelled spelling ("Canceled" in platform).
				const current = this.reading.spelling('cancelled');
				expect(
					'reservationCancelled',
					{ [stateField]: { previous: c.state, current } },
					`${c.state} -> ${current}`,
					{ role: 'cancelled', states: { previous: c.state, current } },
				);
				return;
			}
		}
	}
}
