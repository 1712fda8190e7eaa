/**
 * The trigger's credential is read once per poll, not for every request: in n8n 2.x each read is a
 * database query, a decryption and an expression isolate (about 15 ms of n8n's CPU), and over
 * 1,000 restaurants two reads per list request (ours for the base URL, n8n's to authenticate) were
 * the largest part of n8n's work per poll. n8n still authenticates every request, with the
 * credential read for the poll. Counted at the engine's credentials helper, which plays the n8n
 * server's part, through n8n-core's poll path against the sandbox; the sandbox checks every
 * request's token.
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

it('reads the credential once per poll, and every request is authenticated with it', async () => {
	const reads = jest.spyOn(HarnessCredentialsHelper.prototype, 'getDecrypted');
	const trigger = new Trigger(ctx, allRestaurants(THREE_WINDOWS));
	const baseline = await trigger.tick();
	expect(baseline.error).toBeUndefined();
	expect(listRequests(baseline)).toHaveLength(RESTAURANTS * 3);
	// The lookup of the restaurants and 18 lists, each answered (the sandbox refuses a request without the token).
	const answered = { authorization: true, status: 200 };
	expect(baseline.requests).toEqual(baseline.requests.map(() => expect.objectContaining(answered)));
	expect(reads).toHaveBeenCalledTimes(1);

	const zones = await restaurantZones(ctx);
	const booked = await book(ctx, zones, 105);
	reads.mockClear();
	const next = await trigger.tick();
	expect(next.changes.map((c) => c.reservationId)).toEqual([booked.id]);
	expect(listRequests(next)).toHaveLength(RESTAURANTS * 3);
	expect(next.requests).toEqual(next.requests.map(() => expect.objectContaining(answered)));
	expect(reads).toHaveBeenCalledTimes(1);
});
