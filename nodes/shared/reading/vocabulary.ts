/**
 * The user's own words for states the nodes cannot place (./states), and what a chosen state in a
 * node's settings (In States, Status) stands for.
 *
 * The placements live on the credential (Booking States): a platform's vocabulary belongs to the
 * account the credential reaches, not to one workflow, so one entry serves the trigger, every
 * action node and every AI tool that uses the credential.
 */
import type { KnownRole, StateRole } from './states';
import { recogniseState, roleNamed, ROLE_NAMES, STATE_ROLES, stateKey } from './states';

export interface StateVocabulary {
	/** By state key (./states stateKey): the role the user gave it. */
	placed: ReadonlyMap<string, KnownRole>;
}

export const NO_PLACEMENTS: StateVocabulary = { placed: new Map() };

/** The role names a user may write, for messages. */
export const ROLE_WORDS = STATE_ROLES.join(', ');

export type VocabularyResult = { vocabulary: StateVocabulary } | { problem: string };

/**
 * Booking States as the user wrote it: `<state> = <role>` entries separated by commas, semicolons
 * or new lines, e.g. `Walked = arrived, LEFT_MESSAGE = booked, 7 = cancelled`.
 */
export function parseVocabulary(text: unknown): VocabularyResult {
	const placed = new Map<string, KnownRole>();
	const entries = String(text ?? '')
		.split(/[,;\n]/)
		.map((entry) => entry.trim())
		.filter(Boolean);
	for (const entry of entries) {
		const at = entry.lastIndexOf('=');
		const state = at > 0 ? entry.slice(0, at).trim() : '';
		const role = at > 0 ? roleNamed(entry.slice(at + 1)) : undefined;
		if (!state || !role)
			return {
				problem: `Booking States: "${entry}" is not "<state> = <role>" with a role among ${ROLE_WORDS}`,
			};
		placed.set(stateKey(state), role);
	}
	return { vocabulary: { placed } };
}

/** The role of a state value: the user's placement first, then its words. */
export function roleOf(state: unknown, vocabulary: StateVocabulary = NO_PLACEMENTS): StateRole {
	if (state === undefined || state === null) return 'unknown';
	if (vocabulary.placed.size > 0) {
		const placed = vocabulary.placed.get(stateKey(state));
		if (placed) return placed;
	}
	return recogniseState(state);
}

/** A value chosen in In States or Status that names one state of the API, not a role. */
export const ONE_STATE_PREFIX = 'state:';

/** The values of a states setting; an expression may give them as one comma-separated text. */
export function chosenValues(value: unknown): string[] {
	const list = Array.isArray(value) ? value : String(value ?? '').split(',');
	return list.map((one) => String(one).trim()).filter(Boolean);
}

/**
 * Whether a booking's state is among the chosen ones. A chosen value naming a role (the roles of
 * the lists, and the package's own earlier state names `pending`, `confirmed`, `seated`,
 * `completed` ...) stands for every state of that role; `state:<value>` (a state seen in the
 * restaurant's bookings) or any other text stands for that one state, in any spelling.
 */
export function stateMatcher(
	chosen: readonly string[],
	vocabulary: StateVocabulary = NO_PLACEMENTS,
): (state: unknown) => boolean {
	const roles = new Set<StateRole>();
	const keys = new Set<string>();
	for (const value of chosen) {
		if (value.startsWith(ONE_STATE_PREFIX)) {
			keys.add(stateKey(value.slice(ONE_STATE_PREFIX.length)));
			continue;
		}
		const role = roleNamed(value);
		if (role) roles.add(role);
		else keys.add(stateKey(value));
	}
	return (state) =>
		(roles.size > 0 && roles.has(roleOf(state, vocabulary))) ||
		(keys.size > 0 && keys.has(stateKey(state)));
}

/** A role as the editor shows it, e.g. "Arrived or Seated". */
export function roleLabel(role: StateRole): string {
	const name = ROLE_NAMES[role];
	return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * What a Status filter sends the API as its `status` query: a state seen in the restaurant's
 * bookings, as the API spells it; nothing for a role (the API knows no roles: the nodes filter by
 * role themselves).
 */
export function statusQueryOf(chosen: string | undefined): string | undefined {
	if (!chosen) return undefined;
	if (chosen.startsWith(ONE_STATE_PREFIX)) return chosen.slice(ONE_STATE_PREFIX.length);
	return roleNamed(chosen) ? undefined : chosen;
}

/** The list filters `status` and `pending` as a test of one booking's state. */
export function stateFilter(
	filters: { status?: string; pending?: boolean },
	vocabulary: StateVocabulary,
): ((state: unknown) => boolean) | undefined {
	const status = filters.status ? stateMatcher([filters.status], vocabulary) : undefined;
	const pending = filters.pending ? stateMatcher(['awaitingApproval'], vocabulary) : undefined;
	if (!status && !pending) return undefined;
	return (state) => (!status || status(state)) && (!pending || pending(state));
}
