/**
 * Upgrades exactly once: the static data a release stored, made by that release itself, polled by
 * this one. fixtures/storedStateOf010.json was stored by release 0.1.0 (a worktree of ec45e26 ran
 * storedStateOf010.generate.txt); fixtures/storedStateOf100.json by this release's format (this
 * file with RECORD_FIXTURE=1, see storedStateOf100.generate.txt), for the next release to read the
 * same way. Each holds one baseline poll of every watch target the release offered, on one
 * deterministic world: the sandbox seeded for WORLD.sandboxToday, the trigger's clock and the
 * server's clock (the Date header, ./fixedClocks) at WORLD.clock.
 *
 * Here the same world is made again, changed the way users change it between the last poll of the
 * earlier release and the first of this one, and polled once by this release, ten minutes later:
 * every change is reported once, as it would be without an update, nothing else is, and the next
 * poll reports nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { useSandbox } from '../support/sandbox';
import { fixClock, realClock, serverClock } from './fixedClocks';
import {
	CANCELLED_FROM_CONFIRMED,
	injectFault,
	SEATED_FROM_CONFIRMED,
	Trigger,
	type ChangeJson,
} from './support';

/** The world both fixtures were made on. */
const WORLD = { sandboxToday: '2026-11-20', clock: '2026-11-20T16:40:00.000Z' };
const CLOCK = Date.parse(WORLD.clock);
const MINUTE = 60_000;
/** When the polls of this release run: the reminder of rsv-101-000515 (20:00 in Berlin, 130 minutes before) falls due between. */
const FIRST_POLL = CLOCK + 10 * MINUTE;
const NEXT_POLL = CLOCK + 15 * MINUTE;
const POLLED_AT = '2026-11-20T16:40:00.000Z';

const RECORD = process.env.RECORD_FIXTURE === '1';
const FIXTURE_OF_100 = path.join(__dirname, 'fixtures', 'storedStateOf100.json');

const CHANGE_EVENTS = [
	'reservationCreated',
	'reservationUpdated',
	'reservationCancelled',
	'reservationStateChanged',
];
const HORIZON = { lookBackDays: 1, lookAheadDays: 14 };

/** The cases of the fixtures: each watch target, as the generator of 0.1.0 polled it (Guests: 1.0.0 only). */
const CASES: Record<string, INodeParameters> = {
	reservations: {
		restaurants: 'all',
		...HORIZON,
		events: [...CHANGE_EVENTS, 'reminderDue', 'notArrived', 'visitEnded'],
		reminderOffsets: { offset: [{ amount: 130, unit: 'minutes' }] },
	},
	reservationsWithGuestDetails: {
		restaurants: 'all',
		...HORIZON,
		events: CHANGE_EVENTS,
		options: { keepGuestDetails: true },
	},
	events: { watch: 'events', restaurants: 'all' },
	products: { watch: 'products', restaurants: 'all' },
	guests: { watch: 'guests', restaurants: 'all', ...HORIZON },
};

interface Fixture {
	madeBy: string;
	sandboxToday: string;
	clock: string;
	cases: Record<string, { parameters: INodeParameters; staticData: IDataObject }>;
}

const ctx = useSandbox({ today: WORLD.sandboxToday });

/**
 * A trigger of this release with the static data `fixture` stored for the case `name`, the clocks
 * at FIRST_POLL; `parameters`: the node's parameters after the update, when they changed with it.
 */
async function installed(fixture: Fixture, name: string, parameters = CASES[name]) {
	const stored = structuredClone(fixture.cases[name]);
	expect(stored.parameters).toEqual(CASES[name]);
	await ctx.sandbox.reset();
	const clock = await serverClock(ctx, FIRST_POLL);
	fixClock(FIRST_POLL);
	const trigger = new Trigger(clock.ctx, parameters);
	Object.assign(trigger.staticData, stored.staticData);
	return {
		trigger,
		clock,
		/**
		 * The next poll, five minutes later on the server's clock: nothing is left to report. (This
		 * process's clock stays: the trigger refuses a poll that seems to start before the last one
		 * of the same workflow ended, and the next test starts at FIRST_POLL again.)
		 */
		async nextPollReportsNothing() {
			clock.set(NEXT_POLL);
			const next = await trigger.tick();
			expect(next.error).toBeUndefined();
			expect(next.items).toBeNull();
		},
		async close() {
			realClock();
			await clock.close();
		},
	};
}

