/**
 * A reading of the sandbox's API (docs/sandbox.md, Readings) as a test reads and writes its records
 * (the chaos scenario's drivers and ledgers, the MCP desk against every reading): the state's field
 * and the reading's spelling of each state (sandbox/readings' tables), the role the nodes give a
 * state (README, How the nodes read the API), a restaurant's zone as the reading writes it, and
 * times compared as the instants they name.
 */
import { DateTime } from 'luxon';
import { READINGS, stateFromReading, type Reading, type ReadingName } from '../../sandbox/readings';
import type { ReservationState } from '../../sandbox/store/types';

/** The role the nodes give each of the sandbox's states (`stateRole` on every item). */
const ROLES: Readonly<Record<ReservationState, string>> = {
	pending: 'awaitingApproval',
	confirmed: 'booked',
	arrived: 'arrived',
	seated: 'arrived',
	completed: 'finished',
	noShow: 'noShow',
	cancelled: 'cancelled',
};

export class ReadingView {
	private readonly reading: Reading;

	constructor(readonly name: ReadingName = 'sandbox') {
		this.reading = READINGS[name];
	}

	/** The field of a reservation record that carries its state: `state`, or `status`. */
	get stateField(): 'state' | 'status' {
		return this.reading.stateField;
	}

	/** The reading's spelling of one of the sandbox's states ("Confirmed" in platform). */
	spelling(state: ReservationState): string {
		return this.reading.states[state];
	}

	/** A record's state as the API wrote it. */
	written(record: Record<string, unknown>): string {
		return String(record[this.stateField]);
	}

	/** The sandbox's state of a record the API wrote in this reading; throws on a value it does not write. */
	stateOf(record: Record<string, unknown>): ReservationState {
		const state = stateFromReading(this.reading, record[this.stateField]);
		if (!state)
			throw new Error(
				`reservation ${String(record.id)}: ${this.stateField} ${JSON.stringify(record[this.stateField])} is not a state of the ${this.name} reading`,
			);
		return state;
	}

	/** The role the nodes must report for a record of this reading. */
	roleOf(record: Record<string, unknown>): string {
		return ROLES[this.stateOf(record)];
	}

	/** A state field set to a state, as a client of this reading sends it in a create or update. */
	stateBody(state: ReservationState): Record<string, string> {
		return { [this.stateField]: this.spelling(state) };
	}

	/** The IANA zone of a restaurant's `timeZone` as this reading writes it. */
	ianaZone(value: string): string {
		return this.reading.ianaOf(value) ?? value;
	}
}

const NAMES_AN_INSTANT = /(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * Two reported values alike: the same JSON, or two times that both carry an offset or Z and name
 * the same instant (the trigger reports a previous time with an offset in UTC, the current one as
 * the API wrote it).
 */
export function sameValue(a: unknown, b: unknown): boolean {
	if (JSON.stringify(a) === JSON.stringify(b)) return true;
	if (typeof a !== 'string' || typeof b !== 'string') return false;
	if (!NAMES_AN_INSTANT.test(a) || !NAMES_AN_INSTANT.test(b)) return false;
	const [x, y] = [DateTime.fromISO(a), DateTime.fromISO(b)];
	return x.isValid && y.isValid && x.toMillis() === y.toMillis();
}

/**
 * The wall clock of a time in `timeZone`, to the minute ("2026-12-03T18:00"): a time with an offset
 * or Z at the instant it names, one without (milliseconds or not) as the restaurant-local time it is.
 */
export function wallClock(value: string, timeZone: string): string {
	return DateTime.fromISO(value, { zone: timeZone }).toFormat("yyyy-LL-dd'T'HH:mm");
}
