/**
 * The poll's shared pace (nodes/RestaurantReservationsTrigger/api/pacing.ts): a request refused
 * with a 429 keeps its place, and after the pause every retry starts before any request not sent
 * yet, so that the tokens the pause won back go to the retries first (a retry refused twice once
 * failed CI's concurrency test).
 */
import { RequestPacing } from '../../nodes/RestaurantReservationsTrigger/api/pacing';

const FAR = Date.now() + 60_000;

it('after a 429 the retries start first, then the requests that waited for a place, never beyond the limit', async () => {
	const pacing = new RequestPacing(3);
	const order: string[] = [];
	const started = async (name: string, retry = false) => {
		const at = await pacing.start(FAR, retry);
		order.push(name);
		return at!;
	};
	// Answers accepted first, so that the pace the 429 sets is quick.
	for (let i = 0; i < 6; i++) {
		await pacing.start(FAR, false);
		pacing.finish();
	}
	const [a, b, c] = await Promise.all([started('a'), started('b'), started('c')]);
	// d, e, f wait for a place.
	const later = ['d', 'e', 'f'].map((name) => started(name));
	pacing.refusedKeepingPlace(a, 300);
	pacing.refusedKeepingPlace(b, 300);
	pacing.finish(); // c's place goes to d, which joins the line and waits for the pause
	void c;
	await new Promise((resolve) => setImmediate(resolve));
	const retries = [started('a again', true), started('b again', true)];
	await Promise.all(retries);
	expect(order).toEqual(['a', 'b', 'c', 'a again', 'b again']);
	expect(pacing.resumesAt).toBeGreaterThan(0);
	// The places: a and b hold theirs again, d holds c's; e and f get theirs as these finish.
	pacing.finish();
	pacing.finish();
	pacing.finish();
	await Promise.all(later);
	expect(order).toEqual(['a', 'b', 'c', 'a again', 'b again', 'd', 'e', 'f']);
	expect(pacing.counts).toEqual({ started: 14, refused: 2 });
});

it('a request that cannot start before the deadline gives its place on', async () => {
	const pacing = new RequestPacing(1);
	const first = await pacing.start(FAR, false);
	pacing.refusedKeepingPlace(first!, 300);
	expect(await pacing.start(Date.now() + 100, true)).toBeUndefined();
	// Its place is free again (else this would wait for ever): a new request starts after the pause.
	expect(await pacing.start(FAR, false)).toBeGreaterThanOrEqual(pacing.resumesAt);
});
