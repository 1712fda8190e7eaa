/**
 * Restaurant › Check Booking Data through n8n's engine: in the sandbox's own reading and in the
 * platform's (state in `status`, PascalCase values, offset times, a Windows zone name), one sentence
 * on how the nodes read the bookings; and the report's verdict on a state it cannot place.
 */
import { readingReport } from '../../nodes/shared/reading/firstContact';
import { NO_PLACEMENTS, parseVocabulary } from '../../nodes/shared/reading/vocabulary';
import { json } from '../support/nodeResults';
import { nodeRunner, restaurant } from '../support/nodeRunner';
import { useSandbox } from '../support/sandbox';

const check = (node: ReturnType<typeof nodeRunner>, restaurantId = 101) =>
	node.run({
		resource: 'restaurant',
		operation: 'checkBookingData',
		restaurantId: restaurant(restaurantId),
	});

describe('Check Booking Data, sandbox reading', () => {
	const ctx = useSandbox();
	const node = nodeRunner(ctx);

	it('reads the state field, every state placed, local times, the IANA zone', async () => {
		const result = await check(node);
		expect(result.error).toBeUndefined();
		const [report] = json(result);
		expect(report).toMatchObject({
			restaurantId: 101,
			ready: true,
			fix: null,
			stateField: 'state',
			unplacedStates: [],
			timeForm: 'local',
			timeZone: { api: 'Europe/Berlin', readAs: 'Europe/Berlin' },
		});
		expect(report.bookingsRead).toBeGreaterThan(0);
		expect(report.summary).toMatch(/^Read \d+ bookings of .+ \(101\) from \d{4}-\d\d-\d\d to /);
		expect(report.summary).toContain('the state is in "state"');
		expect(report.summary).toContain('Reminders, follow-ups and cancellations will be recognised.');
		const roles = Object.fromEntries(
			(report.states as Array<{ state: string; role: string }>).map((s) => [s.state, s.role]),
		);
		expect(roles).toMatchObject({ confirmed: 'booked', cancelled: 'cancelled' });
	});
});

describe('Check Booking Data, platform reading', () => {
	const ctx = useSandbox({ reading: 'platform' });
	const node = nodeRunner(ctx);

	it('reads status, the PascalCase states, offset times and the Windows zone name', async () => {
		const [report] = json(await check(node));
		expect(report).toMatchObject({
			ready: true,
			stateField: 'status',
			unplacedStates: [],
			timeForm: 'offset',
			timeZone: { api: 'W. Europe Standard Time', readAs: 'Europe/Berlin' },
		});
		const roles = Object.fromEntries(
			(report.states as Array<{ state: string; role: string }>).map((s) => [s.state, s.role]),
		);
		expect(roles).toMatchObject({ Confirmed: 'booked', Canceled: 'cancelled' });
		expect(report.summary).toContain('times carry an offset and are read as instants');
		expect(report.summary).toContain('(the API says "W. Europe Standard Time")');
	});
});

describe('the report on a state the nodes cannot place', () => {
	const sample = (vocabulary = NO_PLACEMENTS) =>
		readingReport({
			restaurant: 'Trattoria (7)',
			period: { from: '2026-10-27T00:00:00', to: '2026-12-26T00:00:00' },
			bookings: [
				{ status: 'Booked', reservationTime: '2026-11-26T19:00:00Z' },
				{ status: 'Walked', reservationTime: '2026-11-26T20:00:00Z' },
				{ status: 'Walked', reservationTime: '2026-11-27T20:00:00Z' },
			],
			timeZoneOfApi: '',
			zone: { timeZone: 'Europe/Rome' },
			vocabulary,
		});

	it('names it, says what it costs and how to place it', () => {
		const report = sample();
		expect(report).toMatchObject({
			ready: false,
			stateField: 'status',
			unplacedStates: ['Walked'],
			timeForm: 'utc',
		});
		expect(report.summary).toContain('1 state the nodes cannot place ("Walked")');
		expect(report.fix).toContain('"Walked = booked"');
		expect(report.fix).toContain('Booking States');
	});

	it('is ready once Booking States places it', () => {
		const placed = parseVocabulary('Walked = arrived');
		if ('problem' in placed) throw new Error(placed.problem);
		const report = sample(placed.vocabulary);
		expect(report).toMatchObject({ ready: true, unplacedStates: [], fix: null });
		expect(report.states).toContainEqual({
			state: 'Walked',
			role: 'arrived',
			bookings: 2,
			placedBy: 'bookingStates',
		});
	});
});
