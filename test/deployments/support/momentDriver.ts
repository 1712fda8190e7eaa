/**
 * The chaos scenario's moments (issue 24): bookings made at the start of a run so that a reminder,
 * a not-arrived alert or a visit-ended follow-up falls due every few seconds through the rounds'
 * faults and interruptions, some moved, cancelled or changed in state just before or just after
 * their moment. Each booking's versions (its time and state, and from when to when each held) are
 * what the moment ledger (./momentLedger) judges the trigger's moment items against. It writes
 * states in the sandbox's reading (./reading) and keeps each version's state as the sandbox's own.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { DateTime } from 'luxon';
import type { ApiCall } from '../../support/client';
import { ReadingView } from '../../support/reading';
import { CHAOS_MOMENTS } from './workflow';
import type { ReservationState } from '../../../sandbox/store/types';

const LOCAL = "yyyy-LL-dd'T'HH:mm:ss";
const RESTAURANTS = [
	{ id: 101, timeZone: 'Europe/Berlin' },
	{ id: 102, timeZone: 'America/New_York' },
];

type MomentEvent = 'reminderDue' | 'notArrived' | 'visitEnded';
type Action =
	| { kind: 'move'; seconds: number }
	| { kind: 'cancel' }
	| { kind: 'state'; state: ReservationState };

/** One scripted booking: which moment, when it falls due, and what happens to it around then. */
interface Case {
	event: MomentEvent;
	/** Seconds after the script's start. */
	dueIn: number;
	/** The change, and its time relative to the moment (negative: before it). */
	action?: { what: Action; atSecondsFromDue: number };
}

/** A booking as it was between two instants (epoch ms): the ledger's truth. */
export interface BookingVersion {
	reservationId: string;
	restaurantId: number;
	timeZone: string;
	/** As the API wrote it (restaurant-local, or with an offset in some readings). */
	time: string;
	/** The sandbox's own name of the state (CHAOS_MOMENTS' states), whatever the reading's spelling. */
	state: ReservationState;
	turnOverMinutes: number | null;
	from: number;
	until: number;
	/** What ended it: a cancellation, a move, a change of state. */
	endedBy?: 'cancel' | 'move' | 'state';
}

const move = (seconds: number) => ({ kind: 'move', seconds }) as const;
const cancel = { kind: 'cancel' } as const;
const state = (to: ReservationState) => ({ kind: 'state', state: to }) as const;

/**
 * Every few seconds a moment, plain or with a change 5 s before or after it; a reminder moved 12 s
 * after it fell due (once every poll has surely passed it) is reminded again for its new time.
 */
const STEP_SECONDS = 5;
const SCRIPT: Array<Omit<Case, 'dueIn'>> = [
	{ event: 'reminderDue' },
	{ event: 'notArrived' },
	{ event: 'visitEnded' },
	{ event: 'reminderDue', action: { what: move(20), atSecondsFromDue: -5 } },
	{ event: 'reminderDue', action: { what: cancel, atSecondsFromDue: -5 } },
	{ event: 'notArrived', action: { what: state('arrived'), atSecondsFromDue: -5 } },
	{ event: 'reminderDue', action: { what: move(30), atSecondsFromDue: 12 } },
	{ event: 'visitEnded', action: { what: state('noShow'), atSecondsFromDue: -5 } },
	{ event: 'reminderDue', action: { what: cancel, atSecondsFromDue: 5 } },
	{ event: 'notArrived', action: { what: cancel, atSecondsFromDue: -5 } },
	{ event: 'reminderDue' },
	{ event: 'visitEnded' },
	{ event: 'notArrived', action: { what: cancel, atSecondsFromDue: 5 } },
	{ event: 'reminderDue', action: { what: move(30), atSecondsFromDue: 12 } },
];
const CASES: Case[] = SCRIPT.map((c, i) => ({ ...c, dueIn: STEP_SECONDS * (i + 1) }));

/** The visit time whose moment of `event` falls due at `due` (the reminder: the largest offset). */
function visitFor(event: MomentEvent, due: DateTime): DateTime {
	const { reminderOffsetsMinutes, notArrivedMinutes, visitLengthMinutes, visitEndedDelayMinutes } =
		CHAOS_MOMENTS;
	if (event === 'reminderDue') return due.plus({ minutes: Math.max(...reminderOffsetsMinutes) });
	if (event === 'notArrived') return due.minus({ minutes: notArrivedMinutes });
	return due.minus({ minutes: visitLengthMinutes + visitEndedDelayMinutes });
}

interface Scripted {
	testCase: Case;
	restaurantId: number;
	versions: BookingVersion[];
}

export class MomentDriver {
	private readonly scripted: Scripted[] = [];
	private startedAt = 0;
	/** When the last of bookCalm's reminders falls due, epoch ms. */
	private calmDueAt = 0;

	constructor(
		private readonly api: ApiCall,
		private readonly reading = new ReadingView(),
	) {}

