/**
 * A restaurant's booking schedule on its wall clock (spec 2.7, 2.8): the reservation hours of a
 * day, the interval a time falls in, and the special periods it is closed for. Times are naive
 * Luxon DateTimes (../../../clock).
 */
import { Duration, type DateTime } from 'luxon';
import { wallClock } from '../../../clock';

export interface Interval {
	name: string;
	opens: DateTime;
	closes: DateTime;
}

interface HoursOfDay {
	weekDay?: unknown;
	time?: Array<{ name?: string | null; open?: string | null; close?: string | null }> | null;
}

export interface ClosingPeriod {
	name?: string | null;
	starts?: string | null;
	ends?: string | null;
	closed?: boolean | null;
	repeat?: boolean | null;
}

/** A .NET time span "[d.]hh:mm[:ss]" (a time of day, or a length) as a Duration; zero when unreadable. */
export function timeSpan(text: string | null | undefined): Duration {
	const match = /^(?:(\d+)\.)?(\d{1,2}):(\d{2})/.exec(text ?? '');
	if (!match) return Duration.fromMillis(0);
	const [days, hours, minutes] = [match[1] ?? '0', match[2], match[3]].map(Number);
	return Duration.fromObject({ days, hours, minutes });
}

/** The spec's weekDay of a day: 0 for Sunday to 6 for Saturday (Luxon counts Monday 1 to Sunday 7). */
export const weekDayOf = (day: DateTime) => day.weekday % 7;

/** The reservation-hours intervals that open on `day`; one that closes at or before it opens ends the next day. */
export function intervalsOpeningOn(hours: HoursOfDay[], day: DateTime): Interval[] {
	const start = day.startOf('day');
	const ofDay = hours.find((h) => h.weekDay === weekDayOf(start))?.time ?? [];
	return ofDay.map((h) => {
		const opens = start.plus(timeSpan(h.open));
		const closes = start.plus(timeSpan(h.close));
		return {
			name: h.name ?? '',
			opens,
			closes: closes <= opens ? closes.plus({ days: 1 }) : closes,
		};
	});
}

/** The interval `at` falls in, counting the day before's intervals that run past midnight. */
export function intervalAt(hours: HoursOfDay[], at: DateTime): Interval | undefined {
	return [
		...intervalsOpeningOn(hours, at.minus({ days: 1 })),
		...intervalsOpeningOn(hours, at),
	].find((i) => at >= i.opens && at < i.closes);
}

/**
 * The closed special period `at` falls in. A repeated period recurs on the same calendar dates
 * every year (its copy starting in the year before counts too, for one across New Year).
 */
export function closingAt(periods: ClosingPeriod[], at: DateTime): ClosingPeriod | undefined {
	return periods.find((p) => {
		const starts = p.closed ? wallClock(p.starts ?? '') : undefined;
		const ends = p.closed ? wallClock(p.ends ?? '') : undefined;
		if (!starts || !ends) return false;
		const years = p.repeat ? [at.year - starts.year, at.year - 1 - starts.year] : [0];
		return years.some((y) => at >= starts.plus({ years: y }) && at < ends.plus({ years: y }));
	});
}
