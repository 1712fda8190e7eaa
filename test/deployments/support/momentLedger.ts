/**
 * The truth ledger of the moments (issue 24): from every booking's versions (./momentDriver's
 * scripted ones, and the others as they are at the end), which moments must fire once, may fire at
 * most once (at the edges of the run, or changed within seconds after the moment), or must never
 * fire; then the trigger's moment items judged against that: lost, duplicated, early, for a
 * cancelled booking, wrong, and how late each came.
 *
 * The moments are computed here on their own, from the definitions: a reminder at the visit
 * minus each offset, not arrived at the visit plus the grace, visit ended at the visit plus its
 * length (the booking's turnover time, else the default) plus the delay; each only in its states.
 */
import { DateTime } from 'luxon';
import type { ApiCall } from '../../support/client';
import type { ReportedItem } from './ledger';
import type { BookingVersion } from './momentDriver';
import { ReadingView, sameValue } from '../../support/reading';
import { CHAOS_MOMENTS } from './workflow';

export const MOMENT_EVENTS = new Set(['reminderDue', 'notArrived', 'visitEnded']);

/** A change this soon after a moment may come before or after the poll that fires it. */
const CHANGE_SLACK_MS = 20_000;
/** The sandbox formats times to the second. */
const SAME_MOMENT_MS = 1_000;

type Verdict = 'must' | 'either' | 'never';

export interface ExpectedMoment {
	reservationId: string;
	event: string;
	/** A reminder's offset. */
	offsetMinutes?: number;
	/** Epoch ms. */
	due: number;
	verdict: Verdict;
	why: string;
	version: BookingVersion;
}

/** The span the ledger judges, epoch ms: after the baseline, before the quiet end, the end of the run. */
export interface MomentWindow {
	from: number;
	to: number;
	end: number;
}

/** A span of faults or an interruption, epoch ms. */
export interface Disturbance {
	from: number;
	to: number;
}

export interface MomentLedgerResult {
	mustFire: number;
	reported: number;
	lost: ExpectedMoment[];
	duplicated: ReportedItem[];
	early: ReportedItem[];
	forCancelled: ReportedItem[];
	wrong: Array<{ item: ReportedItem; why: string }>;
	/** Seconds from each moment to its item at the sink: the largest, and the largest of those due in calm. */
	maxLatenessSeconds: number;
	calmMaxLatenessSeconds: number;
	calmMoments: number;
	/** Moments that fell due within 10 s of the start of an interruption or fault. */
	nearDisturbance: number;
}

const instant = (local: string, zone: string) => DateTime.fromISO(local, { zone }).toMillis();

/** The moments of one version of a booking, in the states each is for. */
type Moment = { event: string; due: number; offsetMinutes?: number };

function momentsOf(version: BookingVersion): Moment[] {
	const visit = instant(version.time, version.timeZone);
	const minutes = 60_000;
	const { bookedStates, cameStates, reminderOffsetsMinutes, notArrivedMinutes } = CHAOS_MOMENTS;
	const moments: Moment[] = [];
	if (bookedStates.includes(version.state)) {
		for (const offset of reminderOffsetsMinutes)
			moments.push({ event: 'reminderDue', due: visit - offset * minutes, offsetMinutes: offset });
		moments.push({ event: 'notArrived', due: visit + notArrivedMinutes * minutes });
	}
	if (cameStates.includes(version.state)) {
		const length =
			(version.turnOverMinutes ?? 0) > 0
				? version.turnOverMinutes!
				: CHAOS_MOMENTS.visitLengthMinutes;
		moments.push({
			event: 'visitEnded',
			due: visit + (length + CHAOS_MOMENTS.visitEndedDelayMinutes) * minutes,
		});
	}
	return moments;
}

function verdictOf(due: number, version: BookingVersion, window: MomentWindow): [Verdict, string] {
	if (due <= window.from) return ['either', 'due before the baseline'];
	if (due > window.end) return ['never', 'due after the run'];
	if (due > window.to) return ['either', 'due in the quiet end'];
	// Made or moved inside the moment (a reminder fired at once): not scripted; judged loosely.
	if (due < version.from) return ['either', 'due before this version'];
	if (due >= version.until)
		return [
			'never',
			version.endedBy === 'cancel' ? 'cancelled before it' : `${version.endedBy} before it`,
		];
	if (version.until - due < CHANGE_SLACK_MS) return ['either', `${version.endedBy} just after it`];
	return ['must', 'due in the run'];
}

export function expectedMoments(
	versions: BookingVersion[],
	window: MomentWindow,
): ExpectedMoment[] {
	return versions.flatMap((version) =>
		momentsOf(version).map((moment) => {
			const [verdict, why] = verdictOf(moment.due, version, window);
			return { reservationId: version.reservationId, ...moment, verdict, why, version };
		}),
	);
}

/**
 * The bookings near now that nobody changed in the run, as single versions: whatever moments they
 * have in the run are due as they are now. Read in the sandbox's reading (each restaurant's zone
 * and each record's state as that reading writes them).
 */
