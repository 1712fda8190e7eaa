/**
 * Get Guest History across a chain's restaurants (helpers/chainHistory.ts): the matches of every
 * restaurant in time order across zones, grouped by guest (the item's guest first), the summary
 * for the chain and per restaurant, and the other guests the search matched. Every expected value
 * is written out as the item shows it.
 */
import type { IDataObject } from 'n8n-workflow';
import {
	byGuest,
	chainSummary,
	matchedBookings,
	otherGuests,
	otherGuestsNote,
	restaurantBreakdown,
	type ChainBooking,
} from '../../nodes/RestaurantReservations/resources/reservation/helpers/chainHistory';
import type { RestaurantListing } from '../../nodes/RestaurantReservations/resources/reservation/helpers/chainListings';
import { guestQuery } from '../../nodes/RestaurantReservations/resources/reservation/helpers/guestMatch';
import { NO_PLACEMENTS } from '../../nodes/shared/reading/vocabulary';

const NOW = Date.parse('2026-11-28T00:00:00Z');

function listing(
	id: number,
	name: string,
	timeZone: string,
	country: string,
	reservations: IDataObject[],
): RestaurantListing {
	return {
		restaurant: { id, name, timeZone, country },
		period: { from: '2026-01-01', to: '2026-12-31' },
		reservations,
	};
}

const berlin = listing(1, 'Mitte', 'Europe/Berlin', 'DE', [
	// 17:00 UTC
	{
		id: 'b1',
		customerName: 'Anna Schmidt',
		phone: '030 1234567',
		reservationTime: '2026-06-01T19:00:00',
		state: 'Finished',
		groupSize: 2,
		amount: 50,
	},
	{
		id: 'b2',
		customerName: 'Anna Schmidt',
		phone: '030 1234567',
		reservationTime: '2026-12-10T19:00:00',
		state: 'Confirmed',
		groupSize: 3,
	},
	{
		id: 'b3',
		customerName: 'Carl Schmidt',
		email: 'carl@example.com',
		reservationTime: '2026-02-01T12:00:00',
		state: 'NoShow',
	},
	{
		id: 'b4',
		customerName: 'Someone Else',
		reservationTime: '2026-03-01T12:00:00',
		state: 'Finished',
	},
]);
const brooklyn = listing(2, 'Brooklyn', 'America/New_York', 'US', [
	// 18:00 UTC: after Berlin's 19:00 of the same day
	{
		id: 'n1',
		customerName: 'Anna Schmidt',
		phone: '+49 30 1234567',
		reservationTime: '2026-06-01T14:00:00',
		state: 'Finished',
		groupSize: 4,
		amount: 100.5,
	},
	{
		id: 'n2',
		customerName: 'Bob Schmidt',
		phone: '212 555 0100',
		reservationTime: '2026-01-05T18:00:00',
		state: 'Cancelled',
	},
	{ id: 'n3', customerName: 'Schmidt', reservationTime: 'not a time', state: 'Confirmed' },
]);
const empty = listing(3, 'Empty', 'Asia/Tokyo', 'JP', [
	{ id: 't1', customerName: 'Tanaka', reservationTime: '2026-06-01T12:00:00' },
]);

function queryOf(input: Parameters<typeof guestQuery>[0]) {
	const result = guestQuery(input);
	if (!('query' in result)) throw new Error(result.problem.message);
	return result.query;
}

const schmidts = () =>
	matchedBookings([brooklyn, berlin, empty], queryOf({ customerName: 'schmidt' }), NO_PLACEMENTS);
const ids = (bookings: readonly ChainBooking[]) => bookings.map((b) => b.booking.id);

