/**
 * A guest's yearly occasions from the booking's profile (`birthdate`, `anniversary`) as a month and
 * a day: "1985-03-14", "--03-14", "03-14", "14.03.1985"; no real date, no occasion.
 */
import type { IDataObject } from 'n8n-workflow';

export type OccasionKind = 'birthday' | 'anniversary';

export interface MonthDay {
	month: number;
	day: number;
}

/** The profile fields each occasion is read from. */
const OCCASION_FIELDS: Record<OccasionKind, string> = {
	birthday: 'birthdate',
	anniversary: 'anniversary',
};

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The month and day of a date as profiles write it; undefined when it is none. */
export function monthDayOf(value: unknown): MonthDay | undefined {
	if (typeof value !== 'string') return undefined;
	const text = value.trim();
	const iso = /^(?:\d{4}-|--)?(\d{1,2})-(\d{1,2})(?:$|[T ])/.exec(text);
	const dotted = /^(\d{1,2})\.(\d{1,2})\.(?:\d{4})?$/.exec(text);
	const [month, day] = iso
		? [Number(iso[1]), Number(iso[2])]
		: dotted
			? [Number(dotted[2]), Number(dotted[1])]
			: [0, 0];
	if (month < 1 || month > 12 || day < 1 || day > DAYS_IN_MONTH[month - 1]) return undefined;
	return { month, day };
}

/** The booking's profile, when it has one. */
export function profileOf(booking: IDataObject): IDataObject | undefined {
	const profile = booking.customerProfile;
	return profile && typeof profile === 'object' && !Array.isArray(profile)
		? (profile as IDataObject)
		: undefined;
}

/** The occasion of a booking's profile; undefined when the profile does not give it. */
export function occasionOf(booking: IDataObject, kind: OccasionKind): MonthDay | undefined {
	return monthDayOf(profileOf(booking)?.[OCCASION_FIELDS[kind]]);
}
