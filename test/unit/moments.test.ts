/**
 * The moments of a booking as one poll sees them (targets/reservations/moments): Reminder Due, Not
 * Arrived and Visit Ended, each once, in the poll whose interval (previous poll, this poll] holds
 * it; a booking made or moved inside a reminder's offset reminded at once; a moved booking reminded
 * again, marked rescheduled. test/trigger/moments.test.ts proves the same through n8n's poll path
 * against the sandbox; here every item is written out. Berlin is UTC+1 in November.
 */
import type { IDataObject } from 'n8n-workflow';
import type { MomentSettings } from '../../nodes/RestaurantReservationsTrigger/targets/reservations/momentSettings';
import {
	momentItems,
	type BookingAtPoll,
	type PollInterval,
} from '../../nodes/RestaurantReservationsTrigger/targets/reservations/moments';
import { NO_PLACEMENTS, parseVocabulary } from '../../nodes/shared/reading/vocabulary';
import type { StateVocabulary } from '../../nodes/shared/reading/vocabulary';

const BERLIN = { id: 101, timeZone: 'Europe/Berlin' };
const ALL = new Set(['reminderDue', 'notArrived', 'visitEnded']);
const at = (utc: string) => Date.parse(`2026-11-28T${utc}:00Z`);
/** The interval of a poll at `to` after one at `from`, both UTC times of 28 November ("HH:mm"). */
const poll = (from: string, to: string): PollInterval => ({ from: at(from), to: at(to) });

function settings(
	change: Partial<{ [K in keyof MomentSettings]: Partial<MomentSettings[K]> }> = {},
) {
	const base: MomentSettings = {
		reminders: {
			offsets: [
				{ minutes: 1440, label: '1 day' },
				{ minutes: 120, label: '2 hours' },
			],
			states: new Set(['pending', 'confirmed']),
			keepLate: false,
			missedAtFirstActivation: false,
		},
		notArrived: { graceMinutes: 15, states: new Set(['pending', 'confirmed']) },
		visitEnded: {
			after: { minutes: 60 },
			defaultLengthMinutes: 120,
			states: new Set(['arrived', 'completed']),
		},
	};
	return {
		reminders: { ...base.reminders, ...change.reminders },
		notArrived: { ...base.notArrived, ...change.notArrived },
		visitEnded: { ...base.visitEnded, ...change.visitEnded },
	} as MomentSettings;
}

/** A booking at 19:30 Berlin (18:30 UTC) on 28 November, the same at the previous poll. */
function booking(change: IDataObject = {}, previousTime?: string | null): BookingAtPoll {
	const reservation = {
		id: 'r1',
		state: 'confirmed',
		reservationTime: '2026-11-28T19:30:00',
		groupSize: 2,
		...change,
	};
	return {
		reservation,
		previousTime:
			previousTime === null ? undefined : (previousTime ?? String(reservation.reservationTime)),
	};
}

function moments(
	bookings: BookingAtPoll[],
	interval: PollInterval,
	{
		chosen = ALL,
		remindedBefore = {},
		vocabulary = NO_PLACEMENTS,
		...change
	}: Parameters<typeof settings>[0] & {
		chosen?: ReadonlySet<string>;
		remindedBefore?: Record<string, string>;
		vocabulary?: StateVocabulary;
	} = {},
) {
	return momentItems(
		bookings,
		interval,
		BERLIN,
		settings(change),
		chosen,
		remindedBefore,
		vocabulary,
	);
}

const events = (result: { items: IDataObject[] }) =>
	result.items.map((item) => [item.event, item.reservationId, item.dueAt, item.lateByMinutes]);

