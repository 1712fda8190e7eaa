/** Money rules of the partner API (spec 7, 8): the action node checks them before sending. */

/** Largest product price or order total the API accepts (spec 8). */
export const MAX_AMOUNT = 21474836.47;

export type MoneyErrorCode =
	'invalid_price' | 'invalid_quantity' | 'invalid_amount' | 'amount_too_large';

export interface MoneyViolation {
	/** Dotted path of the offending field, e.g. `price` or `order.orderItems[0].amount`. */
	field: string;
	value: number | string;
	code: MoneyErrorCode;
	/** The rule in words, e.g. "must not be below 0". */
	rule: string;
}

export const PRODUCT_PRICE_FIELDS = ['price', 'takeawayPrice', 'deliveryPrice'] as const;
export type ProductPriceField = (typeof PRODUCT_PRICE_FIELDS)[number];

type Amount = number | null | undefined;

/** True when the value has no more than two decimal places (tolerating binary float noise). */
export function hasAtMostTwoDecimals(value: number): boolean {
	const cents = value * 100;
	return Math.abs(cents - Math.round(cents)) < 1e-6;
}

/** Rounds half away from zero to two decimals, as the server does for order amounts. */
export function roundMoney(value: number): number {
	const sign = value < 0 ? -1 : 1;
	return (sign * Math.round(Math.abs(value) * 100 + 1e-9)) / 100;
}

function violation(
	field: string,
	value: number | string,
	code: MoneyErrorCode,
	rule: string,
): MoneyViolation {
	return { field, value, code, rule };
}

/** Text of a number ("12.50") as the number, blank as none; other text kept for the error to quote. */
export function amountOf(value: unknown): unknown {
	if (typeof value !== 'string') return value;
	if (value.trim() === '') return undefined;
	const number = Number(value);
	return Number.isFinite(number) ? number : value;
}

/** A catalog price: a number, not below 0, at most two decimals, at most MAX_AMOUNT. */
export function checkPrice(field: string, value: Amount | string): MoneyViolation | undefined {
	if (value === null || value === undefined) return undefined;
	if (typeof value !== 'number' || !Number.isFinite(value))
		return violation(field, value, 'invalid_price', 'must be a number');
	if (value < 0) return violation(field, value, 'invalid_price', 'must not be below 0');
	if (!hasAtMostTwoDecimals(value)) {
		return violation(field, value, 'invalid_price', 'must have at most two decimal places');
	}
	if (value > MAX_AMOUNT) {
		return violation(field, value, 'invalid_price', `must not be above ${MAX_AMOUNT}`);
	}
	return undefined;
}

/** All price fields of a product (create, update, or the result of a partial update). */
export function checkProductPrices(
	product: Partial<Record<ProductPriceField, Amount | string>>,
): MoneyViolation[] {
	return PRODUCT_PRICE_FIELDS.map((field) => checkPrice(field, product[field])).filter(isViolation);
}

/** An order line or modifier amount: not below 0. */
export function checkQuantity(field: string, value: Amount): MoneyViolation | undefined {
	if (value === null || value === undefined || value >= 0) return undefined;
	return violation(field, value, 'invalid_quantity', 'must not be below 0');
}

/** Tips or an order total: not below 0. */
export function checkNonNegativeAmount(field: string, value: Amount): MoneyViolation | undefined {
	if (value === null || value === undefined || value >= 0) return undefined;
	return violation(field, value, 'invalid_amount', 'must not be below 0');
}

/** An order total: at most MAX_AMOUNT. */
export function checkTotalLimit(field: string, value: number): MoneyViolation | undefined {
	if (value <= MAX_AMOUNT) return undefined;
	return violation(field, value, 'amount_too_large', `must not be above ${MAX_AMOUNT}`);
}

export interface OrderInput {
	orderItems?: Array<{ amount?: Amount; modifiers?: Array<{ amount?: Amount }> | null }> | null;
	tips?: Amount;
	total?: Amount;
}

/** The order rules that can be checked from the caller's input alone, before pricing. */
export function checkOrderInput(order: OrderInput, path = 'order'): MoneyViolation[] {
	const found: Array<MoneyViolation | undefined> = [];
	(order.orderItems ?? []).forEach((item, i) => {
		const line = `${path}.orderItems[${i}]`;
		found.push(checkQuantity(`${line}.amount`, item.amount));
		(item.modifiers ?? []).forEach((modifier, j) => {
			found.push(checkQuantity(`${line}.modifiers[${j}].amount`, modifier.amount));
		});
	});
	found.push(checkNonNegativeAmount(`${path}.tips`, order.tips));
	found.push(checkNonNegativeAmount(`${path}.total`, order.total));
	return found.filter(isViolation);
}

/** One sentence that names the field, the value (text given quoted) and the rule. */
export function describeViolation(v: MoneyViolation): string {
	const given = typeof v.value === 'string' ? JSON.stringify(v.value) : v.value;
	return `${v.field} is ${given}: it ${v.rule} (${v.code})`;
}

function isViolation(v: MoneyViolation | undefined): v is MoneyViolation {
	return v !== undefined;
}
