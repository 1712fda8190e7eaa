/**
 * The static data per tracked event and per tracked product, measured the way n8n stores it (JSON
 * of the workflow's static data), with the requests of a steady poll: the seed of all three
 * restaurants plus a larger catalog and more events for the first one.
 */
import type { IDataObject } from 'n8n-workflow';
import { mapWithConcurrency } from '../../nodes/shared/concurrency';
import { PRODUCT_PAGE_SIZE } from '../../nodes/RestaurantReservationsTrigger/targets/products/watch';
import { onOneFloor } from '../support/events';
import { useSandbox } from '../support/sandbox';
import { staticDataSize } from './staticDataSize';
import { Trigger } from './support';

const ctx = useSandbox();

const EXTRA_PRODUCTS = 600;
const EXTRA_EVENTS = 30;
const GROUPS = ['starters', 'pasta', 'mains', 'desserts', 'drinks', 'wine'];

/** A trigger watching `watch` in every restaurant, polled twice: its steady poll's requests, and its static data's size. */
async function steadyWatch(watch: 'events' | 'products') {
	const trigger = new Trigger(ctx, { watch, restaurants: 'all' });
	expect((await trigger.tick()).error).toBeUndefined();
	const steady = await trigger.tick();
	expect(steady.error).toBeUndefined();
	expect(steady.items).toBeNull();
	return { requests: steady.requests.length, ...staticDataSize(trigger) };
}

/** What `read` reads in each of the three restaurants. */
const inEachRestaurant = <T>(read: (restaurantId: number) => Promise<T>) =>
	Promise.all([101, 102, 103].map(read));

it('products: at most 80 bytes per tracked product; requests: the overlapping pages', async () => {
	await mapWithConcurrency(
		Array.from({ length: EXTRA_PRODUCTS }, (_, i) => i),
		4,
		async (i) => {
			const price = 4 + (i % 90) / 4;
			const response = await ctx.call('createProduct', {
				body: {
					name: `Daily special no. ${i + 1}`,
					productPLU: String(4006381333931 + i),
					description: 'A seasonal dish from the market.',
					price,
					takeawayPrice: price - 0.5,
					deliveryPrice: price + 1.5,
					stockAmount: i % 40,
					groupId: `grp-101-${GROUPS[i % GROUPS.length]}`,
					taxIds: ['tax-101-standard'],
				},
			});
			expect(response.status).toBe(201);
		},
	);
	const { requests, ...products } = await steadyWatch('products');
	const totals = await inEachRestaurant(
		async (restaurantId) =>
			(await ctx.call('listProducts', { path: { restaurantId }, query: { take: 1 } })).body
				.total as number,
	);
	expect(products.tracked).toBe(totals.reduce((a, b) => a + b, 0));
	// One page per PRODUCT_PAGE_SIZE - 1 products (each page overlaps the one before by one).
	expect(requests).toBe(
		totals.reduce((n, total) => n + Math.ceil((total - 1) / (PRODUCT_PAGE_SIZE - 1)), 0),
	);
	expect(products.perRecord).toBeLessThanOrEqual(80);
	console.log(
		`products watch static data: ${products.perRecord} bytes per tracked product (${products.bytes} bytes for ${products.tracked}); steady poll: ${requests} requests for catalogs of ${totals.join(', ')}`,
	);
}, 120_000);

it('events: at most 900 bytes per tracked event (its exact values and tickets); requests: a list and a read per event not over', async () => {
	for (let i = 0; i < EXTRA_EVENTS; i++) {
		const start = `2027-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`;
		const response = await ctx.call('createEvent', {
			body: onOneFloor(
				{
					name: `Chef's table, evening ${i + 1}`,
					description:
						'Seven courses at the kitchen counter, with wine pairing and a talk with the chef.',
					startDate: `${start}T19:00:00`,
					endDate: `${start}T23:30:00`,
					isOffline: i % 3 === 0,
				},
				'Counter',
				[
					{ type: 'standard', title: 'Seat', description: 'One seat', amount: 95 },
					{ type: 'pairing', title: 'Seat with wine', description: 'Pairing', amount: 140 },
				],
			),
		});
		expect(response.status).toBe(201);
	}
	const { requests, ...events } = await steadyWatch('events');
	const lists = await inEachRestaurant(
		async (restaurantId) =>
			(await ctx.call('listEvents', { path: { restaurantId } })).body as IDataObject[],
	);
	const past = lists.map((list) => list.filter((e) => e.name === 'Summer wine tasting').length);
	expect(events.tracked).toBe(lists.flat().length);
	expect(requests).toBe(3 + events.tracked - past.reduce((a, b) => a + b, 0));
	expect(events.perRecord).toBeLessThanOrEqual(900);
	console.log(
		`events watch static data: ${events.perRecord} bytes per tracked event (${events.bytes} bytes for ${events.tracked}); steady poll: ${requests} requests`,
	);
}, 120_000);