describe('a reminder', () => {
	it('falls due in the poll whose interval holds it, with the offset and how late', () => {
		const one = booking();
		expect(moments([one], poll('16:25', '16:35'))).toStrictEqual({
			items: [
				{
					event: 'reminderDue',
					restaurantId: 101,
					reservationId: 'r1',
					stateRole: 'booked',
					reservation: one.reservation,
					dueAt: '2026-11-28T17:30:00',
					timeZone: 'Europe/Berlin',
					lateByMinutes: 5,
					offset: { minutes: 120, label: '2 hours' },
					rescheduled: false,
				},
			],
			remindedBefore: {},
		});
	});

	it('is in the interval at its end, not at its start; late by whole minutes', () => {
		expect(events(moments([booking()], poll('16:30', '16:40')))).toEqual([]);
		expect(events(moments([booking()], poll('16:20', '16:30')))).toEqual([
			['reminderDue', 'r1', '2026-11-28T17:30:00', 0],
		]);
		const late = { from: at('16:00'), to: at('16:31') + 59_000 };
		expect(events(moments([booking()], late))).toEqual([
			['reminderDue', 'r1', '2026-11-28T17:30:00', 1],
		]);
	});

	it('each offset in its own poll', () => {
		const dayBefore = { from: at('18:25') - 86_400_000, to: at('18:35') - 86_400_000 };
		expect(moments([booking()], dayBefore).items).toMatchObject([
			{ event: 'reminderDue', dueAt: '2026-11-27T19:30:00', offset: { minutes: 1440 } },
		]);
	});

	it('a booking made when its reminder falls due at the previous poll’s clock is reminded at once', () => {
		expect(events(moments([booking({}, null)], poll('16:30', '16:40')))).toEqual([
			['reminderDue', 'r1', '2026-11-28T17:30:00', 10],
		]);
	});

	it('an offset of days is read days ahead', () => {
		const twoDays = { offsets: [{ minutes: 2880, label: '2 days' }] };
		const ahead = booking({ reservationTime: '2026-11-30T19:30:00' });
		expect(events(moments([ahead], poll('18:25', '18:35'), { reminders: twoDays }))).toEqual([
			['reminderDue', 'r1', '2026-11-28T19:30:00', 5],
		]);
	});

	it('a booking made inside its offsets gets the nearest one at once, unless its visit has begun', () => {
		const made = booking({}, null);
		expect(moments([made], poll('16:40', '16:45')).items).toMatchObject([
			{
				event: 'reminderDue',
				dueAt: '2026-11-28T17:30:00',
				lateByMinutes: 15,
				offset: { minutes: 120, label: '2 hours' },
				rescheduled: false,
			},
		]);
		expect(moments([made], poll('18:30', '18:31')).items).toEqual([]);
		expect(moments([made], poll('18:29', '18:30')).items).toEqual([]);
		expect(events(moments([made], poll('18:28', '18:29')))).toEqual([
			['reminderDue', 'r1', '2026-11-28T17:30:00', 119],
		]);
		// Seen before at the same time: its reminders were past at the previous poll already.
		expect(moments([booking()], poll('16:40', '16:45')).items).toEqual([]);
	});

	it('after the visit has begun, only when late reminders are kept', () => {
		const downSince = poll('16:00', '19:00');
		const chosen = new Set(['reminderDue']);
		expect(moments([booking()], downSince, { chosen }).items).toEqual([]);
		const kept = moments([booking()], downSince, { chosen, reminders: { keepLate: true } });
		expect(events(kept)).toEqual([['reminderDue', 'r1', '2026-11-28T17:30:00', 150]]);
	});

	it('only for the chosen states, and not when not chosen', () => {
		const cancelled = booking({ state: 'cancelled' });
		expect(moments([cancelled], poll('16:25', '16:35')).items).toEqual([]);
		const own = moments([booking({ state: 'On Hold' })], poll('16:25', '16:35'), {
			reminders: { states: new Set(['state:On Hold']) },
		});
		expect(events(own)).toEqual([['reminderDue', 'r1', '2026-11-28T17:30:00', 5]]);
		const notChosen = moments([booking()], poll('16:25', '16:35'), {
			chosen: new Set(['notArrived', 'visitEnded']),
		});
		expect(notChosen).toEqual({ items: [], remindedBefore: {} });
	});

	it("reads the booking's state by the user's placements", () => {
		const placed = parseVocabulary('Held = cancelled') as { vocabulary: StateVocabulary };
		const held = booking({ state: 'Held' });
		const reminders = { states: new Set(['booked', 'state:Held']) };
		expect(moments([held], poll('16:25', '16:35'), { reminders }).items[0].stateRole).toBe(
			'awaitingApproval',
		);
		expect(
			moments([held], poll('16:25', '16:35'), { reminders, vocabulary: placed.vocabulary }).items,
		).toMatchObject([{ stateRole: 'cancelled' }]);
	});
});

