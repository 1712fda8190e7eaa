/**
 * The Reservations watch stores and emits exactly what the trigger did before the Watch parameter:
 * fixtures/reservationsBeforeWatch.json was recorded by the trigger of commit 86698f0 (the last
 * before it) running this same scenario (`RECORD_FIXTURE=1`). A workflow saved before (no `watch` parameter) and one that
 * chooses Reservations give that same static data, byte for byte, and the same items.
 *
 * The clock of this process is fixed (`Date` only, timers stay real) so that every run watches the
 * same horizon of a sandbox seeded for that day. The sandbox keeps its own clock, which reaches only
 * the server time stored per restaurant (`d`) and `updatedAt`: those two are left out. So are what
 * was added since for many restaurants (issue 25): when each restaurant was polled (`p`, the fixed
 * clock: checked) and the items' `restaurantLastPolledAt`. And what 1.0.0 changed in the stored
 * format: its version (3), the settings key (Report Previous Guest Details no longer changes it: the
 * key of the option off) and the description of the records (`l`), checked apart from the rest.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { reservationRecords } from '../support/reservationRecords';
import { useSandbox } from '../support/sandbox';
import { fixClock, realClock } from './fixedClocks';
import { Trigger } from './support';

const FIXTURE = path.join(__dirname, 'fixtures', 'reservationsBeforeWatch.json');
const TODAY = '2026-06-15';
const NOW = Date.parse(`${TODAY}T09:30:00Z`);
const RECORD = process.env.RECORD_FIXTURE === '1';

const ctx = useSandbox({ today: TODAY });

beforeAll(() => fixClock(NOW));
afterAll(() => realClock());

const CASES: Record<string, INodeParameters> = {
	oneRestaurant: {
		restaurants: 'one',
		restaurantId: { __rl: true, mode: 'id', value: '101' },
	},
	allWithOptions: {
		restaurants: 'all',
		lookBackDays: 3,
		lookAheadDays: 60,
		options: { keepGuestDetails: true, includeEvents: false },
	},
};

interface Run {
	baseline: IDataObject;
	changes: IDataObject[];
	afterChanges: IDataObject;
	samples: IDataObject[];
}

/** Open reservations of restaurant 101 in its next 30 days, in ID order. */
async function someReservations(): Promise<IDataObject[]> {
	const { body } = await ctx.call('listReservations', {
		query: { from: `${TODAY}T12:00:00`, to: '2026-07-15T00:00:00', includeEvents: false },
	});
	return (body as IDataObject[])
		.filter((r) => r.state === 'confirmed')
		.sort((a, b) => (String(a.id) < String(b.id) ? -1 : 1))
		.slice(0, 5);
}

async function update(id: unknown, body: IDataObject): Promise<void> {
	const response = await ctx.call('updateReservation', {
		path: { restaurantId: 101, reservationId: String(id) },
		body,
	});
	expect(response.status).toBe(200);
}

/** The node's static data without the sandbox's clock, nor when each restaurant was polled (the fixed clock). */
function withoutServerTime(staticData: IDataObject): IDataObject {
	const copy = structuredClone(staticData);
	for (const node of Object.values(copy) as IDataObject[])
		for (const restaurant of Object.values((node.r ?? {}) as Record<string, IDataObject>)) {
			expect(restaurant.p).toBe(Math.floor(NOW / 1000));
			delete restaurant.d;
			delete restaurant.p;
		}
	return copy;
}

/**
 * The fixture with its horizons started on the hour: it was recorded when the horizon began at the
 * minute of the poll (11:30 here); it now begins at the start of the hour (11:00), and nothing else
 * about the state changed.
 */
function onTheHour(fixture: Record<string, Run>): Record<string, Run> {
	const copy = structuredClone(fixture);
	for (const run of Object.values(copy))
		for (const state of [run.baseline, run.afterChanges])
			for (const node of Object.values(state) as IDataObject[])
				for (const restaurant of Object.values((node.r ?? {}) as Record<string, IDataObject>))
					for (const key of ['f', 't'])
						restaurant[key] = `${String(restaurant[key]).slice(0, 13)}:00:00`;
	return copy;
}

/**
 * The items as the fixture recorded them: without the times that differ from run to run, and
 * without what later releases add beside the API's record (the state's role, checked apart).
 */
function withoutUpdatedAt(items: IDataObject[]): IDataObject[] {
	return items.map(
		({ restaurantLastPolledAt: _p, stateRole: _s, previousStateRole: _ps, ...item }) => {
			const { updatedAt: _u, ...reservation } = item.reservation as IDataObject;
			return { ...item, reservation };
		},
	);
}