describe('matchedBookings: every restaurant, in time order across zones', () => {
	it('earliest first by the instant, an unreadable time before all', () => {
		expect(ids(schmidts())).toEqual(['n3', 'n2', 'b3', 'b1', 'n1', 'b2']);
	});

	it('each with its restaurant, zone, country, role, guest and instant', () => {
		const [unreadable, , , berlinVisit, brooklynVisit] = schmidts();
		expect(unreadable).toMatchObject({
			timeZone: 'America/New_York',
			country: 'US',
			role: 'booked',
			identity: { key: 'nschmidt', by: 'name', value: 'schmidt' },
			instant: -Infinity,
		});
		expect(unreadable.listing).toBe(brooklyn);
		expect(berlinVisit).toMatchObject({
			timeZone: 'Europe/Berlin',
			country: 'DE',
			role: 'finished',
			identity: { key: 'p+49301234567', by: 'phone', value: '+49301234567' },
			instant: Date.parse('2026-06-01T17:00:00Z'),
		});
		expect(berlinVisit.listing).toBe(berlin);
		expect(brooklynVisit.identity?.key).toBe('p+49301234567');
		expect(brooklynVisit.instant).toBe(Date.parse('2026-06-01T18:00:00Z'));
	});

	it("a national number asked for is read in each restaurant's country", () => {
		const stored = listing(4, 'Prenzlauer Berg', 'Europe/Berlin', 'DE', [
			{ id: 'p1', phone: '+49 30 1234567', reservationTime: '2026-06-01T19:00:00' },
		]);
		const asked = queryOf({ phone: '030 1234567' });
		expect(ids(matchedBookings([stored], asked, NO_PLACEMENTS))).toEqual(['p1']);
	});

	it('the user vocabulary places a state', () => {
		const vocabulary = { placed: new Map([['confirmed', 'arrived' as const]]) };
		const matched = matchedBookings([berlin], queryOf({ customerName: 'anna' }), vocabulary);
		expect(matched.map((b) => b.role)).toEqual(['finished', 'arrived']);
	});
});

describe('byGuest: the item guest first', () => {
	it('most bookings first; at a tie, the guest of the latest booking', () => {
		const groups = byGuest(schmidts());
		expect(groups.map((group) => group[0].identity?.key)).toEqual([
			'p+49301234567',
			'ecarl@example.com',
			'p+12125550100',
			'nschmidt',
		]);
		expect(groups.map(ids)).toEqual([['b1', 'n1', 'b2'], ['b3'], ['n2'], ['n3']]);
	});

	it('bookings without any guest field are one group', () => {
		const nobody = listing(4, 'X', 'UTC', 'GB', [
			{ id: 'x1', reservationTime: '2026-01-01T10:00:00' },
			{ id: 'x2', customerName: '  ', reservationTime: '2026-01-02T10:00:00' },
			{ id: 'x3', customerName: 'Y', reservationTime: '2026-01-03T10:00:00' },
		]);
		const matched = matchedBookings([nobody], {}, NO_PLACEMENTS);
		expect(byGuest(matched).map(ids)).toEqual([['x1', 'x2'], ['x3']]);
		expect(byGuest(matched)[0][0].identity).toBeUndefined();
	});
});

describe("the chain's summary and each restaurant's part", () => {
	const [anna] = byGuest(schmidts());

	it('per restaurant with bookings, in the order listed, in its own time', () => {
		expect(restaurantBreakdown([brooklyn, berlin, empty], anna, NOW)).toEqual([
			{
				restaurantId: 2,
				name: 'Brooklyn',
				timeZone: 'America/New_York',
				period: { from: '2026-01-01', to: '2026-12-31' },
				bookings: 1,
				visits: 1,
				noShows: 0,
				cancellations: 0,
				upcoming: 0,
				firstVisit: '2026-06-01T14:00:00',
				lastVisit: '2026-06-01T14:00:00',
				nextBooking: null,
				averagePartySize: 4,
				totalAmount: 100.5,
				noShowRate: 0,
			},
			{
				restaurantId: 1,
				name: 'Mitte',
				timeZone: 'Europe/Berlin',
				period: { from: '2026-01-01', to: '2026-12-31' },
				bookings: 2,
				visits: 1,
				noShows: 0,
				cancellations: 0,
				upcoming: 1,
				firstVisit: '2026-06-01T19:00:00',
				lastVisit: '2026-06-01T19:00:00',
				nextBooking: '2026-12-10T19:00:00',
				averagePartySize: 2,
				totalAmount: 50,
				noShowRate: 0,
			},
		]);
	});

	it('a restaurant entry has its own copy of the period', () => {
		const [entry] = restaurantBreakdown([brooklyn], anna, NOW);
		expect(entry.period).not.toBe(brooklyn.period);
	});

	it('the chain: all restaurants summed, the guest as the latest booking has it', () => {
		const summary = chainSummary(anna, NOW);
		expect(summary).toMatchObject({
			found: true,
			bookings: 3,
			visits: 2,
			upcoming: 1,
			firstVisit: '2026-06-01T19:00:00',
			lastVisit: '2026-06-01T14:00:00',
			nextBooking: '2026-12-10T19:00:00',
			averagePartySize: 3,
			totalAmount: 150.5,
		});
		// The latest booking is Berlin's: its phone without prefix read in Germany.
		expect(summary.guest).toEqual({
			name: 'Anna Schmidt',
			phone: '030 1234567',
			email: null,
			identity: { key: 'p+49301234567', by: 'phone', value: '+49301234567' },
		});
	});

	it('no bookings: not found, zero counts', () => {
		expect(chainSummary([], NOW)).toMatchObject({
			found: false,
			bookings: 0,
			visits: 0,
			guest: { name: null, phone: null, email: null, identity: null },
		});
	});
});

