/**
 * A deliberate mistake in the nodes' slot count, for ./mistakes.test.ts: loaded by a child jest
 * run with `--setupFilesAfterEnv`, it replaces the package's `holdsATable` (which booking states
 * keep their place in a slot) with the mistaken reading named by RR_SLOT_COUNT_MISTAKE. Only the
 * test process's copy of the package changes: the sandbox runs in its own process with its own rules.
 */
import type { StateRole } from '../../nodes/shared/reading/states';

/** Each mistake: the roles it wrongly counts as holding a table (or as freeing one). */
export const SLOT_COUNT_MISTAKES: Record<string, (role: StateRole) => boolean> = {
	noShowHolds: (role) => role !== 'cancelled',
	cancelledHolds: (role) => role !== 'noShow',
	awaitingApprovalFrees: (role) => !['cancelled', 'noShow', 'awaitingApproval'].includes(role),
	arrivedFrees: (role) => !['cancelled', 'noShow', 'arrived'].includes(role),
};

const mistake = process.env.RR_SLOT_COUNT_MISTAKE;
if (mistake) {
	const holdsATable = SLOT_COUNT_MISTAKES[mistake];
	if (!holdsATable) throw new Error(`RR_SLOT_COUNT_MISTAKE=${mistake}: no such mistake`);
	jest.doMock('../../nodes/shared/bookingRules', () => ({
		...jest.requireActual('../../nodes/shared/bookingRules'),
		holdsATable,
	}));
}