/** The version, settings key and description this release stores for each case. */
const FORMAT: Record<string, IDataObject> = {
	oneRestaurant: { v: 3, k: 'rZ71gWkR', l: [reservationRecords('hash')] },
	// 0.1.0's key of these settings was WPPotKlQ (the option on); TifMVqbQ is its key with it off.
	allWithOptions: { v: 3, k: 'TifMVqbQ', l: [reservationRecords('value')] },
};

/** The node's state without what 1.0.0 changed in the format (checked apart: FORMAT). */
/** The state without its format, nor `ra`, the overlap guard's stamp of the last report (poll/overlapGuard). */
function withoutFormat(staticData: IDataObject): IDataObject {
	const copy = structuredClone(staticData);
	for (const node of Object.values(copy) as IDataObject[])
		for (const key of ['v', 'k', 'l', 'ra']) delete node[key];
	return copy;
}

function formatOf(staticData: IDataObject): IDataObject {
	const [node] = Object.values(staticData) as IDataObject[];
	return { v: node.v, k: node.k, l: node.l };
}

/** The scenario, from a freshly reset sandbox. */
async function run(parameters: INodeParameters): Promise<Run> {
	await ctx.sandbox.reset();
	const trigger = new Trigger(ctx, parameters);
	const first = await trigger.tick();
	expect(first.error).toBeUndefined();
	expect(first.items).toBeNull();
	const baseline = withoutServerTime(trigger.staticData);

	const [a, b, c, d, e] = await someReservations();
	await update(a.id, { groupSize: (a.groupSize as number) + 1, tableNumber: 'T9' });
	await update(b.id, { customerName: 'Changed Guest', specialRequests: 'Window, quiet' });
	await update(c.id, { state: 'seated' });
	await update(d.id, { reservationTime: '2026-06-20T21:15:00' });
	await update(e.id, { reservationTime: '2027-09-01T19:00:00' });
	const second = await trigger.tick();
	expect(second.error).toBeUndefined();
	const changes = withoutUpdatedAt(second.changes as unknown as IDataObject[]);
	expect(changes.length).toBeGreaterThanOrEqual(3);

	const test = await trigger.test();
	expect(test.error).toBeUndefined();
	return {
		baseline,
		changes,
		afterChanges: withoutServerTime(trigger.staticData),
		samples: withoutUpdatedAt(test.changes as unknown as IDataObject[]),
	};
}

describe('the Reservations watch, against the trigger before the Watch parameter', () => {
	if (RECORD) {
		it('records the fixture', async () => {
			const recorded: Record<string, Run> = {};
			for (const [name, parameters] of Object.entries(CASES))
				recorded[name] = await run(parameters);
			fs.writeFileSync(FIXTURE, `${JSON.stringify(recorded, null, '\t')}\n`);
			expect(Object.keys(recorded)).toHaveLength(2);
		}, 120_000);
		return;
	}

	const fixture = onTheHour(JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as Record<string, Run>);

	it.each(Object.keys(CASES))(
		'%s, saved before the Watch parameter existed: the same static data and items',
		async (name) => {
			expect(CASES[name].watch).toBeUndefined();
			const now = await run(CASES[name]);
			expect(JSON.stringify(withoutFormat(now.baseline))).toBe(
				JSON.stringify(withoutFormat(fixture[name].baseline)),
			);
			expect(JSON.stringify(withoutFormat(now.afterChanges))).toBe(
				JSON.stringify(withoutFormat(fixture[name].afterChanges)),
			);
			expect(formatOf(now.baseline)).toEqual(FORMAT[name]);
			expect(formatOf(now.afterChanges)).toEqual(FORMAT[name]);
			expect(now.changes).toEqual(fixture[name].changes);
			expect(now.samples).toEqual(fixture[name].samples);
		},
		60_000,
	);

	it('oneRestaurant with Watch: Reservations chosen: the same static data and items', async () => {
		const now = await run({ ...CASES.oneRestaurant, watch: 'reservations' });
		const before = fixture.oneRestaurant;
		expect(JSON.stringify(withoutFormat(now.baseline))).toBe(
			JSON.stringify(withoutFormat(before.baseline)),
		);
		expect(JSON.stringify(withoutFormat(now.afterChanges))).toBe(
			JSON.stringify(withoutFormat(before.afterChanges)),
		);
		expect(formatOf(now.afterChanges)).toEqual(FORMAT.oneRestaurant);
		expect(now.changes).toEqual(before.changes);
		expect(now.samples).toEqual(before.samples);
	}, 60_000);
});
