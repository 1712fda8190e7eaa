/**
 * Restaurant › Check Booking Data's report (nodes/shared/reading/firstContact.ts), word for word as
 * the user reads it: no bookings yet, everything placed, a state it cannot place with a zone it
 * cannot read, two unplaced states in two state fields, and bookings without any state field.
 */
import { readingReport } from '../../nodes/shared/reading/firstContact';
import { restaurantZone } from '../../nodes/shared/reading/restaurantZone';
import { NO_PLACEMENTS, parseVocabulary } from '../../nodes/shared/reading/vocabulary';
import { TIME_ZONE_FORMS } from '../../nodes/shared/timeZones';

const period = { from: '2026-11-28T00:00:00', to: '2026-12-28T00:00:00' };
const ROLES = 'awaitingApproval, booked, arrived, finished, noShow, cancelled';

describe('readingReport', () => {
	it('has nothing to judge without bookings', () => {
		expect(
			readingReport({
				restaurant: 'Harbor (101)',
				period,
				bookings: [],
				timeZoneOfApi: 'Europe/Berlin',
				zone: { timeZone: 'Europe/Berlin' },
				vocabulary: NO_PLACEMENTS,
			}),
		).toEqual({
			ready: false,
			summary:
				'No bookings of Harbor (101) from 2026-11-28 to 2026-12-28: nothing to judge yet. Make a test booking and run this again; the time zone is read as Europe/Berlin.',
			fix: null,
			bookingsRead: 0,
			stateField: null,
			states: [],
			unplacedStates: [],
			timeForm: 'none',
			timeZone: { api: 'Europe/Berlin', readAs: 'Europe/Berlin' },
		});
	});

	it('is ready when every state is placed and the zone reads, most frequent state first', () => {
		const placed = parseVocabulary('Walked = arrived');
		if ('problem' in placed) throw new Error(placed.problem);
		expect(
			readingReport({
				restaurant: 'Harbor (101)',
				period,
				bookings: [
					{ state: 'Walked', reservationTime: '2026-11-29T20:00:00' },
					{ state: 'confirmed', reservationTime: '2026-11-28T19:00:00' },
					{ state: 'confirmed', reservationTime: '2026-11-29T19:00:00' },
				],
				timeZoneOfApi: 'W. Europe Standard Time',
				zone: { timeZone: 'Europe/Berlin' },
				vocabulary: placed.vocabulary,
			}),
		).toEqual({
			ready: true,
			summary:
				'Read 3 bookings of Harbor (101) from 2026-11-28 to 2026-12-28: the state is in "state", 2 states, each placed: confirmed (booked), Walked (arrived or seated); times carry no offset and are read as the restaurant\'s wall clock; the time zone is read as Europe/Berlin (the API says "W. Europe Standard Time"). Reminders, follow-ups and cancellations will be recognised.',
			fix: null,
			bookingsRead: 3,
			stateField: 'state',
			states: [
				{ state: 'confirmed', role: 'booked', bookings: 2, placedBy: 'words' },
				{ state: 'Walked', role: 'arrived', bookings: 1, placedBy: 'bookingStates' },
			],
			unplacedStates: [],
			timeForm: 'local',
			timeZone: { api: 'W. Europe Standard Time', readAs: 'Europe/Berlin' },
		});
	});

	it('names a state it cannot place and a zone it cannot read, each fix one sentence', () => {
		const zone = restaurantZone({ id: 102, name: 'Pier' }, undefined, '');
		expect(
			readingReport({
				restaurant: 'Pier (102)',
				period,
				bookings: [
					{ status: 'Zapped', reservationTime: '2026-11-28T19:00:00Z' },
					{ status: 'Seated', reservationTime: '2026-11-28T19:00:00+01:00' },
				],
				timeZoneOfApi: undefined,
				zone,
				vocabulary: NO_PLACEMENTS,
			}),
		).toEqual({
			ready: false,
			summary:
				'Read 2 bookings of Pier (102) from 2026-11-28 to 2026-12-28: the state is in "status", 2 states, 1 state the nodes cannot place ("Zapped"); all of them: Zapped (unknown), Seated (arrived or seated); times come with and without offsets; each is read by its own form; the time zone cannot be read. Not ready: see fix.',
			fix: `Restaurant 102 (Pier): the API gives no time zone, which the node cannot read. Set Restaurant Time Zone in the Restaurant Reservations credential to the restaurant's zone: ${TIME_ZONE_FORMS}. Booking times are read in it. Add it to Booking States in the credential, e.g. "Zapped = booked" (roles: ${ROLES}); until then its bookings get no reminders or follow-ups, and a change into it is reported as a state change, never as a cancellation.`,
			bookingsRead: 2,
			stateField: 'status',
			states: [
				{ state: 'Zapped', role: 'unknown', bookings: 1, placedBy: null },
				{ state: 'Seated', role: 'arrived', bookings: 1, placedBy: 'words' },
			],
			unplacedStates: ['Zapped'],
			timeForm: 'mixed',
			timeZone: { api: null, readAs: null },
		});
	});

	it('ends a zone fix alone with one full stop', () => {
		const zone = restaurantZone({ id: 102 }, 'Harbor Time', 'Mars/Olympus');
		const report = readingReport({
			restaurant: 'Pier (102)',
			period,
			bookings: [{ state: 'confirmed', reservationTime: '2026-11-28T19:00:00' }],
			timeZoneOfApi: 'Harbor Time',
			zone,
			vocabulary: NO_PLACEMENTS,
		});
		expect(report.fix).toBe(
			`Restaurant Time Zone "Mars/Olympus" in the credential is not a time zone. Give ${TIME_ZONE_FORMS}.`,
		);
		expect(report.ready).toBe(false);
		expect(report.summary).toContain('the time zone cannot be read. Not ready: see fix.');
	});

	it('names two unplaced states, in both state fields, times in UTC', () => {
		expect(
			readingReport({
				restaurant: 'Pier (102)',
				period,
				bookings: [
					{ status: 'Blipped', reservationTime: '2026-11-28T20:00:00-0000' },
					{ status: 'Zapped', reservationTime: '2026-11-28T19:00:00+00:00' },
					{ state: 'Zapped', reservationTime: '2026-11-28T21:00:00z' },
				],
				timeZoneOfApi: 'UTC',
				zone: { timeZone: 'UTC' },
				vocabulary: NO_PLACEMENTS,
			}),
		).toEqual({
			ready: false,
			summary:
				'Read 3 bookings of Pier (102) from 2026-11-28 to 2026-12-28: the state is in "status and state", 2 states, 2 states the nodes cannot place ("Zapped", "Blipped"); all of them: Zapped (unknown), Blipped (unknown); times are in UTC and are read as instants; the time zone is read as UTC. Not ready: see fix.',
			fix: `Add them to Booking States in the credential, e.g. "Zapped = booked" (roles: ${ROLES}); until then their bookings get no reminders or follow-ups, and a change into them is reported as a state change, never as a cancellation.`,
			bookingsRead: 3,
			stateField: 'status and state',
			states: [
				{ state: 'Zapped', role: 'unknown', bookings: 2, placedBy: null },
				{ state: 'Blipped', role: 'unknown', bookings: 1, placedBy: null },
			],
			unplacedStates: ['Zapped', 'Blipped'],
			timeForm: 'utc',
			timeZone: { api: 'UTC', readAs: 'UTC' },
		});
	});

	it('says when the bookings carry no state field at all', () => {
		expect(
			readingReport({
				restaurant: 'Dock (103)',
				period,
				bookings: [
					{ id: 1, reservationTime: '2026-11-28T19:00:00+02:00' },
					{ id: 2, reservationTime: 1764356400000 },
				],
				timeZoneOfApi: 'Africa/Cairo',
				zone: { timeZone: 'Africa/Cairo' },
				vocabulary: NO_PLACEMENTS,
			}),
		).toEqual({
			ready: false,
			summary:
				'Read 2 bookings of Dock (103) from 2026-11-28 to 2026-12-28: no state field; times carry an offset and are read as instants; the time zone is read as Africa/Cairo. Not ready: see fix.',
			fix: 'The bookings carry neither "state" nor "status": the nodes cannot tell cancellations or visits apart. Tell the platform, or watch changes only (Reservation Created and Updated).',
			bookingsRead: 2,
			stateField: null,
			states: [{ state: null, role: 'unknown', bookings: 2, placedBy: null }],
			unplacedStates: [],
			timeForm: 'offset',
			timeZone: { api: 'Africa/Cairo', readAs: 'Africa/Cairo' },
		});
	});

	it('reads bookings whose times are not text as having no time form', () => {
		const report = readingReport({
			restaurant: 'Dock (103)',
			period,
			bookings: [{ state: 'confirmed', reservationTime: 1764356400000 }, { state: 'confirmed' }],
			timeZoneOfApi: 'Africa/Cairo',
			zone: { timeZone: 'Africa/Cairo' },
			vocabulary: NO_PLACEMENTS,
		});
		expect(report.timeForm).toBe('none');
		expect(report.summary).toContain('; no booking carries a reservationTime; ');
		expect(report.ready).toBe(true);
	});
});
