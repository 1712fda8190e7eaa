/**
 * How the nodes read a restaurant's bookings, said in one sentence: which field holds the state, the
 * states seen with their roles, whether times carry offsets, the time zone as read. A new user on
 * the real platform learns in one run whether reminders and cancellations will be recognised, and
 * for a state the nodes cannot place, the fix (Restaurant › Check Booking Data).
 */
import type { IDataObject } from 'n8n-workflow';
import { hasOffset } from '../localTime';
import type { ZoneReading } from './restaurantZone';
import { stateFieldOf, stateOf } from './record';
import type { StateRole } from './states';
import { recogniseState, ROLE_NAMES } from './states';
import type { StateVocabulary } from './vocabulary';
import { ROLE_WORDS, roleOf } from './vocabulary';

export interface SeenState {
	state: unknown;
	role: StateRole;
	bookings: number;
	/** How its role was found: by its words, by the credential's Booking States, or not at all. */
	placedBy: 'words' | 'bookingStates' | null;
}

export interface ReadingReport extends IDataObject {
	ready: boolean;
	summary: string;
	fix: string | null;
	bookingsRead: number;
	stateField: string | null;
	states: SeenState[];
	unplacedStates: string[];
	timeForm: 'offset' | 'utc' | 'local' | 'mixed' | 'none';
	timeZone: { api: unknown; readAs: string | null };
}

export interface ReadingSample {
	restaurant: string;
	period: { from: string; to: string };
	bookings: IDataObject[];
	timeZoneOfApi: unknown;
	zone: ZoneReading;
	vocabulary: StateVocabulary;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function seenStates(bookings: IDataObject[], vocabulary: StateVocabulary): SeenState[] {
	const byState = new Map<string, SeenState>();
	for (const booking of bookings) {
		const state = stateOf(booking);
		const key = JSON.stringify(state);
		const seen = byState.get(key);
		if (seen) {
			seen.bookings++;
			continue;
		}
		const role = roleOf(state, vocabulary);
		const placedBy =
			role === 'unknown' ? null : recogniseState(state) === role ? 'words' : 'bookingStates';
		byState.set(key, { state, role, bookings: 1, placedBy });
	}
	return [...byState.values()].sort((a, b) => b.bookings - a.bookings);
}

function timeFormOf(bookings: IDataObject[]): ReadingReport['timeForm'] {
	const forms = new Set<string>();
	for (const { reservationTime: time } of bookings) {
		if (typeof time !== 'string') continue;
		forms.add(!hasOffset(time) ? 'local' : /(Z|[+-]00:?00)$/i.test(time) ? 'utc' : 'offset');
	}
	if (forms.size === 0) return 'none';
	return forms.size > 1 ? 'mixed' : ([...forms][0] as ReadingReport['timeForm']);
}

const TIME_FORMS: Record<ReadingReport['timeForm'], string> = {
	offset: 'times carry an offset and are read as instants',
	utc: 'times are in UTC and are read as instants',
	local: "times carry no offset and are read as the restaurant's wall clock",
	mixed: 'times come with and without offsets; each is read by its own form',
	none: 'no booking carries a reservationTime',
};

/** The report of one restaurant's sample of bookings. */
export function readingReport(sample: ReadingSample): ReadingReport {
	const { bookings, zone, vocabulary } = sample;
	const readAs = 'timeZone' in zone ? zone.timeZone : null;
	const period = `from ${sample.period.from.slice(0, 10)} to ${sample.period.to.slice(0, 10)}`;
	const fields = new Set(bookings.map((b) => stateFieldOf(b)).filter(Boolean));
	const stateField = fields.size === 0 ? null : [...fields].join(' and ');
	const states = seenStates(bookings, vocabulary);
	const unplaced = states.filter((s) => s.role === 'unknown' && stateField !== null);
	const timeForm = timeFormOf(bookings);
	const fixes: string[] = [];
	// The fixes are joined into sentences: the zone's own fix ends with its full stop.
	if ('problem' in zone) fixes.push(`${zone.problem}. ${zone.fix.replace(/\.$/, '')}`);
	if (unplaced.length > 0)
		fixes.push(
			`Add ${unplaced.length === 1 ? 'it' : 'them'} to Booking States in the credential, e.g. "${String(unplaced[0].state)} = booked" (roles: ${ROLE_WORDS}); until then ${unplaced.length === 1 ? 'its' : 'their'} bookings get no reminders or follow-ups, and a change into ${unplaced.length === 1 ? 'it' : 'them'} is reported as a state change, never as a cancellation`,
		);
	if (bookings.length > 0 && stateField === null)
		fixes.push(
			'The bookings carry neither "state" nor "status": the nodes cannot tell cancellations or visits apart. Tell the platform, or watch changes only (Reservation Created and Updated)',
		);
	const zoneSaid = readAs
		? `the time zone is read as ${readAs}${sample.timeZoneOfApi !== readAs ? ` (the API says ${JSON.stringify(sample.timeZoneOfApi ?? null)})` : ''}`
		: 'the time zone cannot be read';
	let summary: string;
	if (bookings.length === 0) {
		summary = `No bookings of ${sample.restaurant} ${period}: nothing to judge yet. Make a test booking and run this again; ${zoneSaid}.`;
	} else {
		const stateList = states.map((s) => `${String(s.state)} (${ROLE_NAMES[s.role]})`).join(', ');
		const placed =
			unplaced.length === 0
				? `each placed: ${stateList}`
				: `${plural(unplaced.length, 'state')} the nodes cannot place (${unplaced.map((s) => `"${String(s.state)}"`).join(', ')}); all of them: ${stateList}`;
		const stateSaid =
			stateField === null
				? 'no state field'
				: `the state is in "${stateField}", ${plural(states.length, 'state')}, ${placed}`;
		const verdict =
			fixes.length === 0
				? 'Reminders, follow-ups and cancellations will be recognised.'
				: 'Not ready: see fix.';
		summary = `Read ${plural(bookings.length, 'booking')} of ${sample.restaurant} ${period}: ${stateSaid}; ${TIME_FORMS[timeForm]}; ${zoneSaid}. ${verdict}`;
	}
	return {
		ready: fixes.length === 0 && bookings.length > 0,
		summary,
		fix: fixes.length > 0 ? `${fixes.join('. ')}.` : null,
		bookingsRead: bookings.length,
		stateField,
		states,
		unplacedStates: unplaced.map((s) => String(s.state)),
		timeForm,
		timeZone: { api: sample.timeZoneOfApi ?? null, readAs },
	};
}