describe('otherGuests: who else the search matched, and where', () => {
	it('identity, count and restaurants once each', () => {
		const others = byGuest(schmidts());
		expect(otherGuests(others, { identity: true })).toEqual([
			{
				identity: { key: 'p+49301234567', by: 'phone', value: '+49301234567' },
				bookings: 3,
				restaurantIds: [1, 2],
			},
			{
				identity: { key: 'ecarl@example.com', by: 'email', value: 'carl@example.com' },
				bookings: 1,
				restaurantIds: [1],
			},
			{
				identity: { key: 'p+12125550100', by: 'phone', value: '+12125550100' },
				bookings: 1,
				restaurantIds: [2],
			},
			{
				identity: { key: 'nschmidt', by: 'name', value: 'schmidt' },
				bookings: 1,
				restaurantIds: [2],
			},
		]);
	});

	it('a group without a guest: identity null', () => {
		const nobody = listing(4, 'X', 'UTC', 'GB', [
			{ id: 'x1', reservationTime: '2026-01-01T10:00:00' },
		]);
		expect(
			otherGuests(byGuest(matchedBookings([nobody], {}, NO_PLACEMENTS)), { identity: true }),
		).toEqual([{ identity: null, bookings: 1, restaurantIds: [4] }]);
	});
});

describe('otherGuests for an AI agent: nothing about them but how many bookings and where', () => {
	it('leaves every identity out', () => {
		expect(otherGuests(byGuest(schmidts()), { identity: false })).toEqual([
			{ bookings: 3, restaurantIds: [1, 2] },
			{ bookings: 1, restaurantIds: [1] },
			{ bookings: 1, restaurantIds: [2] },
			{ bookings: 1, restaurantIds: [2] },
		]);
	});
});

describe('otherGuestsNote: what the reader should do when the search matched others', () => {
	it('none when the search matched one guest', () => {
		expect(otherGuestsNote(queryOf({ customerName: 'schmidt' }), 0)).toBeNull();
	});

	it('names what the guests share and what to ask for, never who they are', () => {
		expect(otherGuestsNote(queryOf({ customerName: 'Anna Schmidt' }), 1)).toBe(
			'1 other guest has bookings under this name, not counted here: this answer is about the guest with the most bookings, who may not be the person you are serving. Ask for their phone number and look them up again with it before using these details.',
		);
		expect(otherGuestsNote(queryOf({ email: 'family@example.com' }), 2)).toBe(
			'2 other guests have bookings under this e-mail address, not counted here: this answer is about the guest with the most bookings, who may not be the person you are serving. Ask for their phone number and look them up again with it before using these details.',
		);
		expect(otherGuestsNote(queryOf({ customerName: 'anna', phone: '+49 30 1234567' }), 1)).toBe(
			'1 other guest has bookings under this name and phone number, not counted here: this answer is about the guest with the most bookings, who may not be the person you are serving. Ask for the country code of their phone number (e.g. +49) and look them up again with it before using these details.',
		);
		expect(
			otherGuestsNote(queryOf({ phone: '+49 30 1234567', email: 'a@example.com' }), 1),
		).toContain('under this phone number and e-mail address, not counted here');
		expect(
			otherGuestsNote(queryOf({ phone: '+49 30 1234567', email: 'a@example.com' }), 1),
		).toContain('Ask for the country code of their phone number (e.g. +49)');
	});
});