	/** The bookings' versions so far, for the ledger. */
	get versions(): BookingVersion[] {
		return this.scripted.flatMap((s) => s.versions);
	}

	get reservationIds(): Set<string> {
		return new Set(this.versions.map((v) => v.reservationId));
	}

	/** When the last scripted moment falls due (a moved booking's new moment included), epoch ms. */
	get lastDueAt(): number {
		const moved = Math.max(
			0,
			...CASES.map((c) => (c.action?.what.kind === 'move' ? c.action.what.seconds : 0)),
		);
		const scriptEnd = this.startedAt + (Math.max(...CASES.map((c) => c.dueIn)) + moved) * 1000;
		return Math.max(scriptEnd, this.calmDueAt);
	}

	/**
	 * Makes the bookings, their moments `leadSeconds` and more from now. Not-arrived and visit-ended
	 * bookings are made with their visit already begun, so that no reminder is due for them.
	 */
	async book(leadSeconds: number): Promise<void> {
		this.startedAt = Date.now() + leadSeconds * 1000;
		for (const [i, testCase] of CASES.entries())
			await this.create(
				testCase,
				RESTAURANTS[i % RESTAURANTS.length],
				this.startedAt + testCase.dueIn * 1000,
				`Moment Guest ${i + 1}`,
			);
	}

	/**
	 * Once faults and interruptions are over: a plain reminder per restaurant, due `leadSeconds` and
	 * 5 s more from now, so that every run has moments due in calm, whose lateness is n8n's pace alone.
	 */
	async bookCalm(leadSeconds: number): Promise<void> {
		for (const [i, restaurant] of RESTAURANTS.entries()) {
			const due = Date.now() + (leadSeconds + 5 * i) * 1000;
			const testCase: Case = { event: 'reminderDue', dueIn: (due - this.startedAt) / 1000 };
			await this.create(testCase, restaurant, due, `Calm Guest ${i + 1}`);
			this.calmDueAt = Math.max(this.calmDueAt, due);
		}
	}

	private async create(
		testCase: Case,
		restaurant: (typeof RESTAURANTS)[number],
		dueAt: number,
		customerName: string,
	): Promise<void> {
		const visitAt = visitFor(
			testCase.event,
			DateTime.fromMillis(dueAt, { zone: restaurant.timeZone }),
		);
		if (testCase.event !== 'reminderDue' && visitAt > DateTime.now())
			throw new Error(`the ${testCase.event} booking of ${customerName} would not have begun`);
		const response = await this.api('createReservation', {
			path: { restaurantId: restaurant.id },
			body: {
				reservationTime: visitAt.toFormat(LOCAL),
				groupSize: 2,
				customerName,
				...this.reading.stateBody(testCase.event === 'visitEnded' ? 'seated' : 'confirmed'),
			},
		});
		if (response.status !== 201)
			throw new Error(`moment booking failed: ${response.status} ${response.text}`);
		const r = response.body as Record<string, any>;
		this.scripted.push({
			testCase,
			restaurantId: restaurant.id,
			versions: [
				{
					reservationId: String(r.id),
					restaurantId: restaurant.id,
					timeZone: restaurant.timeZone,
					time: r.reservationTime,
					state: this.reading.stateOf(r),
					turnOverMinutes: r.estimatedTurnOverTime ?? null,
					from: Date.now(),
					until: Infinity,
				},
			],
		});
	}

	/** Carries out every scripted change at its time; returns once the last one is made. */
	async run(): Promise<void> {
		const actions = this.scripted
			.filter((s) => s.testCase.action)
			.map((s) => ({
				s,
				at: this.startedAt + (s.testCase.dueIn + s.testCase.action!.atSecondsFromDue) * 1000,
			}))
			.sort((a, b) => a.at - b.at);
		for (const { s, at } of actions) {
			await sleep(Math.max(0, at - Date.now()));
			await this.act(s, s.testCase.action!.what);
		}
	}

	private async act(s: Scripted, action: Action): Promise<void> {
		const current = s.versions[s.versions.length - 1];
		const path = { restaurantId: s.restaurantId, reservationId: current.reservationId };
		const response =
			action.kind === 'cancel'
				? await this.api('cancelReservation', {
						path,
						body: { note: 'moment chaos', doNotChargeFee: true },
					})
				: await this.api('updateReservation', {
						path,
						body:
							action.kind === 'move'
								? {
										reservationTime: DateTime.fromISO(current.time, { zone: current.timeZone })
											.plus({ seconds: action.seconds })
											.toFormat(LOCAL),
									}
								: this.reading.stateBody(action.state),
					});
		if (response.status !== 200)
			throw new Error(`moment ${action.kind} of ${current.reservationId} failed: ${response.text}`);
		const r = response.body as Record<string, any>;
		const at = Date.now();
		current.until = at;
		current.endedBy = action.kind;
		s.versions.push({
			...current,
			time: r.reservationTime,
			state: this.reading.stateOf(r),
			from: at,
			until: Infinity,
			endedBy: undefined,
		});
	}
}
