/**
 * What the editor offers wherever a state is picked (In States, Status): the roles, which match a
 * state in any spelling, then the states seen in the restaurant's own recent bookings, each with
 * its role. A role's value is the package's earlier state name for it (`confirmed` for Booked), so
 * that workflows saved with those values read on unchanged (./vocabulary reads them as roles).
 */
import type { INodePropertyOptions } from 'n8n-workflow';
import type { KnownRole, StateRole } from './states';
import { recogniseState } from './states';
import type { StateVocabulary } from './vocabulary';
import { ONE_STATE_PREFIX, roleLabel, roleOf } from './vocabulary';

const ROLE_SPELLINGS: Record<KnownRole, string> = {
	awaitingApproval: 'pending, Requested, PENDING_MERCHANT_CONFIRMATION, Tentative',
	booked: 'confirmed, Booked, CONFIRMED, Reconfirmed',
	arrived: 'arrived, seated, Checked In, PARTIALLY_SEATED',
	finished: 'completed, Closed, Done, Paid, Checked Out',
	noShow: 'noShow, NO_SHOW, No Show',
	cancelled: 'cancelled, Canceled, CANCELED_BY_GUEST, Rejected, Declined',
};

/** The option value of each role: the package's earlier state name for it. */
export const ROLE_VALUES: Record<KnownRole, string> = {
	awaitingApproval: 'pending',
	booked: 'confirmed',
	arrived: 'arrived',
	finished: 'completed',
	noShow: 'noShow',
	cancelled: 'cancelled',
};

/** The roles as options: they match a booking's state in any spelling. */
export const ROLE_OPTIONS: INodePropertyOptions[] = (Object.keys(ROLE_VALUES) as KnownRole[]).map(
	(role) => ({
		name: roleLabel(role),
		value: ROLE_VALUES[role],
		description: `Any state that means ${roleLabel(role).toLowerCase()}, in any spelling (${ROLE_SPELLINGS[role]}, and more)`,
	}),
);

/** The states seen in bookings, as options of their own: each matches that state alone. */
export function seenStateOptions(
	states: Iterable<unknown>,
	vocabulary: StateVocabulary,
): INodePropertyOptions[] {
	const seen = new Map<string, StateRole>();
	for (const state of states)
		if (state !== null && state !== undefined && !seen.has(String(state)))
			seen.set(String(state), roleOf(state, vocabulary));
	return [...seen.entries()]
		.sort(([a], [b]) => a.localeCompare(b))
		.map(([state, role]) => ({
			name: `${state}: ${role === 'unknown' ? 'meaning unknown' : roleLabel(role)}`,
			value: `${ONE_STATE_PREFIX}${state}`,
			description:
				role === 'unknown'
					? `Seen in this restaurant's bookings. Its meaning is not known: add it to Booking States in the credential (e.g. "${state} = booked")`
					: `Seen in this restaurant's bookings: this state alone (${recogniseState(state) === role ? 'read by its words' : 'placed by Booking States'})`,
		}));
}
