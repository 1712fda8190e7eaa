/**
 * The trigger reads its credential once per poll, not once per request: in n8n 2.x each read is a
 * database query, a decryption and an expression isolate (about 15 ms of n8n's CPU), and over
 * 1,000 restaurants two reads per list request made that the largest part of n8n's work per poll.
 * n8n's own authentication of each request still reads it once (its cost, not ours). Counted at
 * the engine's credentials helper, which plays the n8n server's part, through n8n-core's poll path
 * against the sandbox.
 */
import { HarnessCredentialsHelper } from '../support/engine/credentialsHelper';
import { useSandbox } from '../support/sandbox';
import { allRestaurants, book, restaurantZones } from './manyRestaurants';
import { listRequests, Trigger } from './support';

const RESTAURANTS = 6;
const ctx = useSandbox({ restaurants: RESTAURANTS, reservations: 40 });
afterEach(async () => ctx.sandbox.reset());
afterEach(() => jest.restoreAllMocks());

/** 151 days: three windows per restaurant. */
const THREE_WINDOWS = { lookAheadDays: 150 };

it('reads the credential once per poll besides n8n reading it for each request', async () => {
	const reads = jest.spyOn(HarnessCredentialsHelper.prototype, 'getDecrypted');
	const trigger = new Trigger(ctx, allRestaurants(THREE_WINDOWS));
	const baseline = await trigger.tick();
	expect(baseline.error).toBeUndefined();
	expect(listRequests(baseline)).toHaveLength(RESTAURANTS * 3);
	// Every request of the poll (the lookup of the restaurants and the lists) is authenticated by n8n.
	expect(reads).toHaveBeenCalledTimes(baseline.requests.length + 1);

	const zones = await restaurantZones(ctx);
	const booked = await book(ctx, zones, 105);
	reads.mockClear();
	const next = await trigger.tick();
	expect(next.changes.map((c) => c.reservationId)).toEqual([booked.id]);
	expect(reads).toHaveBeenCalledTimes(next.requests.length + 1);
});
