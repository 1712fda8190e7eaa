/**
 * Values a person maps or an AI agent hands over (`$fromAI(...)` may give '', null, a number for
 * a text, a word for a number): each read as what the field needs, or stopped before anything is
 * sent with a sentence that names the field and what to give, never a JavaScript error's text.
 */
import type { IExecuteSingleFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

export function invalidInput(
	item: IExecuteSingleFunctions,
	message: string,
	fix: string,
): NodeOperationError {
	return new NodeOperationError(item.getNode(), message, {
		description: `${fix} Nothing was sent to the restaurant.`,
		itemIndex: item.getItemIndex(),
	});
}

const isEmpty = (value: unknown) =>
	value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** How a wrong value is named in a message: short, and never "[object Object]". */
function shown(value: unknown): string {
	if (Array.isArray(value)) return 'a list';
	if (typeof value === 'object' && value !== null) return 'an object';
	return `"${String(value).slice(0, 40)}"`;
}

/** A text field: '' when empty; a number is taken as its digits; anything else is refused. */
export function textInput(
	item: IExecuteSingleFunctions,
	value: unknown,
	field: string,
	fix: string,
): string {
	if (isEmpty(value)) return '';
	if (typeof value === 'string') return value.trim();
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	throw invalidInput(item, `${field} is ${shown(value)}, not text`, fix);
}

/** A text field that must be given. */
export function requiredText(
	item: IExecuteSingleFunctions,
	value: unknown,
	field: string,
	fix: string,
): string {
	const text = textInput(item, value, field, fix);
	if (text === '') throw invalidInput(item, `${field} is empty`, fix);
	return text;
}

/**
 * A whole number (a number or its digits as text), or undefined when empty; `min`, `max`: the
 * range a value can have at all (the restaurant's own limits are its rules' to judge).
 */
export function wholeNumberInput(
	item: IExecuteSingleFunctions,
	value: unknown,
	field: string,
	fix: string,
	range: { min?: number; max?: number } = {},
): number | undefined {
	if (isEmpty(value)) return undefined;
	const number =
		typeof value === 'number' || (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value))
			? Number(value)
			: Number.NaN;
	if (!Number.isSafeInteger(number))
		throw invalidInput(item, `${field} is ${shown(value)}, not a whole number`, fix);
	if (number < (range.min ?? -Infinity) || number > (range.max ?? Infinity))
		throw invalidInput(item, `${field} ${number} is out of range`, fix);
	return number;
}

/** A whole number that must be given. */
export function requiredWholeNumber(
	item: IExecuteSingleFunctions,
	value: unknown,
	field: string,
	fix: string,
	range: { min?: number; max?: number } = {},
): number {
	const number = wholeNumberInput(item, value, field, fix, range);
	if (number === undefined) throw invalidInput(item, `${field} is empty`, fix);
	return number;
}

/** A yes/no field: true, false, or their words; anything else is refused, never guessed. */
export function booleanInput(
	item: IExecuteSingleFunctions,
	value: unknown,
	field: string,
	fallback: boolean,
): boolean {
	if (value === undefined || value === null || value === '') return fallback;
	if (typeof value === 'boolean') return value;
	if (value === 'true' || value === 'false') return value === 'true';
	throw invalidInput(
		item,
		`${field} is ${shown(value)}, not true or false`,
		`Set ${field} on or off.`,
	);
}
