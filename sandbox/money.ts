/**
 * The sandbox's own money rules (spec 7 and 8), read from the decimal text of each amount: an
 * amount has at most two decimal places when the shortest text of the number has at most two
 * digits after its point, and order amounts are rounded half away from zero by moving the point in
 * the text. The package's nodes check the same rules with float arithmetic; the tests compare them.
 */

/** Largest product price or order total (spec 8), in cents. */
const MAX_CENTS = 2_147_483_647;
export const MAX_AMOUNT_TEXT = '21474836.47';

export type MoneyCode =
	'invalid_price' | 'invalid_quantity' | 'invalid_amount' | 'amount_too_large';

/** A broken money rule: the field, the value sent, the code and the rule in words. */
export interface MoneyFault {
	field: string;
	value: number;
	code: MoneyCode;
	rule: string;
}

type Amount = number | null | undefined;

/** Digits after the decimal point of the number as JSON writes it. */
function decimalPlaces(value: number): number {
	const [mantissa, exponent = '0'] = String(Math.abs(value)).split('e');
	const fraction = mantissa.split('.')[1] ?? '';
	return Math.max(0, fraction.length - Number(exponent));
}

/** The number with its decimal point moved `places` to the right, through its text. */
const shift = (value: number, places: number) => Number(`${value}e${places}`);

/** Rounded half away from zero to two decimals: 1.005 is 1.01, -2.675 is -2.68. */
export function roundCents(value: number): number {
	const cents = Math.round(shift(Math.abs(value), 2));
	return Math.sign(value) * shift(cents, -2) || 0;
}

const fault = (field: string, value: number, code: MoneyCode, rule: string): MoneyFault => ({
	field,
	value,
	code,
	rule,
});

/** Above the maximum once rounded to cents (counted as whole cents, through the text). */
const aboveMaximum = (value: number) => shift(roundCents(value), 2) > MAX_CENTS;

/** A catalog price or ticket amount: a number, not below 0, two decimals at most, not above the maximum. */
export function priceFault(field: string, value: Amount): MoneyFault | undefined {
	if (value === null || value === undefined) return undefined;
	if (typeof value !== 'number' || !Number.isFinite(value))
		return fault(field, value, 'invalid_price', 'must be a number');
	if (value < 0) return fault(field, value, 'invalid_price', 'must not be below 0');
	if (decimalPlaces(value) > 2)
		return fault(field, value, 'invalid_price', 'must have at most two decimal places');
	if (aboveMaximum(value))
		return fault(field, value, 'invalid_price', `must not be above ${MAX_AMOUNT_TEXT}`);
	return undefined;
}

/** An order line's or modifier's amount (invalid_quantity), or tips and the total (invalid_amount). */
export function negativeFault(
	field: string,
	value: Amount,
	code: 'invalid_quantity' | 'invalid_amount',
): MoneyFault | undefined {
	return typeof value === 'number' && value < 0
		? fault(field, value, code, 'must not be below 0')
		: undefined;
}

/** An order total above the maximum (amount_too_large). */
export function totalTooLarge(field: string, total: number): MoneyFault | undefined {
	return aboveMaximum(total)
		? fault(field, total, 'amount_too_large', `must not be above ${MAX_AMOUNT_TEXT}`)
		: undefined;
}

/** The sentence the API answers: the field, the value and the rule, with the code. */
export function describeFault(f: MoneyFault): string {
	return `${f.field} is ${f.value}: it ${f.rule} (${f.code})`;
}
