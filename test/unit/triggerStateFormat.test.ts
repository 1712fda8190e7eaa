/**
 * The trigger's stored state at its edges (nodes/RestaurantReservationsTrigger/state): the settings
 * key is cyrb53 exactly (stored since the first version: another hash would start every trigger
 * over after an upgrade), values JSON writes alike hash alike and boxed values by their content,
 * the stored records' text (front-coded IDs, refused when it is not a snapshot), and the value
 * tokens of every kind, the state names and the tokens of earlier releases.
 */
import { Hash53, textDigest } from '../../nodes/RestaurantReservationsTrigger/state/hash';
import {
	decodeRecords,
	encodeRecords,
} from '../../nodes/RestaurantReservationsTrigger/state/records';
import {
	decodeValue,
	earlierTimeToken,
	encodeValue,
	StateNames,
} from '../../nodes/RestaurantReservationsTrigger/state/valueTokens';

const hashOf = (value: unknown) => new Hash53().json(value).value();

describe('the settings key', () => {
	it.each([
		// cyrb53's published values (seed 0).
		['a', 7929297801672961],
		['b', 8684336938537663],
		['revenge', 4051478007546757],
		['revenue', 8309097637345594],
	])('hashes %j as cyrb53 does: %d', (text, hash) => {
		expect(new Hash53().characters(text).value()).toBe(hash);
	});

	it('is written in 64 characters, six bits each, lowest first', () => {
		// 7929297801672961 = 1 + 36*64 + 23*64^2 + 50*64^3 + 2*64^4 + 30*64^5 + 58*64^6 + 10*64^7 + ...
		expect(textDigest('a', 8)).toBe('1AnO2uWa');
		expect(textDigest('a', 3)).toBe('1An');
	});
});

describe('Hash53.json beyond what JSON.parse makes', () => {
	it('leaves out symbols as JSON.stringify does', () => {
		expect(hashOf({ a: 1, s: Symbol('x') })).toBe(hashOf({ a: 1 }));
		expect(hashOf([Symbol('x')])).toBe(hashOf([null]));
	});

	it('hashes an object with toJSON as what toJSON gives', () => {
		expect(hashOf({ toJSON: () => 1, a: 2 })).toBe(hashOf({ toJSON: () => 1, b: 3 }));
		expect(hashOf(new Date(0))).not.toBe(hashOf(new Date(1)));
		expect(hashOf(new Date(0))).not.toBe(hashOf({}));
	});

	it('hashes boxed values by their content', () => {
		expect(hashOf(new Number(5))).not.toBe(hashOf(new Number(6)));
		expect(hashOf(new Boolean(true))).not.toBe(hashOf(new Boolean(false)));
	});

	it('hashes an object without a prototype as the plain object it is written as', () => {
		const bare = Object.assign(Object.create(null) as object, { a: 1, b: [2] });
		expect(hashOf(bare)).toBe(hashOf({ a: 1, b: [2] }));
	});
});

describe('the stored records', () => {
	it('front-codes each ID against the one before', () => {
		const records = [
			{ id: 'Stryker', record: 'x' },
			{ id: 'Strykes', record: 'y' },
			{ id: 'T', record: 'z' },
		];
		expect(encodeRecords(records)).toBe('0Stryker,x|6s,y|0T,z');
		expect(decodeRecords('0Stryker,x|6s,y|0T,z', () => true)).toEqual(records);
	});

	it('round-trips an empty ID first', () => {
		const records = [
			{ id: '', record: 'x' },
			{ id: 'a', record: 'y' },
		];
		expect(decodeRecords(encodeRecords(records), () => true)).toEqual(records);
		expect(decodeRecords('', () => true)).toEqual([]);
	});

	it('refuses text that is not a snapshot', () => {
		expect(() => decodeRecords('garbage', () => true)).toThrow('not a snapshot record');
		expect(() => decodeRecords(',x', () => true)).toThrow('not a snapshot record');
		expect(() => decodeRecords('0a,x|0b,', (record) => record !== '')).toThrow(
			'not a snapshot record',
		);
		expect(() => decodeRecords('0a,x|0a,y', () => true)).toThrow('snapshot records out of order');
		expect(() => decodeRecords('0b,x|0a,y', () => true)).toThrow('snapshot records out of order');
	});
});

