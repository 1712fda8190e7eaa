import { WINDOWS_TO_IANA_MAP, findIana } from 'windows-iana';
import { restaurantZone } from '../../nodes/shared/reading/restaurantZone';
import {
	isValidTimeZone,
	localToInstant,
	naiveLocalMs,
	toLocalDateTime,
	toRestaurantLocal,
} from '../../nodes/shared/localTime';
import { TIME_ZONE_FORMS, readTimeZone } from '../../nodes/shared/timeZones';
import { WINDOWS_ZONES, WINDOWS_ZONE_CITIES } from '../../nodes/shared/windowsZones';

const windowsNames = [...new Set(WINDOWS_TO_IANA_MAP.map((entry) => entry.windowsName))];

/** Instants from 1950 to 2060, with odd milliseconds, some before the epoch. */
const instants = Array.from(
	{ length: 400 },
	(_, i) => Date.UTC(1950, 0, 1) + i * 9_876_543_211 + (i % 1000),
);

describe('the Windows zone table', () => {
	it('maps every Windows zone name to the IANA zone windows-iana gives first, and no other', () => {
		expect(Object.keys(WINDOWS_ZONES).sort()).toEqual([...windowsNames].sort());
		for (const name of windowsNames)
			expect([name, WINDOWS_ZONES[name]]).toEqual([name, findIana(name)[0]]);
	});

	it('names only zones the platform knows', () => {
		for (const iana of Object.values(WINDOWS_ZONES))
			expect([iana, isValidTimeZone(iana)]).toEqual([iana, true]);
	});

	it('has cities in lower case, each of a Windows zone in the table', () => {
		for (const [city, windowsName] of Object.entries(WINDOWS_ZONE_CITIES)) {
			expect(city).toBe(city.toLowerCase());
			expect(WINDOWS_ZONES[windowsName]).toBeDefined();
		}
	});
});