async function call(operation: string, options: IDataObject, status = 200): Promise<IDataObject> {
	const response = await ctx.call(operation as never, options as never);
	expect([operation, response.status]).toEqual([operation, status]);
	return response.body as IDataObject;
}

/** The changes made to the reservations between the two releases' polls. */
async function changeReservations(): Promise<void> {
	const reservation = (restaurantId: number, reservationId: string) => ({
		path: { restaurantId, reservationId },
	});
	await call(
		'createReservation',
		{
			path: { restaurantId: 101 },
			body: {
				reservationTime: '2026-11-25T19:00:00',
				groupSize: 2,
				customerName: 'Ada Upgrade',
				phone: '+49 170 2000001',
			},
		},
		201,
	);
	await call('updateReservation', {
		...reservation(101, 'rsv-101-000204'),
		body: { groupSize: 7 },
	});
	await call('updateReservation', {
		...reservation(102, 'rsv-102-000026'),
		body: { phone: '+1 212 555 0100' },
	});
	await call('cancelReservation', {
		...reservation(103, 'rsv-103-000337'),
		body: { cancelOptionName: 'Guest request', note: 'changed plans' },
	});
	await call('updateReservation', {
		...reservation(103, 'rsv-103-000407'),
		body: { state: 'seated' },
	});
}

/** What a user reads in a reservation's item, but the reservation itself (its ID is there). */
function summary(changes: ChangeJson[]): IDataObject[] {
	return changes.map(({ reservation, ...item }) => {
		expect(reservation.id).toBe(item.reservationId);
		return item as IDataObject;
	});
}

/** The reservations' items, the phone's change as each case reports it. */
function reservationItems(phone: IDataObject): IDataObject[] {
	const polled = { restaurantLastPolledAt: POLLED_AT };
	return [
		{
			event: 'reservationUpdated',
			restaurantId: 101,
			...polled,
			reservationId: 'rsv-101-000204',
			stateRole: 'booked',
			changedFields: ['groupSize'],
			changes: { groupSize: { previous: 6, current: 7 } },
			otherFieldsChanged: false,
		},
		{
			event: 'reservationCreated',
			restaurantId: 101,
			...polled,
			reservationId: 'rsv-101-000601',
			stateRole: 'booked',
		},
		{
			event: 'reservationUpdated',
			restaurantId: 102,
			...polled,
			reservationId: 'rsv-102-000026',
			stateRole: 'booked',
			changedFields: ['phone'],
			changes: { phone },
			otherFieldsChanged: false,
		},
		{
			event: 'reservationCancelled',
			restaurantId: 103,
			...polled,
			reservationId: 'rsv-103-000337',
			...CANCELLED_FROM_CONFIRMED,
		},
		{
			event: 'reservationStateChanged',
			restaurantId: 103,
			...polled,
			reservationId: 'rsv-103-000407',
			...SEATED_FROM_CONFIRMED,
		},
	];
}

/** The exact fields of a reservation's record, in both releases. */
const DESCRIBED_EXACT = [
	'reservationTime:time',
	'groupSize:int',
	'tableNumber:text',
	'state:state',
	'eventId:int',
];

/** The reminder that fell due between the releases' polls. */
const REMINDER = {
	event: 'reminderDue',
	restaurantId: 101,
	restaurantLastPolledAt: POLLED_AT,
	reservationId: 'rsv-101-000515',
	stateRole: 'awaitingApproval',
	dueAt: '2026-11-20T17:50:00',
	timeZone: 'Europe/Berlin',
	lateByMinutes: 0,
	offset: { minutes: 130, label: '130 minutes' },
	rescheduled: false,
};

function readFixture(file: string): Fixture {
	return JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures', file), 'utf8')) as Fixture;
}

