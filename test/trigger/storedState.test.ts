/**
 * Stored state from before survives an upgrade: fixtures/storedStateVersion2.json holds the static
 * data the trigger stored at commit f17724c (one baseline poll each, with and without "Report
 * Previous Guest Details", against the sandbox seeded for its `sandboxToday`). Loaded into today's
 * trigger, it is compared against, not replaced by a new baseline, and stored again as this
 * release stores it; a state of a version this release does not read is replaced by a baseline.
 * test/trigger/upgrades.test.ts polls states release 0.1.0 stored, every watch target.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import fixture from './fixtures/storedStateVersion2.json';
import { useSandbox } from '../support/sandbox';
import { localDay, Trigger } from './support';

const ctx = useSandbox({ today: fixture.sandboxToday });
beforeEach(async () => ctx.sandbox.reset());

/** The first record of both fixtures: a confirmed reservation of the seed. */
const TRACKED = 'rsv-101-000002';
const TIME_ZONE = 'Europe/Berlin';

type Case = 'compact' | 'withGuestDetails';

function installed(name: Case, change: (state: IDataObject) => void = () => {}): Trigger {
	const { parameters, staticData } = structuredClone(fixture[name]);
	const trigger = new Trigger(ctx, parameters as INodeParameters);
	Object.assign(trigger.staticData, staticData);
	change(trigger.state!);
	return trigger;
}

async function reservation(id: string): Promise<IDataObject> {
	const response = await ctx.call('getReservation', {
		path: { restaurantId: 101, reservationId: id },
	});
	expect(response.status).toBe(200);
	return response.body;
}

async function update(id: string, body: IDataObject): Promise<void> {
	expect(
		(await ctx.call('updateReservation', { path: { restaurantId: 101, reservationId: id }, body }))
			.status,
	).toBe(200);
}

describe('a stored state of version 2', () => {
	it.each<Case>(['compact', 'withGuestDetails'])(
		'(%s) is read: the next poll reports a change made since, with its previous values',
		async (name) => {
			const trigger = installed(name);
			expect(
				(trigger.state!.r as Record<string, { s: string }>)['101'].s.startsWith(`0${TRACKED},`),
			).toBe(true);
			const before = await reservation(TRACKED);
			const reservationTime = localDay(TIME_ZONE, 5);
			await update(TRACKED, {
				reservationTime,
				groupSize: (before.groupSize as number) + 1,
				customerName: 'Renamed Guest',
			});

			const result = await trigger.tick();
			expect(result.error).toBeUndefined();
			expect(result.changes.map((c) => [c.reservationId, c.event, c.changedFields])).toEqual([
				[TRACKED, 'reservationUpdated', ['reservationTime', 'groupSize', 'customerName']],
			]);
			expect(result.changes[0].changes).toEqual({
				reservationTime: { previous: before.reservationTime, current: reservationTime },
				groupSize: { previous: before.groupSize, current: (before.groupSize as number) + 1 },
				customerName:
					name === 'withGuestDetails'
						? { previous: before.customerName, current: 'Renamed Guest' }
						: { current: 'Renamed Guest' },
			});
			// Stored again as this release stores it: its version, the settings key of 0.1.0 with the
			// option off (the option no longer changes it), and what the records hold.
			expect(trigger.state).toMatchObject({ v: 3, k: 'rZ71gWkR' });
			expect((trigger.state!.l as Array<{ guestDetailsAs: string }>)[0].guestDetailsAs).toBe(
				name === 'withGuestDetails' ? 'value' : 'hash',
			);
			expect((await trigger.tick()).items).toBeNull();
		},
	);

	it('of an unknown version is not compared against: a new baseline, silently', async () => {
		const trigger = installed('compact', (state) => (state.v = 99));
		await update(TRACKED, { reservationTime: localDay(TIME_ZONE, 5), groupSize: 9 });
		const result = await trigger.tick();
		expect(result.error).toBeUndefined();
		expect(result.items).toBeNull();
		expect(trigger.state!.v).toBe(3);

		await update(TRACKED, { groupSize: 10 });
		expect((await trigger.tick()).changes.map((c) => [c.reservationId, c.changes])).toEqual([
			[TRACKED, { groupSize: { previous: 9, current: 10 } }],
		]);
	});
});
