/**
 * Restaurant-local date-times (nodes/shared/dateWindows.ts) at their edges: impossible dates and
 * times, text around a date, the leap day, a period of exactly 60 days, a wrong input's message.
 */
import {
	addLocalDays,
	addLocalYears,
	formatLocalDate,
	parseLocal,
	splitIntoWindows,
} from '../../nodes/shared/dateWindows';

describe('local date-times at their edges', () => {
	it('refuses a month, day, minute or second that does not exist, and reads text with spaces around', () => {
		for (const text of ['2026-13-01', '2026-02-30', '2026-06-21T10:60', '2026-06-21T10:00:60'])
			expect([text, parseLocal(text)]).toEqual([text, undefined]);
		expect(parseLocal(' 2026-06-21T10:00 ')).toBe(Date.UTC(2026, 5, 21, 10));
		expect(parseLocal('2026-06-21T23:59:59')).toBe(Date.UTC(2026, 5, 21, 23, 59, 59));
	});

	it('keeps 29 February on 28 February in a year without one', () => {
		expect(addLocalYears('2028-02-29T10:00:00', 1)).toBe('2029-02-28T10:00:00');
		expect(addLocalYears('2028-02-29T10:00:00', 4)).toBe('2032-02-29T10:00:00');
		expect(addLocalYears('2026-12-24T00:00:00', 2)).toBe('2028-12-24T00:00:00');
	});

	it('gives the date of naive milliseconds', () => {
		expect(formatLocalDate(Date.UTC(2026, 5, 21, 23, 59))).toBe('2026-06-21');
	});

	it('splits a period of exactly 60 days into one window, and 60 days and a minute into two', () => {
		expect(splitIntoWindows('2026-01-01T00:00:00', '2026-03-02T00:00:00')).toEqual([
			{ from: '2026-01-01T00:00:00', to: '2026-03-02T00:00:00' },
		]);
		expect(splitIntoWindows('2026-01-01T00:00:00', '2026-03-02T00:01:00')).toHaveLength(2);
	});

	it('names a date-time it cannot read', () => {
		expect(() => addLocalDays('next Tuesday', 1)).toThrow(
			'"next Tuesday" is not a local date-time (YYYY-MM-DDTHH:mm:ss)',
		);
	});
});
