/**
 * The sandbox's own readings of local time and money (sandbox/clock.ts, sandbox/money.ts), with
 * literal expectations: the other side of every test the nodes take must be right on its own.
 */
import { instantOf, isZoneName, plusHours, toWallTime, wallClock } from '../../sandbox/clock';
import { describeFault, priceFault, roundCents, totalTooLarge } from '../../sandbox/money';
import { localAsUtc, localWithOffset } from '../../sandbox/readings/time';

describe('the sandbox clock', () => {
	it('knows IANA names only, on every Node', () => {
		for (const zone of ['Europe/Berlin', 'America/New_York', 'UTC', 'Etc/GMT-1', 'US/Eastern'])
			expect([zone, isZoneName(zone)]).toEqual([zone, true]);
		for (const zone of ['+05:30', '+0530', '+05', 'UTC+01:00', 'Mars/Base', '', 'Europe/'])
			expect([zone, isZoneName(zone)]).toEqual([zone, false]);
	});

	it('reads wall times and refuses what is none', () => {
		expect(toWallTime('2026-06-21T12:00', 'Europe/Berlin')).toBe('2026-06-21T12:00:00');
		expect(toWallTime('2026-06-21 12:00:07.5', 'Europe/Berlin')).toBe('2026-06-21T12:00:07');
		expect(toWallTime('2026-06-21', 'Europe/Berlin')).toBe('2026-06-21T00:00:00');
		expect(toWallTime('2026-06-21T12:00:00Z', 'Europe/Berlin')).toBe('2026-06-21T14:00:00');
		expect(toWallTime('2026-06-21T12:00:00-07:00', 'America/New_York')).toBe('2026-06-21T15:00:00');
		for (const text of ['2026-02-30T12:00', '2026-06-21T24:00', 'tomorrow', '2026-W25-1'])
			expect([text, toWallTime(text, 'Europe/Berlin')]).toEqual([text, undefined]);
		expect(wallClock('2026-06-21T12:00:00Z')).toBeUndefined();
	});

	it('maps a repeated wall time to its first occurrence and a skipped one past the jump', () => {
		// New York repeats 01:00-02:00 on 1 November 2026 and skips 02:00-03:00 on 8 March 2026.
		expect(instantOf('2026-11-01T01:30:00', 'America/New_York').toUTC().toISO()).toBe(
			'2026-11-01T05:30:00.000Z',
		);
		expect(localWithOffset('2026-11-01T01:30:00', 'America/New_York')).toBe(
			'2026-11-01T01:30:00-04:00',
		);
		expect(localWithOffset('2026-03-08T02:30:00', 'America/New_York')).toBe(
			'2026-03-08T03:30:00-04:00',
		);
		expect(localAsUtc('2026-06-21T12:00:00', 'Australia/Sydney')).toBe('2026-06-21T02:00:00Z');
		expect(plusHours('2026-03-29T01:30:00', -4)).toBe('2026-03-28T21:30:00');
	});
});

describe('the sandbox money rules', () => {
	it('refuses prices by their decimal text: below 0, past two decimals, above the maximum', () => {
		expect(priceFault('price', 4.99)).toBeUndefined();
		expect(priceFault('price', 0.1 + 0.2)?.rule).toBe('must have at most two decimal places');
		expect(priceFault('price', 1e-7)?.rule).toBe('must have at most two decimal places');
		expect(priceFault('price', 21474836.47)).toBeUndefined();
		const tooHigh = priceFault('deliveryPrice', 21474836.48)!;
		expect(describeFault(tooHigh)).toBe(
			'deliveryPrice is 21474836.48: it must not be above 21474836.47 (invalid_price)',
		);
		expect(describeFault(priceFault('price', -1)!)).toBe(
			'price is -1: it must not be below 0 (invalid_price)',
		);
		expect(priceFault('price', '5' as unknown as number)?.rule).toBe('must be a number');
		expect(totalTooLarge('order.total', 21474836.47)).toBeUndefined();
		expect(totalTooLarge('order.total', 1e8)?.code).toBe('amount_too_large');
	});

	it('rounds half away from zero to cents', () => {
		expect([1.005, 2.675, -2.675, 43.199999999999996, 0.125, -0].map(roundCents)).toEqual([
			1.01, 2.68, -2.68, 43.2, 0.13, 0,
		]);
	});
});
