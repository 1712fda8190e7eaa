/**
 * Restaurant-local time (nodes/shared/localTime.ts) at its edges: text around a date-time, the
 * hours after a clock change, the last valid fixed offset, and what a wrong input is told.
 */
import {
	hasOffset,
	isValidTimeZone,
	localToInstant,
	naiveLocalMs,
	toLocalDate,
	toRestaurantLocal,
} from '../../nodes/shared/localTime';

describe('restaurant-local time at its edges', () => {
	it('reads a date-time with spaces around it', () => {
		expect(hasOffset(' 2026-06-21T10:00:00Z ')).toBe(true);
		expect(toRestaurantLocal(' 2026-06-21T10:00:00Z ', 'Europe/Berlin')).toBe(
			'2026-06-21T12:00:00',
		);
		expect(toRestaurantLocal(' 2026-06-21T10:00 ', 'Europe/Berlin')).toBe('2026-06-21T10:00:00');
	});

	it('finds the instant of a wall time hours after a clock change, with the new offset', () => {
		// Berlin moves from +01:00 to +02:00 at 02:00 on 29 March 2026; 10:00 that morning is +02:00.
		expect(localToInstant('2026-03-29T10:00:00', 'Europe/Berlin').toISOString()).toBe(
			'2026-03-29T08:00:00.000Z',
		);
		// New York moves from -05:00 to -04:00 on 8 March 2026.
		expect(localToInstant('2026-03-08T09:00:00', 'America/New_York').toISOString()).toBe(
			'2026-03-08T13:00:00.000Z',
		);
	});

	it('gives the calendar date at the restaurant', () => {
		expect(toLocalDate(new Date('2026-06-21T22:30:00Z'), 'Europe/Berlin')).toBe('2026-06-22');
		expect(toLocalDate(new Date('2026-06-21T22:30:00Z'), '-03:30')).toBe('2026-06-21');
	});

	it('takes fixed offsets up to +23:59 and says what is wrong with the others', () => {
		expect(isValidTimeZone('+23:59')).toBe(true);
		expect(isValidTimeZone('-23:59')).toBe(true);
		expect(isValidTimeZone('+23:60')).toBe(false);
		// Node 24's Intl would take these as zones: they are refused whichever Node reads them.
		expect([isValidTimeZone('-0330'), isValidTimeZone('+0530'), isValidTimeZone('-03')]).toEqual([
			false,
			false,
			false,
		]);
		expect(() => naiveLocalMs(new Date(0), '+5:30')).toThrow('Invalid time zone specified: +5:30');
		expect(() => naiveLocalMs(new Date(Number.NaN), '+05:30')).toThrow('Invalid time value');
		expect(() => localToInstant('2026-02-30T10:00', 'Europe/Berlin')).toThrow(
			'"2026-02-30T10:00" is not a local date-time',
		);
	});
});
