/**
 * Upgrades stay quiet on other readings too: the records release 0.1.0 stored for bookings whose
 * state is in `status` and whose times carry an offset (the state then read as none, `status` in
 * the rest hash, a time as JSON) are read by this release as unchanged, and a real change is still
 * reported once. test/trigger/reservationsUnchanged.test.ts proves the same for the sandbox's own
 * reading with whole polls.
 *
 * The fixture (fixtures/recordsOf010.json) was made by 0.1.0 itself: a git worktree of ec45e26
 * ran fixtures/recordsOf010.generate.txt (as a .ts file, with tsx) against this release's sandbox
 * in the platform, upper and legacy readings (`npm run sandbox -- --today 2026-11-26 --reading
 * NAME`), the first 12 bookings of restaurant 102 from 2026-11-20 to 2026-12-10, with the previous
 * guest details reported and not.
 */
import type { IDataObject } from 'n8n-workflow';
import { RESERVATIONS_OF_010 } from '../../nodes/RestaurantReservationsTrigger/targets/reservations/layout';
import { snapshotFormat } from '../../nodes/RestaurantReservationsTrigger/targets/reservations/recordFormat';
import { NO_PLACEMENTS } from '../../nodes/shared/reading/vocabulary';
import fixture from './fixtures/recordsOf010.json';

type Stored = { reservations: IDataObject[]; records: { hashes: string[]; values: string[] } };
const readings = Object.entries(fixture as Record<string, Stored>);

describe.each(readings)('records 0.1.0 stored, %s reading', (_reading, stored) => {
	it.each([
		['hashes', false, RESERVATIONS_OF_010.hash],
		['values', true, RESERVATIONS_OF_010.value],
	] as const)('read as unchanged (guest details as %s)', (kind, reportPrevious, by) => {
		const format = snapshotFormat(reportPrevious);
		stored.reservations.forEach((reservation, i) => {
			const record = { id: String(reservation.id), record: stored.records[kind][i] };
			expect([reservation.id, format.changeSince(record, by, reservation, NO_PLACEMENTS)]).toEqual([
				reservation.id,
				undefined,
			]);
		});
	});

	it('a booking moved since is reported, with the fields that changed', () => {
		const format = snapshotFormat(false);
		const [reservation] = stored.reservations;
		const record = { id: String(reservation.id), record: stored.records.hashes[0] };
		const moved = { ...reservation, groupSize: Number(reservation.groupSize) + 2 };
		expect(
			format.changeSince(record, RESERVATIONS_OF_010.hash, moved, NO_PLACEMENTS),
		).toMatchObject({
			changedFields: ['groupSize'],
			stateChanged: false,
			cancelled: false,
		});
	});

	it('a state changed since is reported (as 0.1.0 saw it, the one poll of the upgrade)', () => {
		const format = snapshotFormat(false);
		const index = stored.reservations.findIndex((r) =>
			/confirmed|booked/i.test(String(r.status ?? r.state)),
		);
		const reservation = stored.reservations[index];
		const field = 'status' in reservation ? 'status' : 'state';
		const record = { id: String(reservation.id), record: stored.records.hashes[index] };
		const change = format.changeSince(
			record,
			RESERVATIONS_OF_010.hash,
			{ ...reservation, [field]: 'Seated' },
			NO_PLACEMENTS,
		);
		expect(change).toBeDefined();
		expect(change!.changedFields.length > 0 || change!.otherFieldsChanged).toBe(true);
	});
});
