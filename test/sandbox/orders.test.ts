import { addLocalDays } from '../../nodes/shared/dateWindows';
import { todayUtc, useSandbox } from '../support/sandbox';

const ctx = useSandbox();
const when = `${addLocalDays(`${todayUtc()}T00:00:00`, 900).slice(0, 10)}T12:30:00`;

async function order(order: Record<string, unknown>, deliveryType = 'dineIn') {
	return ctx.call('createReservation', {
		body: { reservationTime: when, groupSize: 2, customerName: 'Order Guest', deliveryType, order },
	});
}

async function product(id: string) {
	const page = await ctx.call('listProducts', { query: { take: 200 } });
	return page.body.items.find((p: { id: string }) => p.id === id);
}

describe('server-side order pricing (spec 4.1)', () => {
	it('prices each line from the catalog by delivery type, with modifiers, rounded to two decimals', async () => {
		const pasta = await product('prd-101-pasta-01');
		const res = await order(
			{
				orderItems: [
					{
						productId: 'prd-101-pasta-01',
						amount: 3,
						modifiers: [
							{ productId: 'mod-101-truffle', amount: 1 },
							{ productId: 'mod-101-extra-cheese', amount: 2 },
						],
					},
					{ productId: 'prd-101-legacy-wine', amount: 1 },
				],
				tips: 2.5,
				// Totals sent by the caller are ignored: the server computes them.
				total: 1,
			},
			'takeaway',
		);
		expect(res.status).toBe(201);
		const o = res.body.order;
		const pastaLine = Math.round(3 * (pasta.takeawayPrice + 6.9 + 2 * 1.5) * 100) / 100;
		expect(o.orderItems[0]).toMatchObject({
			name: pasta.name,
			unitPrice: pasta.takeawayPrice,
			total: pastaLine,
		});
		// The legacy wine costs 3.456: the line is rounded to 3.46.
		expect(o.orderItems[1]).toMatchObject({ unitPrice: 3.456, total: 3.46 });
		expect(o.subTotal).toBe(Math.round((pastaLine + 3.46) * 100) / 100);
		expect(o.tips).toBe(2.5);
		expect(o.total).toBe(Math.round((o.subTotal + 2.5) * 100) / 100);
		// Takeaway is taxed at 7 % in Berlin, included in the prices.
		expect(o.taxes).toBe(Math.round((((pastaLine + 3.46) * 7) / 107) * 100) / 100);
	});

	it('uses the delivery price for delivery and the dine-in price otherwise', async () => {
		const p = await product('prd-101-mains-01');
		const dine = await order({ orderItems: [{ productId: p.id, amount: 1 }] });
		const delivery = await order({ orderItems: [{ productId: p.id, amount: 1 }] }, 'delivery');
		expect(dine.body.order.subTotal).toBe(p.price);
		expect(delivery.body.order.subTotal).toBe(p.deliveryPrice);
	});

	it.each([
		[
			'a product whose stored price is below zero',
			{ orderItems: [{ productId: 'prd-101-legacy-discount', amount: 1 }] },
			'invalid_price',
			'price below zero',
		],
		[
			'a negative line amount',
			{ orderItems: [{ productId: 'prd-101-pasta-01', amount: -1 }] },
			'invalid_quantity',
			'order.orderItems[0].amount is -1',
		],
		[
			'a negative modifier amount',
			{
				orderItems: [
					{
						productId: 'prd-101-pasta-01',
						amount: 1,
						modifiers: [{ productId: 'mod-101-truffle', amount: -2 }],
					},
				],
			},
			'invalid_quantity',
			'order.orderItems[0].modifiers[0].amount is -2',
		],
		['negative tips', { orderItems: [], tips: -1 }, 'invalid_amount', 'order.tips is -1'],
		[
			'a total above 21474836.47',
			{ orderItems: [{ productId: 'prd-101-mains-01', amount: 1e7 }] },
			'amount_too_large',
			'must not be above 21474836.47',
		],
		[
			'an unknown product',
			{ orderItems: [{ productId: 'prd-101-nope', amount: 1 }] },
			'unknown_product',
			'"prd-101-nope" is not a product',
		],
	])(
		'rejects %s with 400, its code and message, and stores nothing',
		async (_case, body, code, text) => {
			const before = (
				await ctx.call('listReservations', {
					query: { from: when, to: `${when.slice(0, 10)}T23:59:59` },
				})
			).body.length;
			const res = await order(body);
			expect(res.status).toBe(400);
			expect(res.body.code).toBe(code);
			expect(res.body.message).toContain(text);
			const after = (
				await ctx.call('listReservations', {
					query: { from: when, to: `${when.slice(0, 10)}T23:59:59` },
				})
			).body.length;
			expect(after).toBe(before);
		},
	);

	it('re-prices the order on update', async () => {
		const created = await order({ orderItems: [{ productId: 'prd-101-desserts-01', amount: 1 }] });
		const updated = await ctx.call('updateReservation', {
			path: { reservationId: created.body.id },
			body: { order: { orderItems: [{ productId: 'prd-101-desserts-01', amount: 2 }] } },
		});
		expect(updated.body.order.subTotal).toBe(
			Math.round(created.body.order.subTotal * 2 * 100) / 100,
		);
		const rejected = await ctx.call('updateReservation', {
			path: { reservationId: created.body.id },
			body: { order: { orderItems: [], tips: -3 } },
		});
		expect(rejected.body.code).toBe('invalid_amount');
		expect(
			(await ctx.call('getReservation', { path: { reservationId: created.body.id } })).body.order
				.subTotal,
		).toBe(updated.body.order.subTotal);
	});
});
