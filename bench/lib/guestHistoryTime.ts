/** The time row of Get Guest History against a plain client, for the Guests benchmarks. */
import { round, type timedAgainst } from './measure';
import { add } from './report';

/**
 * The row `key` of Get Guest History for `guests` guests (`label`) timed against the plain client
 * reading `plainReads` and filtering for each guest (`timed`, by timedAgainst, met at most 3 times
 * its time): the median ms, and the ms per guest.
 */
export function addGuestHistoryTime(
	key: string,
	label: string,
	plainReads: string,
	guests: number,
	timed: Awaited<ReturnType<typeof timedAgainst>>,
): void {
	add({
		key,
		benchmark: 'guests',
		measure: `${label}: median ms, against the plain client reading ${plainReads} and filtering ${guests} times`,
		...timed,
		figures: { msPerGuest: round(timed.value / guests, 2) },
		target: `<= 3 x plain client reading ${plainReads}`,
	});
}