if (RECORD) {
	it('records the static data of a baseline poll of each watch target (storedStateOf100.json)', async () => {
		const cases: Fixture['cases'] = {};
		const clock = await serverClock(ctx, CLOCK);
		fixClock(CLOCK);
		try {
			for (const [name, parameters] of Object.entries(CASES)) {
				await ctx.sandbox.reset();
				const trigger = new Trigger(clock.ctx, parameters);
				const baseline = await trigger.tick();
				expect(baseline.error).toBeUndefined();
				expect(baseline.items).toBeNull();
				cases[name] = { parameters, staticData: trigger.staticData };
			}
		} finally {
			realClock();
			await clock.close();
		}
		const fixture: Fixture = { madeBy: 'release 1.0.0', ...WORLD, cases };
		fs.writeFileSync(FIXTURE_OF_100, `${JSON.stringify(fixture, null, '\t')}\n`);
	}, 120_000);
} else {
	describe.each([
		['0.1.0', 'storedStateOf010.json'],
		['1.0.0', 'storedStateOf100.json'],
	])('a state stored by release %s', (release, file) => {
		const fixture = readFixture(file);

		it('was made on the world made here', () => {
			expect([fixture.sandboxToday, fixture.clock]).toEqual([WORLD.sandboxToday, WORLD.clock]);
			expect(Object.keys(fixture.cases)).toEqual(
				release === '0.1.0'
					? ['reservations', 'reservationsWithGuestDetails', 'events', 'products']
					: Object.keys(CASES),
			);
		});

		it('Reservations with moments: each change and the reminder due, once', async () => {
			const { trigger, nextPollReportsNothing, close } = await installed(fixture, 'reservations');
			try {
				await changeReservations();
				const result = await trigger.tick();
				expect(result.error).toBeUndefined();
				const [updated, created, ...others] = reservationItems({ current: '+1 212 555 0100' });
				expect(summary(result.changes)).toEqual([REMINDER, updated, created, ...others]);
				await nextPollReportsNothing();
			} finally {
				await close();
			}
		}, 60_000);

		it('Reservations with Report Previous Guest Details: each change once, the previous phone', async () => {
			const { trigger, nextPollReportsNothing, close } = await installed(
				fixture,
				'reservationsWithGuestDetails',
			);
			try {
				await changeReservations();
				const result = await trigger.tick();
				expect(result.error).toBeUndefined();
				expect(summary(result.changes)).toEqual(
					reservationItems({ previous: '+49 170 1000026', current: '+1 212 555 0100' }),
				);
				await nextPollReportsNothing();
			} finally {
				await close();
			}
		}, 60_000);

		it('Events: an event renamed, one deleted, one created, each once', async () => {
			const { trigger, nextPollReportsNothing, close } = await installed(fixture, 'events');
			try {
				const path = { restaurantId: 101, eventId: 5003 };
				const truffle = await call('getEvent', { path });
				await call('updateEvent', {
					path,
					body: { ...truffle, name: 'White truffle dinner, second seating' },
				});
				await call('deleteEvent', { path: { restaurantId: 101, eventId: 5004 } });
				await call(
					'createEvent',
					{
						path: { restaurantId: 101 },
						body: {
							name: 'Pasta class',
							description: 'Fresh pasta with the chef.',
							startDate: '2027-02-10T18:00:00',
							endDate: '2027-02-10T21:00:00',
						},
					},
					201,
				);
				const result = await trigger.tick();
				expect(result.error).toBeUndefined();
				const items = result.changes as unknown as IDataObject[];
				expect(items.map(({ restaurantEvent: _e, ...item }) => item)).toEqual([
					{
						event: 'eventUpdated',
						restaurantId: 101,
						restaurantLastPolledAt: POLLED_AT,
						eventId: 5003,
						changedFields: ['name'],
						changes: {
							name: {
								previous: 'White truffle dinner',
								current: 'White truffle dinner, second seating',
							},
						},
						otherFieldsChanged: false,
					},
					{
						event: 'eventDeleted',
						restaurantId: 101,
						restaurantLastPolledAt: POLLED_AT,
						eventId: 5004,
					},
					{
						event: 'eventCreated',
						restaurantId: 101,
						restaurantLastPolledAt: POLLED_AT,
						eventId: 5013,
					},
				]);
				// The deleted event as the trigger kept it.
				expect(items[1].restaurantEvent).toMatchObject({
					id: 5004,
					name: 'New Year gala',
					startDate: '2027-01-04T19:00:00',
					endDate: '2027-01-04T23:30:00',
					isOffline: true,
					isPublic: false,
				});
				await nextPollReportsNothing();
			} finally {
				await close();
			}
		}, 60_000);

		it('Products: a price changed, one deleted, one created, each once', async () => {
			const { trigger, nextPollReportsNothing, close } = await installed(fixture, 'products');
			try {
				await call('updateProduct', {
					path: { productId: 'prd-101-starters-01' },
					body: { price: 12 },
				});
				await call('deleteProduct', { path: { productId: 'prd-101-starters-02' } });
				const created = await call(
					'createProduct',
					{ body: { name: 'Tiramisu della casa', productPLU: '4001', price: 7.5 } },
					201,
				);
				const result = await trigger.tick();
				expect(result.error).toBeUndefined();
				const items = result.changes as unknown as IDataObject[];
				expect(items.map(({ product: _p, ...item }) => item)).toEqual([
					{
						event: 'productCreated',
						restaurantId: 101,
						restaurantLastPolledAt: POLLED_AT,
						productId: created.id,
					},
					{
						event: 'productUpdated',
						restaurantId: 101,
						restaurantLastPolledAt: POLLED_AT,
						productId: 'prd-101-starters-01',
						changedFields: ['price'],
						changes: { price: { previous: 11.5, current: 12 } },
						otherFieldsChanged: false,
					},
					{
						event: 'productDeleted',
						restaurantId: 101,
						restaurantLastPolledAt: POLLED_AT,
						productId: 'prd-101-starters-02',
					},
				]);
				// The deleted product as the trigger kept it.
				expect(items[2].product).toEqual({
					id: 'prd-101-starters-02',
					name: 'Bruschetta (large)',
					productPLU: '10101002',
					price: 12.5,
					takeawayPrice: 12,
					deliveryPrice: 13.5,
					stockAmount: null,
					visible: true,
					groupId: 'grp-101-starters',
				});
				await nextPollReportsNothing();
			} finally {
				await close();
			}
		}, 60_000);
	});

	describe('a state stored by release 0.1.0, and what else happens with an update', () => {
		const fixture = readFixture('storedStateOf010.json');
		const [updated, created, phoneChanged, cancelled, stateChanged] = reservationItems({
			previous: '+49 170 1000026',
			current: '+1 212 555 0100',
		});

		it("a restaurant that fails at the first poll keeps 0.1.0's records, described as such, and reports its changes once it answers", async () => {
			const { trigger, clock, nextPollReportsNothing, close } = await installed(
				fixture,
				'reservationsWithGuestDetails',
			);
			try {
				await changeReservations();
				await injectFault(ctx, { status: 500, count: 1000, pathContains: '/restaurants/103/' });
				const first = await trigger.tick();
				expect(first.error).toBeUndefined();
				expect(summary(first.changes)).toEqual([updated, created, phoneChanged]);
				// Two descriptions: this release's for 101 and 102, 0.1.0's for 103 (its place: 1).
				const state = trigger.state as { l: IDataObject[]; r: Record<string, IDataObject> };
				expect(state.l).toEqual([
					{
						records: 'reservation',
						hash: 'h53',
						reading: 2,
						widths: [5, 2, 2],
						exact: DESCRIBED_EXACT,
						guestDetails: ['customerName', 'phone', 'email', 'specialRequests'],
						guestDetailsAs: 'value',
						ignored: ['id', 'updatedAt', 'lastUpdatedBy', 'viewed', 'businessDate'],
					},
					{
						records: 'reservation',
						hash: 'h53',
						reading: 1,
						widths: [5, 2, 2],
						exact: DESCRIBED_EXACT,
						guestDetails: ['customerName', 'phone', 'email', 'specialRequests'],
						guestDetailsAs: 'value',
						ignored: ['id', 'updatedAt', 'lastUpdatedBy', 'viewed', 'businessDate'],
					},
				]);
				expect([state.r['101'].l, state.r['102'].l, state.r['103'].l]).toEqual([
					undefined,
					undefined,
					1,
				]);
				expect(state.r['103'].e).toBe(1);

				await ctx.sandbox.control('DELETE', '/faults');
				clock.set(FIRST_POLL + 2 * MINUTE);
				const second = await trigger.tick();
				expect(second.error).toBeUndefined();
				expect(summary(second.changes)).toEqual([cancelled, stateChanged]);
				expect((trigger.state as { l: unknown[] }).l).toHaveLength(1);
				await nextPollReportsNothing();
			} finally {
				await close();
			}
		}, 60_000);

		it('Report Previous Guest Details switched on with the update: read across, no baseline; previous values from the next change on', async () => {
			const { trigger, clock, nextPollReportsNothing, close } = await installed(
				fixture,
				'reservations',
				CASES.reservationsWithGuestDetails,
			);
			try {
				await changeReservations();
				const first = await trigger.tick();
				expect(first.error).toBeUndefined();
				// 0.1.0 stored hashes of the guest details: the phone is named, without its previous value.
				expect(summary(first.changes)).toEqual([
					updated,
					created,
					{ ...phoneChanged, changes: { phone: { current: '+1 212 555 0100' } } },
					cancelled,
					stateChanged,
				]);

				await call('updateReservation', {
					path: { restaurantId: 102, reservationId: 'rsv-102-000026' },
					body: { phone: '+1 212 555 0199' },
				});
				clock.set(FIRST_POLL + 2 * MINUTE);
				const second = await trigger.tick();
				expect(second.error).toBeUndefined();
				expect(summary(second.changes)).toEqual([
					{
						...phoneChanged,
						// Polled by this release now.
						restaurantLastPolledAt: '2026-11-20T16:50:00.000Z',
						changes: { phone: { previous: '+1 212 555 0100', current: '+1 212 555 0199' } },
					},
				]);
				await nextPollReportsNothing();
			} finally {
				await close();
			}
		}, 60_000);
	});

	describe('a state of the Guests watch stored by release 1.0.0 (0.1.0 had no Guests watch)', () => {
		const fixture = readFixture('storedStateOf100.json');

		it('a new guest and a returning one, each once; the other changes mean nothing for guests', async () => {
			const { trigger, nextPollReportsNothing, close } = await installed(fixture, 'guests');
			try {
				await changeReservations();
				// Marco Rossi's booking of 21 November makes him a guest of restaurant 101.
				await call(
					'createReservation',
					{
						path: { restaurantId: 101 },
						body: {
							reservationTime: '2026-11-27T19:00:00',
							groupSize: 2,
							customerName: 'Marco Rossi',
							phone: '+49 170 1000204',
						},
					},
					201,
				);
				const result = await trigger.tick();
				expect(result.error).toBeUndefined();
				const items = result.changes as unknown as IDataObject[];
				expect(
					items.map(({ reservation: _r, guest, ...item }) => ({
						...item,
						guest: (guest as IDataObject).identity,
					})),
				).toEqual([
					{
						event: 'newGuest',
						restaurantId: 101,
						restaurantLastPolledAt: POLLED_AT,
						reservationId: 'rsv-101-000601',
						stateRole: 'booked',
						guest: '+491702000001',
						visits: 0,
						noShows: 0,
						lastVisit: null,
					},
					{
						event: 'returningGuest',
						restaurantId: 101,
						restaurantLastPolledAt: POLLED_AT,
						reservationId: 'rsv-101-000602',
						stateRole: 'booked',
						guest: '+491701000204',
						visits: 0,
						noShows: 0,
						lastVisit: null,
					},
				]);
				await nextPollReportsNothing();
			} finally {
				await close();
			}
		}, 60_000);
	});
}
