/**
 * The static data per tracked reservation, measured the way n8n stores it (JSON of the workflow's
 * static data), on a larger seed: every restaurant, one year of horizon.
 */
import { useSandbox } from '../support/sandbox';
import { staticDataSize } from './staticDataSize';
import { Trigger } from './support';

const ctx = useSandbox({ reservations: 4000 });

it('stays within 40 bytes per tracked reservation; keeping guest details costs more', async () => {
	const parameters = { restaurants: 'all', lookBackDays: 30, lookAheadDays: 335 };
	const compact = new Trigger(ctx, parameters);
	let started = Date.now();
	expect((await compact.tick()).error).toBeUndefined();
	const baselineMs = Date.now() - started;
	started = Date.now();
	expect((await compact.tick()).items).toBeNull();
	const pollMs = Date.now() - started;
	const kept = new Trigger(ctx, { ...parameters, options: { keepGuestDetails: true } });
	expect((await kept.tick()).error).toBeUndefined();

	const small = staticDataSize(compact);
	const large = staticDataSize(kept);
	expect(small.tracked).toBeGreaterThan(5000);
	expect(small.perRecord).toBeLessThanOrEqual(40);
	expect(large.tracked).toBe(small.tracked);
	console.log(
		`trigger static data: ${small.perRecord} bytes per tracked reservation (${small.bytes} bytes for ${small.tracked}); ` +
			`with previous guest details: ${large.perRecord}; baseline poll ${baselineMs} ms, steady poll ${pollMs} ms`,
	);
}, 120_000);

describe.each(['platform', 'upper'] as const)('the same seed in the %s reading', (reading) => {
	const other = useSandbox({ reservations: 4000, reading });

	it('costs at most 2 bytes more per tracked reservation than the sandbox reading', async () => {
		const parameters = { restaurants: 'all', lookBackDays: 30, lookAheadDays: 335 };
		const own = new Trigger(ctx, parameters);
		const read = new Trigger(other, parameters);
		expect((await own.tick()).error).toBeUndefined();
		expect((await read.tick()).error).toBeUndefined();
		const [a, b] = [staticDataSize(own), staticDataSize(read)];
		expect(b.tracked).toBe(a.tracked);
		// The platform's states are stored once, by name; each record refers to one by its place.
		expect((read.state as { n?: string[] }).n?.length).toBeGreaterThan(3);
		expect(b.perRecord - a.perRecord).toBeLessThanOrEqual(2);
		console.log(
			`trigger static data, ${reading} reading: ${b.perRecord} bytes per tracked reservation (sandbox reading ${a.perRecord})`,
		);
	}, 120_000);
});
