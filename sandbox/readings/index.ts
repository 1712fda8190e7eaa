/**
 * Readings of the spec: how the API names what the spec leaves "not shown" (the reservation's
 * state field and its values, the time forms, the restaurant's time zone, the error bodies). The
 * store and the handlers keep the sandbox's own form; a reading only rewrites what crosses the HTTP
 * boundary of the API (sandbox/readings/http.ts). The control path (/__sandbox) is never read.
 *
 * - `sandbox`: the sandbox's own form (the default; no hook runs).
 * - `platform`: the platform's public client models (ASP.NET): `status` in PascalCase, times with
 *   the restaurant's offset, Windows zone names, ASP.NET Core ProblemDetails without `message`.
 * - `upper`: a booking standard's: `status` in upper case with compound values, UTC times with Z,
 *   zones as "UTC+01:00", OAuth-style errors.
 * - `legacy`: an older Web API's: `state` with spaces and British spelling, local times with
 *   milliseconds, IANA zones, `{ Message, ModelState }` errors and an HTML page for 5xx.
 */
import type { ApiProblem } from '../problems';
import type { Reservation, ReservationState } from '../store/types';
import { RESERVATION_STATES } from '../store/types';
import { legacyReading } from './legacy';
import { platformReading } from './platform';
import { sandboxReading } from './sandbox';
import { upperReading } from './upper';

export const READING_NAMES = ['sandbox', 'platform', 'upper', 'legacy'] as const;
export type ReadingName = (typeof READING_NAMES)[number];
export const DEFAULT_READING: ReadingName = 'sandbox';

/** An error answer: its content type and body (an object is sent as JSON). */
export interface ErrorAnswer {
	contentType: string;
	body: string | object;
}

export interface Reading {
	readonly name: ReadingName;
	/** The field of a reservation record that carries its state. */
	readonly stateField: 'state' | 'status';
	/**
	 * The value written for each of the sandbox's states. `upper` writes a cancelled reservation
	 * as this value (by the merchant) unless the cancellation came from the customer's side (see
	 * `moreStates` and `stateOf`).
	 */
	readonly states: Readonly<Record<ReservationState, string>>;
	/** Further values this reading writes and reads, and the state each stands for. */
	readonly moreStates: Readonly<Record<string, ReservationState>>;
	/** The state value written for a stored record. */
	stateOf(record: Reservation): string;
	/** `reservationTime` as written, from the stored restaurant-local wall time. */
	time(local: string, timeZone: string): string;
	/** A restaurant's `timeZone` as written, from its IANA zone, at `now`. */
	timeZone(iana: string, now: Date): string;
	/** The IANA zone of a `timeZone` sent in this reading's form; undefined when not one. */
	ianaOf(value: string): string | undefined;
	/** The body of an error answer (its status is the problem's). */
	error(problem: ApiProblem, instance: string): ErrorAnswer;
}

export const READINGS: Readonly<Record<ReadingName, Reading>> = {
	sandbox: sandboxReading,
	platform: platformReading,
	upper: upperReading,
	legacy: legacyReading,
};

export function isReadingName(name: string): name is ReadingName {
	return (READING_NAMES as readonly string[]).includes(name);
}

export function readingNamed(name: string = DEFAULT_READING): Reading {
	if (!isReadingName(name))
		throw new RangeError(`Unknown reading "${name}": use one of ${READING_NAMES.join(', ')}.`);
	return READINGS[name];
}

/** Spelling aside: "No Show", "NO_SHOW", "noShow" and "noshow" are one value. */
export function normalizeState(value: string): string {
	return value.toLowerCase().replace(/[^a-z]/g, '');
}

const vocabularies = new Map<ReadingName, Map<string, ReservationState>>();

/** Every value a reading reads, normalized: its own spellings first, then the sandbox's. */
function vocabulary(reading: Reading): Map<string, ReservationState> {
	let words = vocabularies.get(reading.name);
	if (!words) {
		words = new Map();
		for (const state of RESERVATION_STATES) words.set(normalizeState(reading.states[state]), state);
		for (const [value, state] of Object.entries(reading.moreStates))
			words.set(normalizeState(value), state);
		for (const state of RESERVATION_STATES)
			if (!words.has(normalizeState(state))) words.set(normalizeState(state), state);
		vocabularies.set(reading.name, words);
	}
	return words;
}

/**
 * The sandbox's state for a value sent in a reading's vocabulary or the sandbox's own (any case,
 * spaces or underscores); undefined when it names none.
 */
export function stateFromReading(reading: Reading, value: unknown): ReservationState | undefined {
	return typeof value === 'string' ? vocabulary(reading).get(normalizeState(value)) : undefined;
}

/** True when the value is one of the reading's own spellings (not only the sandbox's). */
export function isReadingSpelling(reading: Reading, value: string): boolean {
	const wanted = normalizeState(value);
	return [...Object.values(reading.states), ...Object.keys(reading.moreStates)].some(
		(v) => normalizeState(v) === wanted,
	);
}

/** Every value a reading writes, for messages and documentation. */
export function readingValues(reading: Reading): string[] {
	return [...new Set([...Object.values(reading.states), ...Object.keys(reading.moreStates)])];
}
