/** The watched period (nodes/RestaurantReservationsTrigger/horizon): whole hours of the restaurant's wall clock. */
import { horizonAt } from '../../nodes/RestaurantReservationsTrigger/targets/reservations/horizon';

describe('horizonAt', () => {
	it('starts and ends at the start of the current local hour, look-back and look-ahead days away', () => {
		// 09:37:12 UTC is 11:37:12 in Berlin (summer time).
		const horizon = horizonAt(new Date('2026-06-15T09:37:12Z'), 'Europe/Berlin', 1, 90);
		expect(horizon.from).toBe('2026-06-14T11:00:00');
		expect(horizon.to).toBe('2026-09-13T11:00:00');
		expect(horizon.windows).toEqual([
			{ from: '2026-06-14T11:00:00', to: '2026-08-13T11:00:00' },
			{ from: '2026-08-13T11:00:00', to: '2026-09-13T11:00:00' },
		]);
	});

	it('stays the same within an hour and moves on the hour', () => {
		const at = (iso: string) => horizonAt(new Date(iso), 'America/New_York', 2, 30);
		expect(at('2026-03-09T14:00:00Z')).toEqual(at('2026-03-09T14:59:59Z'));
		expect(at('2026-03-09T15:00:00Z').from).toBe('2026-03-07T11:00:00');
		expect(at('2026-03-09T14:59:59Z').from).toBe('2026-03-07T10:00:00');
	});

	it('counts days on the wall clock across a change of offset (Sydney, April)', () => {
		// 2026-04-04T23:30Z is 09:30 on 5 April in Sydney, just after clocks went back an hour.
		const horizon = horizonAt(new Date('2026-04-04T23:30:00Z'), 'Australia/Sydney', 1, 1);
		expect(horizon).toMatchObject({ from: '2026-04-04T09:00:00', to: '2026-04-06T09:00:00' });
	});
});
