/**
 * What the editor offers for a state seen in bookings (nodes/shared/reading/stateOptions.ts) and
 * the zone a restaurant is read in (restaurantZone.ts), word for word as the user reads them.
 */
import { restaurantZone } from '../../nodes/shared/reading/restaurantZone';
import { seenStateOptions } from '../../nodes/shared/reading/stateOptions';
import { NO_PLACEMENTS, parseVocabulary } from '../../nodes/shared/reading/vocabulary';
import { TIME_ZONE_FORMS } from '../../nodes/shared/timeZones';

describe('the states seen in bookings, as options', () => {
	it('offers each state once, sorted, with its role and how it was read', () => {
		const placed = parseVocabulary('Walked = arrived, Seated = finished');
		if ('problem' in placed) throw new Error(placed.problem);
		expect(
			seenStateOptions(['Walked', 'Confirmed', 7, 'Seated', 7, undefined, null], placed.vocabulary),
		).toEqual([
			{
				name: '7: meaning unknown',
				value: 'state:7',
				description:
					'Seen in this restaurant\'s bookings. Its meaning is not known: add it to Booking States in the credential (e.g. "7 = booked")',
			},
			{
				name: 'Confirmed: Booked',
				value: 'state:Confirmed',
				description: "Seen in this restaurant's bookings: this state alone (read by its words)",
			},
			{
				name: 'Seated: Finished',
				value: 'state:Seated',
				description:
					"Seen in this restaurant's bookings: this state alone (placed by Booking States)",
			},
			{
				name: 'Walked: Arrived or seated',
				value: 'state:Walked',
				description:
					"Seen in this restaurant's bookings: this state alone (placed by Booking States)",
			},
		]);
	});

	it('offers nothing when no booking has a state', () => {
		expect(seenStateOptions([null, undefined], NO_PLACEMENTS)).toEqual([]);
	});

	it('keeps the first spelling of a state seen twice with its role', () => {
		expect(seenStateOptions(['NO_SHOW', 'NO_SHOW'], NO_PLACEMENTS).map((o) => o.name)).toEqual([
			'NO_SHOW: No-show',
		]);
	});
});

describe('the zone a restaurant is read in, at its edges', () => {
	it('reads a fixed offset from the API when no zone is set, in either sign', () => {
		expect(restaurantZone({ id: 1 }, 'UTC+05:30', '')).toEqual({ timeZone: '+05:30' });
		expect(restaurantZone({ id: 1 }, '-03:00', '')).toEqual({ timeZone: '-03:00' });
		expect(restaurantZone({ id: 1 }, '+05:30', 'Asia/Kolkata')).toEqual({
			timeZone: 'Asia/Kolkata',
		});
		expect(restaurantZone({ id: 1 }, '-03:00', 'America/Sao_Paulo')).toEqual({
			timeZone: 'America/Sao_Paulo',
		});
	});

	it('keeps a fixed offset when the set zone cannot be read either', () => {
		expect(restaurantZone({ id: 1 }, 'UTC+05:30', 'Nowhere/Else')).toEqual({ timeZone: '+05:30' });
	});

	it('says the API gave no time zone when it gave none, without a name it lacks', () => {
		for (const value of [undefined, null, ''])
			expect(restaurantZone({ id: 7, name: '' }, value, '')).toEqual({
				problem: 'Restaurant 7: the API gives no time zone, which the node cannot read',
				fix: `Set Restaurant Time Zone in the Restaurant Reservations credential to the restaurant's zone: ${TIME_ZONE_FORMS}. Booking times are read in it.`,
			});
		expect(restaurantZone({ id: 7, name: 42 }, 0, '')).toEqual({
			problem: 'Restaurant 7: the API gives the time zone "0", which the node cannot read',
			fix: expect.any(String),
		});
	});

	it('names the set zone it cannot read, with the forms it can', () => {
		expect(restaurantZone({ id: 7, name: 'Harbor' }, 'Harbor Time', 'Mars/Olympus')).toEqual({
			problem: 'Restaurant Time Zone "Mars/Olympus" in the credential is not a time zone',
			fix: `Give ${TIME_ZONE_FORMS}.`,
		});
	});
});