export async function unchangedBookings(
	api: ApiCall,
	changed: Set<string>,
	reading = new ReadingView(),
): Promise<BookingVersion[]> {
	const restaurants = (await api('listRestaurants')).body as Array<{
		id: number;
		timeZone: string;
	}>;
	const versions: BookingVersion[] = [];
	for (const { id, timeZone: written } of restaurants) {
		const timeZone = reading.ianaZone(written);
		const today = DateTime.now().setZone(timeZone).startOf('day');
		const response = await api('listReservations', {
			path: { restaurantId: id },
			query: {
				from: today.minus({ days: 1 }).toFormat("yyyy-LL-dd'T'HH:mm:ss"),
				to: today.plus({ days: 2 }).toFormat("yyyy-LL-dd'T'HH:mm:ss"),
			},
		});
		for (const r of response.body as Array<Record<string, any>>) {
			if (changed.has(String(r.id))) continue;
			versions.push({
				reservationId: String(r.id),
				restaurantId: id,
				timeZone,
				time: r.reservationTime,
				state: reading.stateOf(r),
				turnOverMinutes: r.estimatedTurnOverTime ?? null,
				from: -Infinity,
				until: Infinity,
			});
		}
	}
	return versions;
}

const dueOf = (item: ReportedItem) => instant(item.moment!.dueAt, item.moment!.timeZone);

function matching(expected: ExpectedMoment[], item: ReportedItem): ExpectedMoment | undefined {
	return expected.find(
		(e) =>
			e.reservationId === item.reservationId &&
			e.event === item.event &&
			Math.abs(e.due - dueOf(item)) < SAME_MOMENT_MS,
	);
}

/** A reminder for a moved booking's new time says it was rescheduled exactly when the old one fired. */
function rescheduledWrong(
	item: ReportedItem,
	moment: ExpectedMoment,
	fired: Map<ExpectedMoment, ReportedItem[]>,
): string | undefined {
	if (item.event !== 'reminderDue') return undefined;
	const before = [...fired.keys()].find(
		(e) =>
			e.reservationId === item.reservationId &&
			e.event === 'reminderDue' &&
			e.version.until <= moment.version.from &&
			e.version.endedBy === 'move',
	);
	const expected = before !== undefined;
	if (item.moment?.rescheduled !== expected)
		return `rescheduled ${item.moment?.rescheduled}, expected ${expected}`;
	// The same instant: the trigger gives a previous time with an offset in UTC.
	if (before && !sameValue(item.moment?.previousReservationTime, before.version.time))
		return `previousReservationTime ${item.moment?.previousReservationTime}, expected ${before.version.time}`;
	return undefined;
}

const POLL_AND_MARGIN_MS = 15_000;

export function compareMoments(
	expected: ExpectedMoment[],
	items: ReportedItem[],
	disturbances: Disturbance[],
	{ checkRescheduled = true } = {},
): MomentLedgerResult {
	const fired = new Map<ExpectedMoment, ReportedItem[]>();
	const result: MomentLedgerResult = {
		mustFire: expected.filter((e) => e.verdict === 'must').length,
		reported: items.length,
		lost: [],
		duplicated: [],
		early: [],
		forCancelled: [],
		wrong: [],
		maxLatenessSeconds: 0,
		calmMaxLatenessSeconds: 0,
		calmMoments: 0,
		nearDisturbance: 0,
	};
	for (const item of items) {
		const moment = matching(expected, item);
		if (!moment) {
			result.wrong.push({ item, why: `no such moment due at ${item.moment?.dueAt}` });
			continue;
		}
		fired.set(moment, [...(fired.get(moment) ?? []), item]);
	}
	for (const [moment, got] of fired) {
		const [first, ...more] = got;
		result.duplicated.push(...more);
		if (moment.verdict === 'never') {
			if (moment.why === 'cancelled before it') result.forCancelled.push(first);
			else result.wrong.push({ item: first, why: moment.why });
		}
		const wrongFlag = checkRescheduled ? rescheduledWrong(first, moment, fired) : undefined;
		if (wrongFlag) result.wrong.push({ item: first, why: wrongFlag });
		if (first.receivedAt === undefined) continue;
		if (first.receivedAt < moment.due) result.early.push(first);
		const lateness = (first.receivedAt - moment.due) / 1000;
		result.maxLatenessSeconds = Math.max(result.maxLatenessSeconds, lateness);
		const calm = !disturbances.some(
			(d) => d.from <= moment.due + POLL_AND_MARGIN_MS && d.to >= moment.due - 2_000,
		);
		if (calm) {
			result.calmMoments++;
			result.calmMaxLatenessSeconds = Math.max(result.calmMaxLatenessSeconds, lateness);
		}
	}
	for (const moment of expected) {
		if (moment.verdict === 'must' && !fired.has(moment)) result.lost.push(moment);
		if (
			moment.verdict !== 'never' &&
			disturbances.some((d) => Math.abs(d.from - moment.due) <= 10_000)
		)
			result.nearDisturbance++;
	}
	return result;
}

/** `deployment moments: N due, N reported, L lost, D duplicated, E early, C for a cancelled booking, W wrong; max lateness …`. */
export function momentLine(deployment: string, r: MomentLedgerResult): string {
	return (
		`${deployment} moments: ${r.mustFire} due, ${r.reported} reported, ${r.lost.length} lost, ` +
		`${r.duplicated.length} duplicated, ${r.early.length} early, ${r.forCancelled.length} for a cancelled booking, ` +
		`${r.wrong.length} wrong; max lateness ${r.maxLatenessSeconds.toFixed(1)} s ` +
		`(${r.calmMaxLatenessSeconds.toFixed(1)} s for the ${r.calmMoments} due away from faults and interruptions; ` +
		`${r.nearDisturbance} due within 10 s of one)`
	);
}
