/**
 * A guest's yearly occasions (nodes/shared/guests/occasions.ts) at their edges: the first and last
 * day of each month's length, forms with and without a year, text around a date; and what a
 * booking's state role means for its guest (roles.ts).
 */
import { monthDayOf, occasionOf, profileOf } from '../../nodes/shared/guests/occasions';
import { isVisit, stands } from '../../nodes/shared/guests/roles';

describe('a month and a day', () => {
	it.each([
		['01-01', 1, 1],
		['01-31', 1, 31],
		['2-29', 2, 29],
		['04-30', 4, 30],
		['12-31', 12, 31],
		['--1-5', 1, 5],
		['1985-03-14 10:00', 3, 14],
		[' 1985-03-14 ', 3, 14],
		['14.03.', 3, 14],
		['1.2.2000', 2, 1],
		['31.12.1999', 12, 31],
	])('reads %j as month %i, day %i', (text, month, day) => {
		expect(monthDayOf(text)).toEqual({ month, day });
	});

	it.each([
		'00-10',
		'13-01',
		'01-00',
		'01-32',
		'04-31',
		'02-30',
		'12-32',
		'1985-03-140',
		'on 03-14',
		'85-03-14',
		'14.3.85',
		'14.03.1985 10:00',
		'x14.03.1985',
		'32.01.',
		'',
	])('refuses %j', (text) => {
		expect(monthDayOf(text)).toBeUndefined();
	});

	it('refuses what is not text', () => {
		expect(monthDayOf(314)).toBeUndefined();
		expect(monthDayOf({ month: 3, day: 14 })).toBeUndefined();
	});
});

describe('the profile of a booking', () => {
	it('is an object, never a list or a text', () => {
		expect(profileOf({ customerProfile: { birthdate: '03-14' } })).toEqual({ birthdate: '03-14' });
		expect(profileOf({ customerProfile: [{ birthdate: '03-14' }] })).toBeUndefined();
		expect(profileOf({ customerProfile: 'vip' })).toBeUndefined();
		expect(profileOf({ customerProfile: null })).toBeUndefined();
		expect(profileOf({})).toBeUndefined();
	});

	it('gives the anniversary from its own field', () => {
		const booking = { customerProfile: { birthdate: '1990-07-02', anniversary: '2015-09-12' } };
		expect(occasionOf(booking, 'anniversary')).toEqual({ month: 9, day: 12 });
		expect(occasionOf(booking, 'birthday')).toEqual({ month: 7, day: 2 });
		expect(occasionOf({}, 'birthday')).toBeUndefined();
	});
});

describe('what a state role means for the guest', () => {
	it.each([
		['awaitingApproval', false, false],
		['booked', false, true],
		['arrived', true, true],
		['finished', true, true],
		['noShow', false, true],
		['cancelled', false, false],
		['unknown', false, false],
	] as const)('%s: a visit %s, stands %s', (role, visit, standing) => {
		expect(isVisit(role)).toBe(visit);
		expect(stands(role)).toBe(standing);
	});
});
