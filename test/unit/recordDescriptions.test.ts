/**
 * The descriptions stored with the trigger's snapshots (state/description.ts) and the layouts read
 * from them (targets/reservations/layout.ts, targets/completeList/fieldRecords.ts): what this
 * release writes, release 0.1.0's records described, and a description this release cannot read
 * refused (its snapshot is then a new baseline). Expected values written out, as they are stored.
 */
import {
	compiledOnce,
	describeExact,
	readDescription,
	textList,
} from '../../nodes/RestaurantReservationsTrigger/state/description';
import { fieldRecords } from '../../nodes/RestaurantReservationsTrigger/targets/completeList/fieldRecords';
import {
	PRODUCT_RECORDS,
	PRODUCTS_OF_010,
} from '../../nodes/RestaurantReservationsTrigger/targets/products/fields';
import {
	RESTAURANT_EVENT_RECORDS,
	RESTAURANT_EVENTS_OF_010,
} from '../../nodes/RestaurantReservationsTrigger/targets/restaurantEvents/fields';
import {
	GUEST_DETAIL_FIELDS,
	RESERVATIONS_OF_010,
	reservationDescription,
	reservationLayout,
} from '../../nodes/RestaurantReservationsTrigger/targets/reservations/layout';
import { reservationRecords } from '../support/reservationRecords';

const FIELDS = {
	records: 'fields',
	hash: 'h53',
	widths: [5, 2, 2],
	exact: ['name:text', 'tickets:json?'],
	ignored: ['id'],
};

describe('the parts every description has', () => {
	it('are read as they are written', () => {
		expect(readDescription(FIELDS, 'fields')).toStrictEqual({
			widths: [5, 2, 2],
			exact: [
				{ name: 'name', kind: 'text' },
				{ name: 'tickets', kind: 'json', optional: true },
			],
			ignored: ['id'],
			fields: FIELDS,
		});
		expect(
			describeExact([
				{ name: 'name', kind: 'text' },
				{ name: 'tickets', kind: 'json', optional: true },
				{ name: 'price', kind: 'number', optional: false },
			]),
		).toEqual(['name:text', 'tickets:json?', 'price:number']);
	});

	it.each(['time', 'int', 'text', 'state', 'number', 'bool', 'json'])(
		'know the kind %s',
		(kind) => {
			expect(readDescription({ ...FIELDS, exact: [`a:${kind}`] }, 'fields').exact).toEqual([
				{ name: 'a', kind },
			]);
		},
	);

	it.each<[string, unknown]>([
		['nothing', undefined],
		['null', null],
		['text', 'fields'],
		['another syntax', { ...FIELDS, records: 'reservation' }],
		['another hash', { ...FIELDS, hash: 'json' }],
		['no widths', { ...FIELDS, widths: undefined }],
		['widths that are text', { ...FIELDS, widths: '522' }],
		['two widths', { ...FIELDS, widths: [5, 2] }],
		['four widths', { ...FIELDS, widths: [5, 2, 2, 2] }],
		['a width of 0', { ...FIELDS, widths: [5, 0, 2] }],
		['a width of 9', { ...FIELDS, widths: [9, 2, 2] }],
		['a width that is not whole', { ...FIELDS, widths: [5, 2.5, 2] }],
		['a width that is text', { ...FIELDS, widths: [5, '2', 2] }],
		['an exact field of an unknown kind', { ...FIELDS, exact: ['name:date'] }],
		['an exact field without a kind', { ...FIELDS, exact: ['name'] }],
		['an exact field without a name', { ...FIELDS, exact: [':text'] }],
		['an exact field with more after its kind', { ...FIELDS, exact: ['name:text?!'] }],
		['an exact field with a space in its kind', { ...FIELDS, exact: ['name: text'] }],
		['exact fields that are one text', { ...FIELDS, exact: 'name:text' }],
		['an exact field that is a number', { ...FIELDS, exact: [1] }],
		['no ignored fields', { ...FIELDS, ignored: undefined }],
		['an ignored field that is a number', { ...FIELDS, ignored: ['id', 2] }],
	])('refuse a description that is %s', (_what, description) => {
		expect(() => readDescription(description, 'fields')).toThrow();
	});

	it('refuse what is not a list of texts', () => {
		expect(textList(['a', 'b'])).toEqual(['a', 'b']);
		expect(textList([])).toEqual([]);
		expect(() => textList('a')).toThrow('not a list of field names');
		expect(() => textList([null])).toThrow('not a list of field names');
	});

	it('are compiled once per description object', () => {
		let compiled = 0;
		const compile = compiledOnce((description: unknown) => ({ n: ++compiled, description }));
		const a = { records: 'a' };
		const b = { records: 'a' };
		expect(compile(a)).toBe(compile(a));
		expect(compile(b)).not.toBe(compile(a));
		expect(compiled).toBe(2);
		// What is not an object is compiled each time (and refused by the compiler).
		expect(compile('x')).toEqual({ n: 3, description: 'x' });
		expect(compile('x')).toEqual({ n: 4, description: 'x' });
	});
});

