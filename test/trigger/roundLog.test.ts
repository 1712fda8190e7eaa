/**
 * The line a poll writes to n8n's log (n8n shows no notice for a poll): how many restaurants it
 * listed, what was left or failed, and how long a full round over all of them takes.
 */
import { RequestPacing } from '../../nodes/RestaurantReservationsTrigger/api/pacing';
import type { RestaurantOutcome } from '../../nodes/RestaurantReservationsTrigger/poll/restaurantRound';
import { roundLine } from '../../nodes/RestaurantReservationsTrigger/poll/roundLog';
import type {
	RestaurantEntry,
	StoredState,
} from '../../nodes/RestaurantReservationsTrigger/state/storedState';
import type { Restaurant } from '../../nodes/RestaurantReservationsTrigger/types';
import { EMPTY_BERLIN_SNAPSHOT } from '../support/reservationRecords';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const MINUTE = 60_000;
const restaurant = (id: number): Restaurant => ({ key: String(id), id, timeZone: 'Europe/Berlin' });
const listed = (id: number) =>
	({ kind: 'listed', restaurant: restaurant(id) }) as RestaurantOutcome;
const snapshot = EMPTY_BERLIN_SNAPSHOT;
const clock = { startedAt: NOW - 33_800, budgetMs: 36_000, pacing: new RequestPacing(8) };

function state(entries: Record<number, RestaurantEntry>): StoredState {
	return { version: 3, settingsKey: 'k', restaurantsLookedUpAt: NOW, restaurants: entries };
}

it('a partial poll: listed, left, failed, and the age of the restaurant polled longest ago', () => {
	const outcomes: RestaurantOutcome[] = [
		listed(101),
		{ kind: 'failed', restaurant: restaurant(102), error: new Error('HTTP 500') },
		{ kind: 'notReached', restaurant: restaurant(103) },
	];
	const line = roundLine(
		outcomes,
		state({
			101: { timeZone: 'Europe/Berlin', snapshot, polledAt: NOW },
			102: { timeZone: 'Europe/Berlin', snapshot, polledAt: NOW - 30 * MINUTE, failedPolls: 1 },
			103: { timeZone: 'Europe/Berlin', snapshot, polledAt: NOW - 3 * MINUTE },
		}),
		clock,
		NOW,
	);
	expect(line).toContain('polled 1 of 3 restaurants in 33.8 s');
	expect(line).toContain('1 failed (tried again next poll)');
	expect(line).toContain('1 left for the next polls');
	// The failing restaurant says nothing of the round.
	expect(line).toContain('a full round takes about 3.0 minutes');
});

it('a poll that listed every restaurant says so; one with restaurants never listed counts them', () => {
	expect(roundLine([listed(101)], state({}), clock, NOW)).toContain('a full round in this poll');
	const waiting = roundLine(
		[listed(101), { kind: 'notReached', restaurant: restaurant(104) }],
		state({
			101: { timeZone: 'Europe/Berlin', snapshot, polledAt: NOW },
			104: { timeZone: 'Asia/Tokyo' },
		}),
		clock,
		NOW,
	);
	expect(waiting).toContain('1 not polled yet');
});
