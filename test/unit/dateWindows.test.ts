import { DateTime } from 'luxon';
import {
	addLocalDays,
	dateRangeExceedsDays,
	formatLocal,
	parseLocal,
	rangeExceedsDays,
	splitIntoWindows,
} from '../../nodes/shared/dateWindows';
import {
	isValidTimeZone,
	localToInstant,
	toLocalDateTime,
	toRestaurantLocal,
} from '../../nodes/shared/localTime';

describe('restaurant-local date-times', () => {
	it('parses dates and date-times without an offset and rejects impossible ones', () => {
		expect(formatLocal(parseLocal('2026-11-22')!)).toBe('2026-11-22T00:00:00');
		expect(formatLocal(parseLocal('2026-11-22T19:30')!)).toBe('2026-11-22T19:30:00');
		expect(parseLocal('2026-02-30T10:00:00')).toBeUndefined();
		expect(parseLocal('2026-11-22T24:00:00')).toBeUndefined();
		expect(parseLocal('tomorrow')).toBeUndefined();
	});

	it('adds calendar days on the wall clock, across a daylight-saving change', () => {
		// Europe/Berlin leaves summer time on 2026-10-25: the wall time stays 19:30.
		expect(addLocalDays('2026-10-24T19:30:00', 2)).toBe('2026-10-26T19:30:00');
	});
});

describe('60-day windows', () => {
	it('splits a year into consecutive windows of at most 60 days, with no gap and no overlap', () => {
		const windows = splitIntoWindows('2026-01-01T00:00:00', '2027-01-01T00:00:00');
		expect(windows).toHaveLength(Math.ceil(365 / 60));
		expect(windows[0]).toEqual({ from: '2026-01-01T00:00:00', to: '2026-03-02T00:00:00' });
		for (let i = 1; i < windows.length; i++) expect(windows[i].from).toBe(windows[i - 1].to);
		expect(windows.at(-1)!.to).toBe('2027-01-01T00:00:00');
		for (const w of windows) expect(rangeExceedsDays(w.from, w.to)).toBe(false);
	});

	it('gives one window for a short range and none for an empty one', () => {
		expect(splitIntoWindows('2026-05-01T12:00:00', '2026-05-02T12:00:00')).toHaveLength(1);
		expect(splitIntoWindows('2026-05-02T00:00:00', '2026-05-01T00:00:00')).toEqual([]);
	});

	it('allows exactly 60 days and refuses one second more', () => {
		expect(rangeExceedsDays('2026-03-01T00:00:00', '2026-04-30T00:00:00')).toBe(false);
		expect(rangeExceedsDays('2026-03-01T00:00:00', '2026-04-30T00:00:01')).toBe(true);
		expect(dateRangeExceedsDays('2026-03-01', '2026-04-29')).toBe(false);
		expect(dateRangeExceedsDays('2026-03-01', '2026-04-30')).toBe(true);
	});
});

describe('time zones (checked against luxon)', () => {
	const zones = ['Europe/Berlin', 'America/New_York', 'Australia/Sydney'];
	const instants = [
		'2026-03-29T00:59:59Z',
		'2026-03-29T01:00:00Z',
		'2026-10-25T00:30:00Z',
		'2026-11-01T06:30:00Z',
		'2026-04-04T16:00:00Z',
		'2026-10-03T16:30:00Z',
	];

	it.each(zones)('converts instants to wall time in %s as luxon does', (zone) => {
		for (const iso of instants) {
			const expected = DateTime.fromISO(iso, { zone }).toFormat("yyyy-MM-dd'T'HH:mm:ss");
			expect(toLocalDateTime(new Date(iso), zone)).toBe(expected);
		}
	});

	it.each(zones)('finds the instant of a wall time in %s as luxon does', (zone) => {
		for (const local of [
			'2026-01-15T19:30:00',
			'2026-07-15T12:00:00',
			'2026-10-26T02:30:00',
			'2026-11-02T01:30:00',
			'2026-04-05T19:00:00',
		]) {
			const expected = DateTime.fromISO(local, { zone })
				.toUTC()
				.toISO({ suppressMilliseconds: true });
			expect(localToInstant(local, zone).toISOString().replace('.000Z', 'Z')).toBe(expected);
		}
	});

	it('maps a wall time repeated by the autumn change to its first occurrence', () => {
		// New York repeats 01:00 to 02:00 on 2026-11-01: 01:30 EDT (05:30Z) comes before 01:30 EST.
		expect(localToInstant('2026-11-01T01:30:00', 'America/New_York').toISOString()).toBe(
			'2026-11-01T05:30:00.000Z',
		);
		expect(localToInstant('2026-10-25T02:30:00', 'Europe/Berlin').toISOString()).toBe(
			'2026-10-25T00:30:00.000Z',
		);
	});

	it('moves a wall time skipped by the spring change forward by the jump', () => {
		// Berlin jumps from 02:00 to 03:00 on 2026-03-29: 02:30 does not exist, 03:30 CEST is 01:30Z.
		expect(localToInstant('2026-03-29T02:30:00', 'Europe/Berlin').toISOString()).toBe(
			'2026-03-29T01:30:00.000Z',
		);
	});

	it('converts a value with an offset into restaurant time and keeps a local one', () => {
		expect(toRestaurantLocal('2026-07-01T18:00:00Z', 'Europe/Berlin')).toBe('2026-07-01T20:00:00');
		expect(toRestaurantLocal('2026-07-01T18:00:00+02:00', 'America/New_York')).toBe(
			'2026-07-01T12:00:00',
		);
		expect(toRestaurantLocal('2026-07-01T18:00', 'America/New_York')).toBe('2026-07-01T18:00:00');
		expect(toRestaurantLocal('soon', 'Europe/Berlin')).toBeUndefined();
	});

	it('knows valid zone names', () => {
		expect(isValidTimeZone('Australia/Sydney')).toBe(true);
		expect(isValidTimeZone('Mars/Olympus')).toBe(false);
	});
});
