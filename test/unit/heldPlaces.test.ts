/**
 * The places bookings hold and the order of a slot's bookings (reservation/helpers/heldPlaces): what
 * Check Booking Rules First counts before writing, and what its slot guard counts after, when
 * several callers book the last place at once (test/node/reservationConcurrency.test.ts races them
 * through n8n's engine). Expected places written out.
 */
import {
	bookingsBefore,
	heldPlaces,
	placesAt,
	type HeldPlace,
} from '../../nodes/RestaurantReservations/resources/reservation/helpers/heldPlaces';
import { NO_PLACEMENTS, parseVocabulary } from '../../nodes/shared/reading/vocabulary';
import type { StateVocabulary } from '../../nodes/shared/reading/vocabulary';

describe('the places bookings hold', () => {
	it('are the bookings holding a table, at restaurant-local times, with their creation time', () => {
		const places = heldPlaces(
			[
				{ id: 'a', state: 'confirmed', reservationTime: '2026-11-28T19:00:00', groupSize: 2 },
				{
					id: 'b',
					state: 'arrived',
					reservationTime: '2026-11-28T18:00:00Z',
					groupSize: '4',
					createdAt: '2026-11-20T10:00:00Z',
				},
				{ id: 'c', state: 'cancelled', reservationTime: '2026-11-28T19:00:00', groupSize: 2 },
				{ id: 'd', state: 'noShow', reservationTime: '2026-11-28T19:00:00', groupSize: 2 },
				{ id: 'e', state: 'confirmed', reservationTime: 'soon', groupSize: 2 },
				{ id: 'f', state: 'confirmed', groupSize: 2 },
				{
					id: 7,
					state: 'pending',
					reservationTime: '2026-11-28 20:00:00',
					groupSize: 3,
					createdAt: 5,
				},
			],
			'Europe/Berlin',
			NO_PLACEMENTS,
		);
		expect(places).toStrictEqual([
			{ id: 'a', time: '2026-11-28T19:00:00', partySize: 2 },
			{ id: 'b', time: '2026-11-28T19:00:00', partySize: 4, createdAt: '2026-11-20T10:00:00Z' },
			{ id: '7', time: '2026-11-28T20:00:00', partySize: 3 },
		]);
	});

	it('leave out the booking being moved, and read states by the user’s placements', () => {
		const released = parseVocabulary('On Hold = cancelled') as { vocabulary: StateVocabulary };
		const bookings = [
			{ id: 'a', state: 'confirmed', reservationTime: '2026-11-28T19:00:00', groupSize: 2 },
			{ id: 'b', state: 'On Hold', reservationTime: '2026-11-28T19:00:00', groupSize: 2 },
		];
		expect(heldPlaces(bookings, 'UTC', NO_PLACEMENTS, 'a').map((p) => p.id)).toEqual(['b']);
		expect(heldPlaces(bookings, 'UTC', released.vocabulary).map((p) => p.id)).toEqual(['a']);
	});
});

describe('the places of one slot', () => {
	const place = (id: string, time: string): HeldPlace => ({ id, time, partySize: 2 });

	it('are those at exactly its local time, however the time is written', () => {
		const places = [
			place('a', '2026-11-28T19:00:00'),
			place('b', '2026-11-28T19:00'),
			place('c', '2026-11-28T19:30:00'),
			place('d', '2026-11-29T19:00:00'),
		];
		expect(placesAt(places, '2026-11-28T19:00:00').map((p) => p.id)).toEqual(['a', 'b']);
		expect(placesAt(places, '2026-11-28 19:30').map((p) => p.id)).toEqual(['c']);
	});
});

describe('the bookings before one of its slot', () => {
	const at = '2026-11-28T19:00:00';
	const booked = (id: string, partySize: number, createdAt?: string): HeldPlace => ({
		id,
		time: at,
		partySize,
		...(createdAt === undefined ? {} : { createdAt }),
	});
	const parties = (slot: HeldPlace[], ownId: string, ownLast = false) =>
		bookingsBefore(slot, ownId, ownLast).map((b) => b.partySize);

	it('are those created earlier, by the server’s creation time, whatever the listing order or IDs', () => {
		const slot = [
			booked('a3', 3, '2026-11-28T10:00:02Z'),
			booked('c1', 1, '2026-11-28T10:00:00Z'),
			booked('b2', 2, '2026-11-28T10:00:01Z'),
		];
		expect(parties(slot, 'c1')).toEqual([]);
		expect(parties(slot, 'b2')).toEqual([1]);
		expect(parties(slot, 'a3')).toEqual([1, 2]);
		expect(bookingsBefore(slot, 'b2', false)).toStrictEqual([{ time: at, partySize: 1 }]);
	});

	it('created at the same moment: the lower ID first', () => {
		const same = '2026-11-28T10:00:00Z';
		const slot = [booked('b', 2, same), booked('a', 1, same), booked('c', 3, same)];
		expect(parties(slot, 'a')).toEqual([]);
		expect(parties(slot, 'b')).toEqual([1]);
		expect(parties(slot, 'c')).toEqual([2, 1]);
	});

	it('are all the others for a change, which counts itself last', () => {
		const slot = [booked('a', 1, '2026-11-28T10:00:00Z'), booked('b', 2, '2026-11-28T10:00:01Z')];
		expect(parties(slot, 'a', true)).toEqual([2]);
	});

	it('are all the others when one of the slot has no creation time, or the own one is not listed', () => {
		const slot = [
			booked('a', 1, '2026-11-28T10:00:00Z'),
			booked('b', 2),
			booked('c', 3, '2026-11-28T10:00:02Z'),
		];
		expect(parties(slot, 'a')).toEqual([2, 3]);
		const timed = [booked('a', 1, '2026-11-28T10:00:00Z'), booked('c', 3, '2026-11-28T10:00:02Z')];
		expect(parties(timed, 'z')).toEqual([1, 3]);
	});

	it('an empty creation time is no known order', () => {
		const slot = [booked('a', 1, '2026-11-28T10:00:00Z'), booked('b', 2, '')];
		expect(parties(slot, 'a')).toEqual([2]);
	});
});