describe('a booking moved after its reminder', () => {
	const twoHours = { offsets: [{ minutes: 120, label: '2 hours' }] };

	it('is reminded again for its new time, marked rescheduled with the time it was reminded for', () => {
		const moved = booking({}, '2026-11-28T18:00:00');
		const result = moments([moved], poll('16:25', '16:35'), { reminders: twoHours });
		expect(result.items).toMatchObject([
			{
				event: 'reminderDue',
				dueAt: '2026-11-28T17:30:00',
				rescheduled: true,
				previousReservationTime: '2026-11-28T18:00:00',
			},
		]);
		expect(result.remindedBefore).toEqual({});
	});

	it('keeps the time it was reminded for until its next reminder', () => {
		const moved = booking({}, '2026-11-28T18:00:00');
		const first = moments([moved], poll('15:05', '15:10'), { reminders: twoHours });
		expect(first).toEqual({ items: [], remindedBefore: { r1: '2026-11-28T18:00:00' } });
		const carried = { reminders: twoHours, remindedBefore: first.remindedBefore };
		expect(moments([booking()], poll('15:10', '15:15'), carried)).toEqual({
			items: [],
			remindedBefore: { r1: '2026-11-28T18:00:00' },
		});
		const reminded = moments([booking()], poll('16:25', '16:35'), carried);
		expect(reminded.items).toMatchObject([
			{ rescheduled: true, previousReservationTime: '2026-11-28T18:00:00' },
		]);
		expect(reminded.remindedBefore).toEqual({});
	});

	it('is not rescheduled when moved before any reminder was due, or only written another way', () => {
		const early = booking({}, '2026-11-29T19:30:00');
		expect(moments([early], poll('16:25', '16:35'), { reminders: twoHours }).items).toMatchObject([
			{ rescheduled: false },
		]);
		const respelt = booking({}, '2026-11-28T18:30:00Z');
		expect(moments([respelt], poll('16:40', '16:45')).items).toEqual([]);
		const unreadable = booking({}, 'at half past seven');
		expect(moments([unreadable], poll('16:25', '16:35')).items).toMatchObject([
			{ rescheduled: false },
		]);
	});

	it('is rescheduled when its largest reminder was due, the smaller ones not yet', () => {
		const moved = booking({}, '2026-11-29T10:00:00');
		expect(moments([moved], poll('16:25', '16:35')).items).toMatchObject([
			{
				offset: { minutes: 120 },
				rescheduled: true,
				previousReservationTime: '2026-11-29T10:00:00',
			},
		]);
	});

	it('a reminder due at the very start of this poll was the previous poll’s', () => {
		// 17:25 Berlin on the 29th, a day before: 16:25 UTC on the 28th, the previous poll's clock.
		const moved = booking({}, '2026-11-29T17:25:00');
		expect(moments([moved], poll('16:25', '16:35')).items).toMatchObject([
			{ rescheduled: true, previousReservationTime: '2026-11-29T17:25:00' },
		]);
		const notYet = booking({}, '2026-11-29T17:26:00');
		expect(moments([notYet], poll('16:25', '16:35')).items).toMatchObject([{ rescheduled: false }]);
	});

	it('a rescheduled booking not reminded this poll keeps its mark only while reminders are chosen', () => {
		const moved = booking({}, '2026-11-28T18:00:00');
		const chosen = new Set(['notArrived']);
		expect(moments([moved], poll('15:05', '15:10'), { reminders: twoHours, chosen })).toEqual({
			items: [],
			remindedBefore: {},
		});
	});
});