describe('reservations', () => {
	it('this release writes its reading, its exact fields, the guest details and the ignored fields', () => {
		expect(reservationDescription(false)).toStrictEqual(reservationRecords('hash'));
		expect(reservationDescription(true).guestDetailsAs).toBe('value');
		expect(
			reservationDescription(false, [...GUEST_DETAIL_FIELDS, 'aboutGuestNotes']).guestDetails,
		).toEqual(['customerName', 'phone', 'email', 'specialRequests', 'aboutGuestNotes']);
	});

	it("describe 0.1.0's records: its reading, the same fields", () => {
		const { reading, guestDetailsAs, ...rest } = RESERVATIONS_OF_010.hash;
		expect([reading, guestDetailsAs, RESERVATIONS_OF_010.value.guestDetailsAs]).toEqual([
			1,
			'hash',
			'value',
		]);
		const { reading: _r, guestDetailsAs: _g, ...now } = reservationDescription(false);
		expect(rest).toStrictEqual(now);
	});

	it('are laid out by their description', () => {
		expect(reservationLayout(reservationDescription(false))).toMatchObject({
			reading: 2,
			contentLength: 5,
			restLength: 2,
			guestDetailLength: 2,
			stateAt: 3,
			timeAt: 0,
			guestDetailValues: false,
			hashesLength: 15,
			commas: 4,
		});
		expect(reservationLayout(RESERVATIONS_OF_010.value)).toMatchObject({
			reading: 1,
			guestDetailValues: true,
			hashesLength: 7,
			commas: 8,
		});
		const wider = {
			...reservationDescription(false),
			widths: [6, 3, 1],
			exact: ['state:state', 'reservationTime:time'],
		};
		const layout = reservationLayout({ ...wider, guestDetails: ['phone'] });
		expect([layout.stateAt, layout.timeAt, layout.hashesLength, layout.commas]).toEqual([
			0, 1, 10, 1,
		]);
		const notInRest = [
			'businessDate',
			'id',
			'lastUpdatedBy',
			'phone',
			'reservationTime',
			'state',
			'updatedAt',
			'viewed',
		];
		expect([...layout.notInRest].sort()).toEqual(notInRest);
		expect([...layout.notInRestWithStatus].sort()).toEqual([...notInRest, 'status'].sort());
	});

	it.each<[string, object]>([
		['another reading', { reading: 3 }],
		['no reading', { reading: undefined }],
		['guest details kept otherwise', { guestDetailsAs: 'json' }],
		['no state', { exact: ['reservationTime:time', 'groupSize:int'] }],
		['a state of another kind', { exact: ['reservationTime:time', 'state:text'] }],
		['no time', { exact: ['state:state', 'groupSize:int'] }],
		['a time of another kind', { exact: ['reservationTime:text', 'state:state'] }],
		['an optional field', { exact: ['reservationTime:time', 'state:state', 'tags:json?'] }],
		['guest details that are text', { guestDetails: 'phone' }],
		['another syntax', { records: 'fields' }],
	])('refuse a description of %s', (_what, change) => {
		expect(() => reservationLayout({ ...reservationDescription(false), ...change })).toThrow();
	});
});

describe('events and products', () => {
	it("describe their fields, the same as 0.1.0's", () => {
		expect(RESTAURANT_EVENT_RECORDS.description).toStrictEqual(RESTAURANT_EVENTS_OF_010);
		expect(PRODUCT_RECORDS.description).toStrictEqual(PRODUCTS_OF_010);
		expect(PRODUCTS_OF_010).toStrictEqual({
			records: 'fields',
			hash: 'h53',
			widths: [5, 2, 2],
			exact: [
				...['name:text', 'productPLU:text'],
				...['price:number', 'takeawayPrice:number', 'deliveryPrice:number'],
				...['stockAmount:int', 'visible:bool', 'groupId:text'],
			],
			hashed: [],
			ignored: ['id'],
		});
	});

	it('read a record by the fields it was stored with: a field added since is not compared', () => {
		const before = fieldRecords({
			exact: [{ name: 'name', kind: 'text' }],
			hashed: [],
			ignored: ['id'],
		});
		const after = fieldRecords({
			exact: [
				{ name: 'name', kind: 'text' },
				{ name: 'price', kind: 'number' },
			],
			hashed: ['image'],
			ignored: ['id'],
		});
		const product = { id: 'p-1', name: 'Tiramisu', price: 7.5, image: 'a.jpg' };
		const stored = before.listed(product);
		expect(stored.record).not.toBe(after.listed(product).record);
		expect(after.readRecords(`0p-1,${stored.record}`, before.description)).toEqual(
			[stored].map(({ id, record }) => ({ id, record })),
		);
		expect(() => after.readRecords(`0p-1,${stored.record}`, after.description)).toThrow();
		expect(after.changeSince(stored, before.description, product)).toBeUndefined();
		expect(after.kept(stored, before.description)).toEqual({ name: 'Tiramisu' });
		// The price was part of the rest: a change of it is a change of the rest, as it was then.
		expect(after.changeSince(stored, before.description, { ...product, price: 8 })).toEqual({
			changedFields: [],
			changes: {},
			otherFieldsChanged: true,
		});
		expect(after.changeSince(stored, before.description, { ...product, name: 'Tiramisù' })).toEqual(
			{
				changedFields: ['name'],
				changes: { name: { previous: 'Tiramisu', current: 'Tiramisù' } },
				otherFieldsChanged: false,
			},
		);
		// Records of the new fields name the price and the image.
		const now = after.listed(product);
		expect(
			after.changeSince(now, after.description, { ...product, price: 8, image: 'b.jpg' }),
		).toEqual({
			changedFields: ['price', 'image'],
			changes: { price: { previous: 7.5, current: 8 }, image: { current: 'b.jpg' } },
			otherFieldsChanged: false,
		});
	});

	it.each<[string, object]>([
		['an optional field not of JSON', { exact: ['name:text?'] }],
		['hashed fields that are text', { hashed: 'image' }],
		['no hashed fields', { hashed: undefined }],
		['another syntax', { records: 'reservation' }],
	])('refuse a description of %s', (_what, change) => {
		expect(() => PRODUCT_RECORDS.readRecords('', { ...PRODUCTS_OF_010, ...change })).toThrow();
	});
});
