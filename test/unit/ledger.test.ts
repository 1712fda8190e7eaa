/** The chaos scenario's truth ledger counts lost, duplicated and wrong reports, and only those. */
import {
	compareLedger,
	ledgerLine,
	type ExpectedChange,
	type ReportedItem,
} from '../deployments/support/ledger';

const expected: ExpectedChange[] = [
	{ reservationId: 'a', event: 'reservationCreated', what: 'created' },
	{
		reservationId: 'b',
		event: 'reservationUpdated',
		changes: { groupSize: { previous: 2, current: 5 } },
		what: 'party 2 -> 5',
	},
	{ reservationId: 'c', event: 'reservationCancelled', what: 'cancelled' },
];

describe('truth ledger', () => {
	it('is clean when each change is reported once, as it happened', () => {
		const reported: ReportedItem[] = [
			{ event: 'reservationCreated', reservationId: 'a' },
			{
				event: 'reservationUpdated',
				reservationId: 'b',
				changes: { groupSize: { previous: 2, current: 5 }, customerName: { current: 'X' } },
			},
			{ event: 'reservationCancelled', reservationId: 'c' },
		];
		const result = compareLedger(expected, reported);
		expect(ledgerLine('default', result)).toBe(
			'default: 3 expected, 3 reported, 0 lost, 0 duplicated, 0 wrong',
		);
	});

	it('counts a missing report as lost, a second one as duplicated, and a wrong value or a stranger as wrong', () => {
		const reported: ReportedItem[] = [
			{ event: 'reservationCreated', reservationId: 'a' },
			{ event: 'reservationCreated', reservationId: 'a' },
			{
				event: 'reservationUpdated',
				reservationId: 'b',
				changes: { groupSize: { previous: 3, current: 5 } },
			},
			{ event: 'reservationUpdated', reservationId: 'z' },
		];
		const result = compareLedger(expected, reported);
		expect(ledgerLine('queue', result)).toBe(
			'queue: 3 expected, 4 reported, 1 lost, 1 duplicated, 2 wrong',
		);
		expect(result.lost.map((c) => c.reservationId)).toEqual(['c']);
		expect(result.wrong.map((w) => w.why)).toEqual([
			'groupSize 3 -> 5, expected 2 -> 5',
			'a reservation the driver did not change',
		]);
	});
});