describe('value tokens of every kind', () => {
	it.each([
		[2.5, '2.5'],
		[-1e21, '-1e+21'],
		[7, '7'],
		[NaN, '!null'],
		['7', '!"7"'],
		[null, '~'],
	])('writes the number %p as %j', (value, token) => {
		expect(encodeValue(value, 'number')).toBe(token);
	});

	it('reads numbers back', () => {
		expect(decodeValue('2.5', 'number')).toBe(2.5);
		expect(decodeValue('-1e+21', 'number')).toBe(-1e21);
		expect(decodeValue('!"7"', 'number')).toBe('7');
	});

	it.each([
		[true, 't'],
		[false, 'f'],
		['yes', '!"yes"'],
		[0, '!0'],
	])('writes the boolean %p as %j', (value, token) => {
		expect(encodeValue(value, 'bool')).toBe(token);
	});

	it('reads booleans back', () => {
		expect(decodeValue('t', 'bool')).toBe(true);
		expect(decodeValue('f', 'bool')).toBe(false);
		expect(decodeValue('!0', 'bool')).toBe(0);
	});

	it('writes any other value as its JSON, escaped, and reads it back', () => {
		expect(encodeValue({ a: '1,2' }, 'json')).toBe('!{"a":"1%2c2"}');
		expect(decodeValue('!{"a":"1%2c2"}', 'json')).toEqual({ a: '1,2' });
		expect(decodeValue('~', 'json')).toBeNull();
	});

	it('writes a state that is not text as its JSON, even when it reads like one', () => {
		expect(encodeValue(['pending'], 'state')).toBe('!["pending"]');
		expect(decodeValue(encodeValue(['pending'], 'state'), 'state')).toEqual(['pending']);
		expect(encodeValue('pending', 'state')).toBe('p');
	});

	it('writes a time in a form only Date reads as its text', () => {
		const text = 'Sun Nov 22 2026 19:30';
		expect(encodeValue(text, 'time')).toBe(`!${JSON.stringify(text)}`);
		expect(decodeValue(encodeValue(text, 'time'), 'time')).toBe(text);
	});
});

describe('time tokens of earlier releases', () => {
	it('wrote a time with an offset as its JSON', () => {
		expect(earlierTimeToken('2026-11-22T19:30:00+01:00')).toBe('!"2026-11-22T19:30:00+01:00"');
		expect(earlierTimeToken('2026-11-22T19:30:00Z')).toBe('!"2026-11-22T19:30:00Z"');
	});

	it('wrote every other time as it is written now', () => {
		for (const value of ['2026-11-22T19:30:00', '2026-11-22T19:30:15', 'soon', 5, null])
			expect(earlierTimeToken(value)).toBe(encodeValue(value, 'time'));
		expect(earlierTimeToken('2026-11-22T19:30:00')).not.toMatch(/^!/);
	});
});

describe('state names', () => {
	it('numbers the states not the sandbox’s from 0, in the order met', () => {
		const names = new StateNames();
		expect(names.encode('Confirmed')).toBe('^0');
		expect(names.encode('CANCELED_BY_GUEST')).toBe('^1');
		expect(names.encode('Confirmed')).toBe('^0');
		expect(names.encode('pending')).toBe('p');
		expect(names.list()).toEqual(['Confirmed', 'CANCELED_BY_GUEST']);
		expect(names.decode('^1')).toBe('CANCELED_BY_GUEST');
		expect(names.decode('^2')).toBeNull();
		expect(names.decode('x')).toBe('cancelled');
	});

	it('holds at most 1,296 names, then writes a state as its JSON', () => {
		const names = new StateNames();
		for (let i = 0; i < 1296; i++) names.encode(`S${i}`);
		expect(names.encode('S1295')).toBe('^zz');
		expect(names.encode('One more')).toBe('!"One more"');
		expect(names.list()).toHaveLength(1296);
	});
});
