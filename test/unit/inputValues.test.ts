/**
 * Values a person maps or an AI agent hands over, read as what the field needs
 * (nodes/RestaurantReservations/operationHelpers/inputValues.ts): what the node takes, and the
 * message and description a user sees when a value cannot be taken. The helpers only ask the
 * item for its node and index.
 */
import type { IExecuteSingleFunctions, NodeOperationError } from 'n8n-workflow';
import {
	booleanInput,
	invalidInput,
	requiredText,
	requiredWholeNumber,
	textInput,
	wholeNumberInput,
} from '../../nodes/RestaurantReservations/operationHelpers/inputValues';
import { actionNode } from '../support/nodes';

const node = actionNode();

/** The third item of a run. */
const item = { getNode: () => node, getItemIndex: () => 2 } as unknown as IExecuteSingleFunctions;

const FIX = 'Give the guest name as text.';

function thrown(run: () => unknown): NodeOperationError {
	try {
		run();
	} catch (error) {
		return error as NodeOperationError;
	}
	throw new Error('nothing was thrown');
}

/** What a user sees of the error: message, description, the item it failed for, the node. */
const seen = (run: () => unknown) => {
	const error = thrown(run);
	return {
		message: error.message,
		description: error.description,
		itemIndex: error.context.itemIndex,
		node: error.node?.name,
	};
};

const refused = (message: string, description = `${FIX} Nothing was sent to the restaurant.`) => ({
	message,
	description,
	itemIndex: 2,
	node: 'Restaurant Reservations',
});

describe('invalidInput', () => {
	it('names the field in the message, the fix and that nothing was sent in the description', () => {
		const error = invalidInput(item, 'Guest Name is empty', FIX);
		expect(error.message).toBe('Guest Name is empty');
		expect(error.description).toBe(
			'Give the guest name as text. Nothing was sent to the restaurant.',
		);
		expect(error.context.itemIndex).toBe(2);
		expect(error.node).toBe(node);
	});
});

describe('textInput', () => {
	const text = (value: unknown) => textInput(item, value, 'Guest Name', FIX);

	it('reads empty values as empty text', () => {
		expect(text(undefined)).toBe('');
		expect(text(null)).toBe('');
		expect(text('')).toBe('');
		expect(text('   ')).toBe('');
		expect(text('\t\n')).toBe('');
	});

	it('takes text without its surrounding spaces, and a number as its digits', () => {
		expect(text('  Ana Lima ')).toBe('Ana Lima');
		expect(text('Ana')).toBe('Ana');
		expect(text(12)).toBe('12');
		expect(text(0)).toBe('0');
		expect(text(-2.5)).toBe('-2.5');
	});

	it('refuses what is not text, naming it briefly', () => {
		expect(seen(() => text(true))).toEqual(refused('Guest Name is "true", not text'));
		expect(seen(() => text(false))).toEqual(refused('Guest Name is "false", not text'));
		expect(seen(() => text(Number.NaN))).toEqual(refused('Guest Name is "NaN", not text'));
		expect(seen(() => text(Infinity))).toEqual(refused('Guest Name is "Infinity", not text'));
		expect(seen(() => text(['Ana']))).toEqual(refused('Guest Name is a list, not text'));
		expect(seen(() => text([]))).toEqual(refused('Guest Name is a list, not text'));
		expect(seen(() => text({ first: 'Ana' }))).toEqual(
			refused('Guest Name is an object, not text'),
		);
		expect(seen(() => text({}))).toEqual(refused('Guest Name is an object, not text'));
	});
});

describe('requiredText', () => {
	const required = (value: unknown) => requiredText(item, value, 'Reservation ID', FIX);

	it('takes given text, trimmed, and a number as its digits', () => {
		expect(required(' r-1 ')).toBe('r-1');
		expect(required(42)).toBe('42');
	});

	it('refuses an empty value', () => {
		for (const value of [undefined, null, '', '  '])
			expect(seen(() => required(value))).toEqual(refused('Reservation ID is empty'));
	});

	it('refuses what is not text as textInput does', () => {
		expect(seen(() => required({ id: 1 }))).toEqual(
			refused('Reservation ID is an object, not text'),
		);
	});
});