describe('Not Arrived', () => {
	it("falls due the grace minutes after the visit's time, for a booking still booked", () => {
		const one = booking();
		expect(moments([one], poll('18:40', '18:50'))).toStrictEqual({
			items: [
				{
					event: 'notArrived',
					restaurantId: 101,
					reservationId: 'r1',
					stateRole: 'booked',
					reservation: one.reservation,
					dueAt: '2026-11-28T19:45:00',
					timeZone: 'Europe/Berlin',
					lateByMinutes: 5,
					graceMinutes: 15,
				},
			],
			remindedBefore: {},
		});
		expect(moments([booking({ state: 'arrived' })], poll('18:40', '18:50')).items).toEqual([]);
		expect(events(moments([one], poll('18:45', '18:50')))).toEqual([]);
		expect(
			events(moments([one], poll('18:40', '18:45'), { notArrived: { graceMinutes: 10 } })),
		).toEqual([]);
	});
});

describe('Visit Ended', () => {
	const came = booking({ state: 'completed' });

	it("falls due the delay after the visit's default length", () => {
		expect(moments([came], poll('21:25', '21:35'))).toStrictEqual({
			items: [
				{
					event: 'visitEnded',
					restaurantId: 101,
					reservationId: 'r1',
					stateRole: 'finished',
					reservation: came.reservation,
					dueAt: '2026-11-28T22:30:00',
					timeZone: 'Europe/Berlin',
					lateByMinutes: 5,
					visitLengthMinutes: 120,
				},
			],
			remindedBefore: {},
		});
		expect(moments([booking()], poll('21:25', '21:35')).items).toEqual([]);
	});

	it("lasts the booking's own turnover time when it gives one", () => {
		const short = booking({ state: 'arrived', estimatedTurnOverTime: 90 });
		expect(events(moments([short], poll('20:55', '21:05')))).toEqual([
			['visitEnded', 'r1', '2026-11-28T22:00:00', 5],
		]);
		for (const none of [0, -30, 'soon'])
			expect(
				events(
					moments(
						[booking({ state: 'arrived', estimatedTurnOverTime: none })],
						poll('21:25', '21:35'),
					),
				),
			).toEqual([['visitEnded', 'r1', '2026-11-28T22:30:00', 5]]);
	});

	it('after a delay of days, for a visit days ago', () => {
		const days = { visitEnded: { after: { minutes: 6000 } } };
		const longAgo = booking({ state: 'completed', reservationTime: '2026-11-24T15:30:00' });
		expect(events(moments([longAgo], poll('20:25', '20:35'), days))).toEqual([
			['visitEnded', 'r1', '2026-11-28T21:30:00', 5],
		]);
	});

	it('not when only other moments are chosen', () => {
		const chosen = new Set(['reminderDue', 'notArrived']);
		expect(moments([came], poll('21:25', '21:35'), { chosen }).items).toEqual([]);
	});

	it('or falls due the next day at a time of day, restaurant time', () => {
		const nextDay = { visitEnded: { after: { nextDayAt: '10:00' } } };
		const morning = { from: at('08:55') + 86_400_000, to: at('09:05') + 86_400_000 };
		expect(events(moments([came], morning, nextDay))).toEqual([
			['visitEnded', 'r1', '2026-11-29T10:00:00', 5],
		]);
		const lateVisit = booking({ state: 'completed', reservationTime: '2026-11-28T23:30:00' });
		const dayAfter = { from: at('08:55') + 86_400_000, to: at('09:05') + 86_400_000 };
		expect(events(moments([lateVisit], dayAfter, nextDay))).toEqual([]);
		const twoDays = { from: dayAfter.from + 86_400_000, to: dayAfter.to + 86_400_000 };
		expect(events(moments([lateVisit], twoDays, nextDay))).toEqual([
			['visitEnded', 'r1', '2026-11-30T10:00:00', 5],
		]);
	});
});

