import {
	amountOf,
	checkOrderInput,
	checkPrice,
	checkProductPrices,
	checkTotalLimit,
	describeViolation,
	hasAtMostTwoDecimals,
	MAX_AMOUNT,
	roundMoney,
} from '../../nodes/shared/money';

describe('money rules (spec 7, 8)', () => {
	it.each([0, 1, 19.99, 0.1 + 0.2, (1.005 * 100) / 100, MAX_AMOUNT])(
		'accepts the price %p',
		(price) => {
			expect(checkPrice('price', Number(price.toFixed(2)))).toBeUndefined();
		},
	);

	it.each([
		[-0.01, 'must not be below 0'],
		[4.995, 'must have at most two decimal places'],
		[21474836.48, `must not be above ${MAX_AMOUNT}`],
		[Number.NaN, 'must be a number'],
	])('rejects the price %p: %s', (price, rule) => {
		expect(checkPrice('price', price)).toEqual({
			field: 'price',
			value: price,
			code: 'invalid_price',
			rule,
		});
	});

	it('checks every price field of a product and ignores absent ones', () => {
		const found = checkProductPrices({ price: 5, takeawayPrice: -1, deliveryPrice: 2.345 });
		expect(found.map((v) => v.field)).toEqual(['takeawayPrice', 'deliveryPrice']);
		expect(checkProductPrices({ price: 5, takeawayPrice: null })).toEqual([]);
	});

	it('quotes text given where a number was expected, and reads numbers typed as text', () => {
		const word = checkPrice('price', 'zzz')!;
		expect(describeViolation(word)).toBe('price is "zzz": it must be a number (invalid_price)');
		expect(checkPrice('price', '12.50')?.rule).toBe('must be a number');
		expect(describeViolation(checkPrice('price', Number.NaN)!)).toBe(
			'price is NaN: it must be a number (invalid_price)',
		);
		expect([amountOf('12.50'), amountOf(' 7 '), amountOf('  '), amountOf('1e2')]).toEqual([
			12.5,
			7,
			undefined,
			100,
		]);
		expect([amountOf('2026-01-01'), amountOf(3), amountOf(null)]).toEqual(['2026-01-01', 3, null]);
	});

	it('tolerates binary float noise but not a real third decimal', () => {
		expect(hasAtMostTwoDecimals(0.1 + 0.2)).toBe(true);
		expect(hasAtMostTwoDecimals(1.001)).toBe(false);
		// A hundred-millionth is a millionth of a cent: the edge of the tolerance, still refused.
		expect(hasAtMostTwoDecimals(0.00000001)).toBe(false);
	});

	it('rounds half away from zero to two decimals', () => {
		expect(roundMoney(1.005)).toBe(1.01);
		expect(roundMoney(2.675)).toBe(2.68);
		expect(roundMoney(-1.005)).toBe(-1.01);
		expect(roundMoney(10)).toBe(10);
	});

	it('names the order fields that break the quantity and amount rules', () => {
		const found = checkOrderInput({
			orderItems: [{ amount: 1, modifiers: [{ amount: -1 }] }, { amount: -2 }],
			tips: -5,
			total: 10,
		});
		expect(found.map((v) => [v.field, v.code])).toEqual([
			['order.orderItems[0].modifiers[0].amount', 'invalid_quantity'],
			['order.orderItems[1].amount', 'invalid_quantity'],
			['order.tips', 'invalid_amount'],
		]);
		expect(describeViolation(found[2])).toBe(
			'order.tips is -5: it must not be below 0 (invalid_amount)',
		);
	});

	it('accepts zero and absent quantities, tips and totals, and refuses every negative one', () => {
		expect(
			checkOrderInput({
				orderItems: [
					{ amount: 0, modifiers: [{ amount: 0 }, { amount: null }, {}] },
					{ amount: null, modifiers: null },
					{},
				],
				tips: 0,
				total: 0,
			}),
		).toEqual([]);
		expect(checkOrderInput({ tips: null, total: undefined })).toEqual([]);
		expect(checkOrderInput({})).toEqual([]);
		const found = checkOrderInput({ orderItems: [{ amount: -0.5 }], tips: -0.01, total: -1 }, 'o');
		expect(found).toEqual([
			{
				field: 'o.orderItems[0].amount',
				value: -0.5,
				code: 'invalid_quantity',
				rule: 'must not be below 0',
			},
			{ field: 'o.tips', value: -0.01, code: 'invalid_amount', rule: 'must not be below 0' },
			{ field: 'o.total', value: -1, code: 'invalid_amount', rule: 'must not be below 0' },
		]);
	});

	it('refuses an order total above the maximum amount, and takes the maximum itself', () => {
		expect(checkTotalLimit('order.total', MAX_AMOUNT)).toBeUndefined();
		expect(checkTotalLimit('order.total', MAX_AMOUNT + 0.01)).toEqual({
			field: 'order.total',
			value: MAX_AMOUNT + 0.01,
			code: 'amount_too_large',
			rule: 'must not be above 21474836.47',
		});
	});
});
