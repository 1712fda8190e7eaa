/** The records of the Events and Products watches (fieldRecords): lossless exact values, named hashes, the rest. */
import type { IDataObject } from 'n8n-workflow';
import seedrandom from 'seedrandom';
import { fieldRecords } from '../../nodes/RestaurantReservationsTrigger/targets/completeList/fieldRecords';
import {
	decodeValue,
	encodeValue,
} from '../../nodes/RestaurantReservationsTrigger/state/valueTokens';
import { byId } from './snapshots';

const records = fieldRecords({
	exact: [
		{ name: 'name', kind: 'text' },
		{ name: 'price', kind: 'number' },
		{ name: 'stock', kind: 'int' },
		{ name: 'visible', kind: 'bool' },
		{ name: 'settings', kind: 'json' },
		{ name: 'tickets', kind: 'json', optional: true },
	],
	hashed: ['hours', 'image'],
	ignored: ['id', 'updatedAt'],
});

const base: IDataObject = {
	id: 'p-1',
	name: 'Tiramisu',
	price: 7.5,
	stock: 12,
	visible: true,
	settings: { max: 8, tags: ['a'] },
	tickets: [{ id: 't1', amount: 49 }],
	hours: [{ weekDay: 1 }],
	image: null,
	note: 'kept in the rest',
	updatedAt: '2026-11-01T10:00:00Z',
};

const change = (after: IDataObject, before: IDataObject = base) =>
	records.changeSince(records.listed(before), records.description, { ...base, ...after });

describe('value tokens of the new kinds', () => {
	it.each([
		['number', 7.5],
		['number', -0.01],
		['number', 21474836.47],
		['number', 3],
		['number', 'x,y'],
		['number', null],
		['bool', true],
		['bool', false],
		['bool', 'yes'],
		['json', { a: [1, '|,%~!'] }],
		['json', []],
		['json', null],
	] as const)('%s %j round-trips', (kind, value) => {
		const token = encodeValue(value, kind);
		expect(token).not.toMatch(/[,|]/);
		expect(decodeValue(token, kind)).toEqual(value);
	});
});

describe('fieldRecords', () => {
	it('sees nothing when only ignored fields changed, or key order', () => {
		expect(change({ updatedAt: '2026-11-02T00:00:00Z' })).toBeUndefined();
		const reordered = Object.fromEntries(Object.entries(base).reverse());
		expect(records.listed(reordered).record).toBe(records.listed(base).record);
	});

	it('reports exact fields with their previous values, hashed ones with the new value, the rest as other', () => {
		expect(
			change({
				name: 'Tiramisu, | 100%',
				price: 7.9,
				stock: null,
				visible: false,
				settings: { max: 2 },
				tickets: [],
				hours: [],
				note: 'changed',
			}),
		).toEqual({
			changedFields: ['name', 'price', 'stock', 'visible', 'settings', 'tickets', 'hours'],
			changes: {
				name: { previous: 'Tiramisu', current: 'Tiramisu, | 100%' },
				price: { previous: 7.5, current: 7.9 },
				stock: { previous: 12, current: null },
				visible: { previous: true, current: false },
				settings: { previous: { max: 8, tags: ['a'] }, current: { max: 2 } },
				tickets: { previous: [{ id: 't1', amount: 49 }], current: [] },
				hours: { current: [] },
			},
			otherFieldsChanged: true,
		});
		expect(change({ image: 'x.jpg' })).toEqual({
			changedFields: ['image'],
			changes: { image: { current: 'x.jpg' } },
			otherFieldsChanged: false,
		});
	});

	it('an optional field not read on either side is not compared; kept values leave it out', () => {
		const { tickets: _t, ...unread } = base;
		expect(records.changeSince(records.listed(unread), records.description, base)).toBeUndefined();
		expect(records.changeSince(records.listed(base), records.description, unread)).toBeUndefined();
		expect(records.kept(records.listed(unread))).toEqual({
			name: 'Tiramisu',
			price: 7.5,
			stock: 12,
			visible: true,
			settings: { max: 8, tags: ['a'] },
		});
		expect(() =>
			fieldRecords({
				exact: [{ name: 'x', kind: 'text', optional: true }],
				hashed: [],
				ignored: [],
			}),
		).toThrow();
	});

	it('round-trips through a snapshot string, and equal records mean no change', () => {
		const random = seedrandom('field-records');
		const pick = <T>(values: T[]) => values[Math.floor(random() * values.length)];
		const values = ['p-1', 'p-10', 'p-2', 'x,|%~!', 'ü'].map((id) => ({
			...base,
			id,
			name: pick(['A', 'B, c|d', '', null]),
			price: pick([1, 2.25, null]),
			tickets: pick([undefined, [], [{ a: 1 }]]),
		}));
		const listed = values.map((v) => records.listed(v)).sort(byId);
		const back = records.readRecords(records.writeRecords(listed), records.description);
		expect(back).toEqual(listed.map(({ id, record }) => ({ id, record })));
		for (const one of listed) {
			const value = values.find((v) => v.id === one.id)!;
			expect(records.changeSince(one, records.description, value)).toBeUndefined();
			expect(records.kept(one).name).toEqual(value.name);
		}
	});

	it('rejects text that is not a snapshot of these fields', () => {
		const text = records.writeRecords([records.listed(base)]);
		expect(() => records.readRecords(text, records.description)).not.toThrow();
		expect(() => records.readRecords(`${text},extra`, records.description)).toThrow();
		// Hashes of the wrong width.
		expect(() =>
			records.readRecords(text.replace(/^([^,]+),[^,]+/, '$1,abc'), records.description),
		).toThrow();
		expect(() => records.readRecords('garbage', records.description)).toThrow();
	});
});