describe('which bookings are read', () => {
	it('a booking at a time with an offset is judged at its instant, in restaurant time', () => {
		const utc = booking({ reservationTime: '2026-11-28T18:30:00Z' });
		expect(events(moments([utc], poll('16:25', '16:35')))).toEqual([
			['reminderDue', 'r1', '2026-11-28T17:30:00', 5],
		]);
		// 23:30 UTC is 00:30 on the 29th in Berlin.
		const nextDayThere = booking({ reservationTime: '2026-11-28T23:30:00Z' });
		expect(events(moments([nextDayThere], poll('21:25', '21:35')))).toEqual([
			['reminderDue', 'r1', '2026-11-28T22:30:00', 5],
		]);
	});

	it('a time with an offset on another date than the restaurant’s is still read', () => {
		// 23:30 UTC on the 27th is 00:30 on the 28th in Berlin; its visit ends at 03:30 there.
		const afterMidnight = booking({ state: 'completed', reservationTime: '2026-11-27T23:30:00Z' });
		expect(events(moments([afterMidnight], poll('02:25', '02:35')))).toEqual([
			['visitEnded', 'r1', '2026-11-28T03:30:00', 5],
		]);
		// 02:00 UTC on the 30th is 21:00 on the 29th in New York, reminded a day before.
		const newYork = { id: 102, timeZone: 'America/New_York' };
		const evening = booking({ reservationTime: '2026-11-30T02:00:00Z' }).reservation;
		const dayBefore = { from: at('01:55') + 86_400_000, to: at('02:05') + 86_400_000 };
		const result = momentItems(
			[{ reservation: evening, previousTime: String(evening.reservationTime) }],
			dayBefore,
			newYork,
			settings(),
			ALL,
			{},
			NO_PLACEMENTS,
		);
		expect(events(result)).toEqual([['reminderDue', 'r1', '2026-11-28T21:00:00', 5]]);
	});

	it('far bookings, bookings without a time and unreadable times give nothing; the rest in order', () => {
		const bookings = [
			booking({ id: 'far', reservationTime: '2026-12-05T19:30:00' }),
			booking({ id: 'none', reservationTime: undefined }),
			booking({ id: 'number', reservationTime: 1764354600000 }),
			booking({ id: 'unreadable', reservationTime: '2026-11-28T25:30:00' }),
			booking({ id: 7, state: 'pending' }),
			booking({ id: 'r2', reservationTime: '2026-11-28T19:35:00' }),
		];
		expect(events(moments(bookings, poll('16:25', '16:35')))).toEqual([
			['reminderDue', '7', '2026-11-28T17:30:00', 5],
			['reminderDue', 'r2', '2026-11-28T17:35:00', 0],
		]);
	});

	it('a far booking moved since, or carrying a reminder mark, is still read', () => {
		const movedFar = booking({ reservationTime: '2026-12-10T19:30:00' }, '2026-11-28T18:00:00');
		expect(
			moments([movedFar], poll('16:25', '16:35'), {
				reminders: { offsets: [{ minutes: 120, label: '2 hours' }] },
			}),
		).toEqual({ items: [], remindedBefore: { r1: '2026-11-28T18:00:00' } });
		const markedFar = booking({ reservationTime: '2026-12-10T19:30:00' });
		expect(
			moments([markedFar], poll('16:25', '16:35'), {
				remindedBefore: { r1: '2026-11-28T18:00:00' },
			}),
		).toEqual({ items: [], remindedBefore: { r1: '2026-11-28T18:00:00' } });
	});

	it('all three moments of one booking in one long poll, each once', () => {
		const long = poll('16:00', '22:00');
		const arrivedLate = booking({ state: 'confirmed' });
		expect(events(moments([arrivedLate], long, { reminders: { keepLate: true } }))).toEqual([
			['reminderDue', 'r1', '2026-11-28T17:30:00', 330],
			['notArrived', 'r1', '2026-11-28T19:45:00', 195],
		]);
		const visitEnded = { visitEnded: { states: new Set(['booked']), after: { minutes: 0 } } };
		expect(events(moments([arrivedLate], long, visitEnded))).toEqual([
			['notArrived', 'r1', '2026-11-28T19:45:00', 195],
			['visitEnded', 'r1', '2026-11-28T21:30:00', 90],
		]);
	});
});