describe('wholeNumberInput', () => {
	const FIX_PARTY = 'Give the party size as a whole number, e.g. 4.';
	const party = (value: unknown, range?: { min?: number; max?: number }) =>
		wholeNumberInput(item, value, 'Party Size', FIX_PARTY, range);
	const refusedParty = (message: string) =>
		refused(message, `${FIX_PARTY} Nothing was sent to the restaurant.`);

	it('reads empty values as not given', () => {
		for (const value of [undefined, null, '', '   ']) expect(party(value)).toBeUndefined();
	});

	it('takes a whole number, or its digits as text with spaces around', () => {
		expect(party(4)).toBe(4);
		expect(party(0)).toBe(0);
		expect(party(-3)).toBe(-3);
		expect(party('12')).toBe(12);
		expect(party(' 12 ')).toBe(12);
		expect(party('\t7\n')).toBe(7);
		expect(party('-3')).toBe(-3);
		expect(party(' -15 ')).toBe(-15);
		expect(party('007')).toBe(7);
		expect(party(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
	});

	it('refuses fractions, words, other notations and numbers past the safe range', () => {
		const cases: Array<[unknown, string]> = [
			[2.5, '"2.5"'],
			['2.5', '"2.5"'],
			['12.0', '"12.0"'],
			['four', '"four"'],
			['12abc', '"12abc"'],
			['abc12', '"abc12"'],
			['1 2', '"1 2"'],
			['0x12', '"0x12"'],
			['1e3', '"1e3"'],
			['+4', '"+4"'],
			['--4', '"--4"'],
			['-', '"-"'],
			[Number.NaN, '"NaN"'],
			[Infinity, '"Infinity"'],
			[2 ** 53, '"9007199254740992"'],
			['9007199254740993', '"9007199254740993"'],
			[true, '"true"'],
			[[12], 'a list'],
			[{ size: 4 }, 'an object'],
		];
		for (const [value, shown] of cases)
			expect({ value, ...seen(() => party(value)) }).toEqual({
				value,
				...refusedParty(`Party Size is ${shown}, not a whole number`),
			});
	});

	it('names at most 40 characters of a wrong value', () => {
		const long = `${'x'.repeat(40)}yyyy`;
		expect(seen(() => party(long))).toEqual(
			refusedParty(`Party Size is "${'x'.repeat(40)}", not a whole number`),
		);
	});

	it('keeps a value within its range, bounds included', () => {
		const range = { min: 1, max: 20 };
		expect(party(1, range)).toBe(1);
		expect(party(20, range)).toBe(20);
		expect(party('5', range)).toBe(5);
		expect(seen(() => party(0, range))).toEqual(refusedParty('Party Size 0 is out of range'));
		expect(seen(() => party(' 21 ', range))).toEqual(refusedParty('Party Size 21 is out of range'));
		expect(seen(() => party(-1, { min: 0 }))).toEqual(
			refusedParty('Party Size -1 is out of range'),
		);
		expect(party(1_000_000, { min: 0 })).toBe(1_000_000);
		expect(party(-1_000_000, { max: 0 })).toBe(-1_000_000);
		expect(seen(() => party(1, { max: 0 }))).toEqual(refusedParty('Party Size 1 is out of range'));
	});

	it('takes any safe whole number when no range is given', () => {
		expect(party(-Number.MAX_SAFE_INTEGER)).toBe(-Number.MAX_SAFE_INTEGER);
		expect(party(Number.MAX_SAFE_INTEGER, {})).toBe(Number.MAX_SAFE_INTEGER);
	});
});

describe('requiredWholeNumber', () => {
	const FIX_PARTY = 'Give the party size.';
	const party = (value: unknown, range?: { min?: number; max?: number }) =>
		requiredWholeNumber(item, value, 'Party Size', FIX_PARTY, range);
	const refusedParty = (message: string) =>
		refused(message, 'Give the party size. Nothing was sent to the restaurant.');

	it('takes a given whole number', () => {
		expect(party(4)).toBe(4);
		expect(party('0')).toBe(0);
		expect(party(-2)).toBe(-2);
	});

	it('refuses an empty value', () => {
		for (const value of [undefined, null, '', ' '])
			expect(seen(() => party(value))).toEqual(refusedParty('Party Size is empty'));
	});

	it('refuses a value out of its range or not whole, as wholeNumberInput does', () => {
		expect(seen(() => party(0, { min: 1 }))).toEqual(refusedParty('Party Size 0 is out of range'));
		expect(seen(() => party('many'))).toEqual(
			refusedParty('Party Size is "many", not a whole number'),
		);
	});
});

describe('booleanInput', () => {
	const active = (value: unknown, fallback: boolean) =>
		booleanInput(item, value, 'Notify Guest', fallback);

	it('reads an empty value as the fallback', () => {
		for (const value of [undefined, null, '']) {
			expect(active(value, true)).toBe(true);
			expect(active(value, false)).toBe(false);
		}
	});

	it('takes true and false, and their words', () => {
		expect(active(true, false)).toBe(true);
		expect(active(false, true)).toBe(false);
		expect(active('true', false)).toBe(true);
		expect(active('false', true)).toBe(false);
	});

	it('refuses anything else rather than guessing', () => {
		const cases: Array<[unknown, string]> = [
			['yes', '"yes"'],
			['TRUE', '"TRUE"'],
			[' true', '" true"'],
			['  ', '"  "'],
			[0, '"0"'],
			[1, '"1"'],
			[['true'], 'a list'],
			[{ on: true }, 'an object'],
		];
		for (const [value, shown] of cases)
			expect({ value, ...seen(() => active(value, false)) }).toEqual({
				value,
				...refused(
					`Notify Guest is ${shown}, not true or false`,
					'Set Notify Guest on or off. Nothing was sent to the restaurant.',
				),
			});
	});
});