describe('readTimeZone', () => {
	it('reads an IANA name typed with a space for the underscore, or in a mixed wrong case', () => {
		expect(readTimeZone('America/New York')).toBe('America/New_York');
		expect(readTimeZone('america/los angeles')).toBe('America/Los_Angeles');
		expect(readTimeZone('Europe/BERLIN')).toBe('Europe/Berlin');
		expect(readTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
	});

	it('reads every Windows zone name, in any case, as its IANA zone', () => {
		for (const name of windowsNames) {
			const expected = findIana(name)[0];
			for (const form of [name, name.toLowerCase(), name.toUpperCase(), ` ${name} `]) {
				const zone = readTimeZone(form);
				if (/^UTC[+-]\d{2}$/.test(name)) {
					// "UTC-08" reads as the offset "-08:00", the same clock as its table zone Etc/GMT+8.
					expect(zone).toBe(`${name.slice(3)}:00`);
					for (const instant of instants.slice(0, 20)) {
						expect(naiveLocalMs(new Date(instant), zone!)).toBe(
							naiveLocalMs(new Date(instant), expected),
						);
					}
				} else if (name === 'UTC') {
					expect(zone).toBe('UTC');
				} else {
					expect([form, zone]).toEqual([form, expected]);
				}
			}
		}
		expect(readTimeZone('Pacific Standard Time')).toBe('America/Los_Angeles');
		expect(readTimeZone('W. Europe Standard Time')).toBe('Europe/Berlin');
		expect(readTimeZone('w. europe  standard time')).toBe('Europe/Berlin');
	});

	it('reads IANA names as they are, fixing the case when that is all that is wrong', () => {
		expect(readTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
		expect(readTimeZone('  America/New_York ')).toBe('America/New_York');
		expect(readTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
		expect(readTimeZone('Etc/GMT+1')).toBe('Etc/GMT+1');
		expect(readTimeZone('europe/berlin')).toBe('Europe/Berlin');
		expect(readTimeZone('America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires');
		// An alias in the wrong case: Intl's canonical name for it.
		expect(readTimeZone('AMERICA/ARGENTINA/BUENOS_AIRES')).toBe('America/Buenos_Aires');
		expect(readTimeZone('asia/kolkata')).toBe('Asia/Calcutta');
		expect(readTimeZone('America/New York')).toBe('America/New_York');
	});

	it.each([
		['UTC', 'UTC'],
		['utc', 'UTC'],
		['GMT', 'UTC'],
		['Z', 'UTC'],
		['UTC-08:00', '-08:00'],
		['UTC+01:00', '+01:00'],
		['+01:00', '+01:00'],
		['-03:30', '-03:30'],
		['-0330', '-03:30'],
		['+0545', '+05:45'],
		['GMT+1', '+01:00'],
		['GMT-10', '-10:00'],
		['UTC+5:30', '+05:30'],
		['utc +05:30', '+05:30'],
		['+5', '+05:00'],
		['UTC+14:00', '+14:00'],
		['UTC+05:59', '+05:59'],
		['UTC-12:00', '-12:00'],
		['UTC+00:00', '+00:00'],
		['-00:00', '+00:00'],
	])('reads the offset %j as %j', (value, zone) => {
		expect(readTimeZone(value)).toBe(zone);
		expect(isValidTimeZone(zone)).toBe(true);
	});

	it.each([
		['(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna', 'Europe/Berlin'],
		['(UTC+01:00) Brussels, Copenhagen, Madrid, Paris', 'Europe/Paris'],
		['(UTC+01:00) Belgrade, Bratislava, Budapest, Ljubljana, Prague', 'Europe/Budapest'],
		['(UTC+00:00) Dublin, Edinburgh, Lisbon, London', 'Europe/London'],
		['(GMT) Dublin, Edinburgh, Lisbon, London', 'Europe/London'],
		['(UTC+05:30) Chennai, Kolkata, Mumbai, New Delhi', 'Asia/Calcutta'],
		['(UTC+08:00) Beijing, Chongqing, Hong Kong, Urumqi', 'Asia/Shanghai'],
		['(UTC+10:00) Canberra, Melbourne, Sydney', 'Australia/Sydney'],
		['(UTC+04:30) Kabul', 'Asia/Kabul'],
		['(UTC-08:00) Pacific Time (US & Canada)', 'America/Los_Angeles'],
		['(UTC-05:00) Eastern Time (US & Canada)', 'America/New_York'],
		['(UTC-04:00) Atlantic Time (Canada)', 'America/Halifax'],
		['(UTC-09:00) Alaska', 'America/Anchorage'],
		['(UTC-05:00) Indiana (East)', 'America/Indianapolis'],
		['(UTC-03:30) Newfoundland', 'America/St_Johns'],
		['(UTC) Coordinated Universal Time', 'Etc/UTC'],
		// No city or region known, or the zone found has another offset: the displayed offset.
		['(UTC+03:00) Nowhere, Atlantis', '+03:00'],
		['(UTC+03:00) Berlin', '+03:00'],
		['(UTC-02:00) Coordinated Universal Time-02', '-02:00'],
		['(UTC) Somewhere', 'UTC'],
		['(UTC+01:00) constructor', '+01:00'],
	])('reads the Windows display name %j as %j', (value, zone) => {
		expect(readTimeZone(value)).toBe(zone);
		expect(isValidTimeZone(zone)).toBe(true);
	});

	it.each([
		[''],
		['   '],
		[null],
		[undefined],
		[42],
		[{}],
		[['Europe/Berlin']],
		['banana'],
		['Mars/Olympus_Mons'],
		['Pacific Standard'],
		['+25:00'],
		['UTC+14:30'],
		['+05:60'],
		['+130'],
		['05:30'],
		['UTC+'],
		['(UTC+01:00'],
		['(UTC+19:00) Berlin'],
		['constructor'],
	])('reads %j as no zone', (value) => {
		expect(readTimeZone(value)).toBeUndefined();
	});

	it('remembers its answer for each input', () => {
		const spy = jest.spyOn(Intl, 'DateTimeFormat');
		try {
			expect(readTimeZone('pacific/auckland')).toBe('Pacific/Auckland');
			const calls = spy.mock.calls.length;
			expect(calls).toBeGreaterThan(0);
			expect(readTimeZone('pacific/auckland')).toBe('Pacific/Auckland');
			expect(readTimeZone('no/such_zone')).toBeUndefined();
			const afterGarbage = spy.mock.calls.length;
			expect(readTimeZone('no/such_zone')).toBeUndefined();
			expect(spy.mock.calls.length).toBe(afterGarbage);
		} finally {
			spy.mockRestore();
		}
	});

	it('names its forms for error messages', () => {
		expect(TIME_ZONE_FORMS).toContain('Europe/Berlin');
		expect(TIME_ZONE_FORMS).toContain('W. Europe Standard Time');
		expect(TIME_ZONE_FORMS).toContain('UTC+01:00');
	});
});

describe('local time in a fixed-offset zone', () => {
	it('knows canonical offsets as zones, and nothing looser', () => {
		for (const zone of ['+05:30', '-03:30', '+00:00', '-12:00', '+14:00']) {
			expect([zone, isValidTimeZone(zone)]).toEqual([zone, true]);
		}
		for (const zone of ['+5:30', '+0530', '+05:60', '+24:00', '-', '+', 'UTC+05:30', '05:30']) {
			expect([zone, isValidTimeZone(zone)]).toEqual([zone, false]);
		}
		expect(() => naiveLocalMs(new Date(0), '+5:30')).toThrow(RangeError);
		expect(() => naiveLocalMs(new Date(Number.NaN), '+05:30')).toThrow(RangeError);
	});

	it('shows the wall clock at the offset, with no daylight saving', () => {
		// Berlin changes its clocks on 2026-03-29 and 2026-10-25: an offset zone does not.
		for (const day of ['2026-01-15', '2026-03-29', '2026-07-01', '2026-10-25']) {
			const instant = new Date(`${day}T12:00:00Z`);
			expect(toLocalDateTime(instant, '+05:30')).toBe(`${day}T17:30:00`);
			expect(toLocalDateTime(instant, '-03:30')).toBe(`${day}T08:30:00`);
			expect(toLocalDateTime(instant, '+00:00')).toBe(`${day}T12:00:00`);
		}
		expect(naiveLocalMs(new Date('2026-12-31T22:00:00.999Z'), '+05:30')).toBe(
			Date.UTC(2027, 0, 1, 3, 30),
		);
		expect(toRestaurantLocal('2026-03-29T01:30:00Z', '-03:30')).toBe('2026-03-28T22:00:00');
		expect(toRestaurantLocal('2026-03-29T01:30:00+02:00', '+05:30')).toBe('2026-03-29T05:00:00');
		expect(toRestaurantLocal('2026-03-29T01:30', '+05:30')).toBe('2026-03-29T01:30:00');
	});

	it('agrees with Intl where an IANA zone keeps the same offset', () => {
		const pairs: Array<[string, string, number]> = [
			['+00:00', 'UTC', Date.UTC(1950, 0, 1)],
			['+09:00', 'Asia/Tokyo', Date.UTC(1952, 0, 1)],
			['+05:30', 'Asia/Kolkata', Date.UTC(1946, 0, 1)],
			['-10:00', 'Pacific/Honolulu', Date.UTC(1948, 0, 1)],
		];
		for (const [offset, iana, since] of pairs) {
			for (const ms of instants.filter((instant) => instant >= since)) {
				const instant = new Date(ms);
				expect([offset, ms, naiveLocalMs(instant, offset)]).toEqual([
					offset,
					ms,
					naiveLocalMs(instant, iana),
				]);
			}
		}
	});

	it.each(['+05:30', '-03:30', '+00:00'])('round-trips local times in %s', (zone) => {
		for (const ms of instants) {
			const whole = Math.floor(ms / 1000) * 1000;
			const local = toLocalDateTime(new Date(ms), zone);
			expect(localToInstant(local, zone).getTime()).toBe(whole);
		}
		// Every wall time exists exactly once, even on Berlin's and New York's change days.
		for (const local of ['2026-03-29T02:30:00', '2026-10-25T02:30:00', '2026-03-08T02:30:00']) {
			const instant = localToInstant(local, zone);
			expect(toLocalDateTime(instant, zone)).toBe(local);
			// The instant is the wall time less the zone's offset (its wall clock at the epoch).
			const offset = naiveLocalMs(new Date(0), zone);
			expect(instant.getTime() + offset).toBe(localToInstant(local, '+00:00').getTime());
		}
	});
});

describe('restaurantZone: the zone a restaurant is read in', () => {
	const restaurant = { id: 102, name: 'Harbor' };

	it("reads the API's zone; the credential's Restaurant Time Zone when it cannot, or when it is a fixed offset", () => {
		expect(restaurantZone(restaurant, 'Eastern Standard Time', '')).toEqual({
			timeZone: 'America/New_York',
		});
		expect(restaurantZone(restaurant, 'Eastern Standard Time', 'Europe/Berlin')).toEqual({
			timeZone: 'America/New_York',
		});
		// A fixed offset knows no clock change: the zone the user named wins.
		expect(restaurantZone(restaurant, 'UTC-05:00', '')).toEqual({ timeZone: '-05:00' });
		expect(restaurantZone(restaurant, 'UTC-05:00', 'America/New_York')).toEqual({
			timeZone: 'America/New_York',
		});
		expect(restaurantZone(restaurant, '', 'America/New_York')).toEqual({
			timeZone: 'America/New_York',
		});
	});

	it('names the restaurant and the value it cannot read, and the fix', () => {
		expect(restaurantZone(restaurant, 'Harbor Time', '')).toEqual({
			problem:
				'Restaurant 102 (Harbor): the API gives the time zone "Harbor Time", which the node cannot read',
			fix: expect.stringContaining('Restaurant Time Zone'),
		});
		expect(restaurantZone(restaurant, '', 'Mars/Olympus')).toEqual({
			problem: 'Restaurant Time Zone "Mars/Olympus" in the credential is not a time zone',
			fix: expect.stringContaining('Europe/Berlin'),
		});
	});
});
