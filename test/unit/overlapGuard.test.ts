/**
 * The overlap guard's wait for a reported state (nodes/RestaurantReservationsTrigger/poll/overlapGuard):
 * under durable cursors, polls that read a state without the last report's stamp report nothing for
 * REPORT_WAIT_MS after that report, then go on (n8n never wrote that state: its items were not
 * delivered either). The engine test of the same: test/trigger/overlap.test.ts.
 */
import type { IDataObject } from 'n8n-workflow';
import {
	oneAtATime,
	REPORT_WAIT_MS,
	SAVE_MARGIN_MS,
} from '../../nodes/RestaurantReservationsTrigger/poll/overlapGuard';

let clock = 1_000_000;
beforeEach(() => jest.spyOn(Date, 'now').mockImplementation(() => clock));
afterEach(() => jest.restoreAllMocks());

const reports = async () => await Promise.resolve(['item']);
const reportsNothing = async () => await Promise.resolve(null);

it('stamps the state a reporting poll leaves, and keeps the stamp through polls that report nothing', async () => {
	const state: IDataObject = {};
	expect(await oneAtATime('a', state, reports, true)).toEqual(['item']);
	expect(state.ra).toBe(1_000_000);
	clock += SAVE_MARGIN_MS;
	const rewritten: IDataObject = { ra: 1_000_000 };
	const rewrite = async () => {
		delete rewritten.ra; // as writeStoredState replaces the state
		return await reportsNothing();
	};
	expect(await oneAtATime('a', rewritten, rewrite, true)).toBeNull();
	expect(rewritten).toEqual({ ra: 1_000_000 });
	// A report never stamps a state with the stamp it read (two reports in one millisecond).
	clock += SAVE_MARGIN_MS;
	const ahead: IDataObject = { ra: clock };
	expect(await oneAtATime('a2', ahead, reports, true)).toEqual(['item']);
	expect(ahead.ra).toBe(clock + 1);
});

it('durable: a state without the last stamp is skipped until REPORT_WAIT_MS after the report, then polled', async () => {
	const stored: IDataObject = { v: 3 };
	expect(await oneAtATime('b', structuredClone(stored), reports, true)).toEqual(['item']);
	const poll = jest.fn(reports);
	clock += SAVE_MARGIN_MS;
	expect(await oneAtATime('b', structuredClone(stored), poll, true)).toBeNull();
	clock += REPORT_WAIT_MS - SAVE_MARGIN_MS - 1;
	expect(await oneAtATime('b', structuredClone(stored), poll, true)).toBeNull();
	expect(poll).not.toHaveBeenCalled();
	clock += 1;
	expect(await oneAtATime('b', structuredClone(stored), poll, true)).toEqual(['item']);
	expect(poll).toHaveBeenCalledTimes(1);
});

it('durable: the state with the stamp is polled at once; other triggers and non-durable polls never wait for it', async () => {
	const state: IDataObject = {};
	await oneAtATime('c', state, reports, true);
	clock += SAVE_MARGIN_MS;
	const poll = jest.fn(reportsNothing);
	await oneAtATime('c', structuredClone(state), poll, true);
	await oneAtATime('d', {}, poll, true);
	expect(poll).toHaveBeenCalledTimes(2);
	await oneAtATime('e', {}, reports, false);
	await oneAtATime('e', {}, poll, false);
	expect(poll).toHaveBeenCalledTimes(3);
});

it('durable: within the save margin after any poll, the next reports nothing; without durable cursors it runs', async () => {
	await oneAtATime('f', {}, reportsNothing, true);
	const poll = jest.fn(reportsNothing);
	clock += SAVE_MARGIN_MS - 1;
	expect(await oneAtATime('f', {}, poll, true)).toBeNull();
	expect(poll).not.toHaveBeenCalled();
	clock += 1;
	await oneAtATime('f', {}, poll, true);
	await oneAtATime('g', {}, reportsNothing, false);
	await oneAtATime('g', {}, poll, false);
	expect(poll).toHaveBeenCalledTimes(2);
});

it('a poll that starts while another of the same trigger runs reports nothing, and does not poll', async () => {
	let finish: (value: string[]) => void = () => undefined;
	const first = oneAtATime(
		'h',
		{},
		async () => await new Promise<string[]>((resolve) => (finish = resolve)),
		false,
	);
	const poll = jest.fn(reports);
	expect(await oneAtATime('h', {}, poll, false)).toBeNull();
	expect(poll).not.toHaveBeenCalled();
	finish(['item']);
	expect(await first).toEqual(['item']);
	expect(await oneAtATime('h', {}, poll, false)).toEqual(['item']);
});

it('a poll that reports nothing on a state without a stamp leaves none (an idle poll changes nothing)', async () => {
	const state: IDataObject = { v: 3 };
	expect(await oneAtATime('i', state, reportsNothing, true)).toBeNull();
	expect(Object.keys(state)).toEqual(['v']);
});
