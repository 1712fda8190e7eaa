/**
 * What a booking's state role (../reading/states) means for its guest, for every guest feature:
 * a visit is a booking the guest came to (arrived or seated, finished); a booking stands when it
 * was accepted and not called off (booked, a visit, or a no-show: the table was held); awaiting
 * approval, cancelled (or refused) and an unknown state do not make anyone a guest.
 */
import type { StateRole } from '../reading/states';

const VISIT_ROLES: ReadonlySet<StateRole> = new Set(['arrived', 'finished']);

const STANDING_ROLES: ReadonlySet<StateRole> = new Set(['booked', 'arrived', 'finished', 'noShow']);

export const isVisit = (role: StateRole): boolean => VISIT_ROLES.has(role);
export const stands = (role: StateRole): boolean => STANDING_ROLES.has(role);
