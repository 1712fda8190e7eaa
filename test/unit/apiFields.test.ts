/**
 * A resource's fields declared once (nodes/RestaurantReservations/operationHelpers/apiFields.ts):
 * the options a collection offers, what Simplify keeps, and the body sent from what the user set;
 * and what the reservation's declarations give Simplify and the trigger.
 * The item is asked only for its node and index (a value with a UTC offset would read the
 * restaurant's zone: the engine tests send those).
 */
import type { IDataObject, IExecuteSingleFunctions, NodeOperationError } from 'n8n-workflow';
import {
	apiBody,
	asAmount,
	asList,
	asNumber,
	asRestaurantLocalTime,
	asWholeNumber,
	fieldOptions,
	simplifiedFields,
	type ApiField,
} from '../../nodes/RestaurantReservations/operationHelpers/apiFields';
import {
	GUEST_DETAIL_FIELDS,
	RESERVATION_FIELDS,
} from '../../nodes/RestaurantReservations/resources/reservation/helpers/fields';
import { GUEST_DETAIL_FIELDS as TRIGGER_GUEST_DETAILS } from '../../nodes/RestaurantReservationsTrigger/targets/reservations/layout';
import { actionNode } from '../support/nodes';

const item = {
	getNode: () => actionNode(),
	getItemIndex: () => 1,
} as unknown as IExecuteSingleFunctions;

const FIELDS: ApiField[] = [
	{ name: 'id', simplify: true },
	{
		name: 'visitAt',
		parameter: { displayName: 'Visit At', type: 'dateTime', default: '' },
		in: ['updateFields'],
		send: asRestaurantLocalTime,
		simplify: true,
	},
	{
		name: 'guests',
		parameter: { displayName: 'Guests', type: 'number', default: 2, description: 'How many' },
		in: ['additionalFields', 'updateFields'],
		send: asWholeNumber('Give a whole number, such as 4.'),
	},
	{
		name: 'tags',
		parameter: { displayName: 'Tags', type: 'string', default: '', placeholder: 'e.g. a, b' },
		in: ['additionalFields'],
		send: asList,
		simplify: true,
	},
	{
		name: 'eventId',
		parameter: { displayName: 'Event', type: 'string', default: '' },
		send: asNumber,
	},
	{
		name: 'note',
		parameter: { displayName: 'Note', type: 'string', default: '' },
		in: ['updateFields'],
	},
];

async function refusal(values: IDataObject) {
	const error = await apiBody(item, FIELDS, values).then(
		() => undefined,
		(thrown: NodeOperationError) => thrown,
	);
	return error && { message: error.message, description: error.description };
}

describe('fieldOptions', () => {
	it("gives the parameters a collection offers, each with the field's name after its display name", () => {
		const options = fieldOptions(FIELDS, 'additionalFields');
		expect(options).toEqual([
			{
				displayName: 'Guests',
				name: 'guests',
				type: 'number',
				default: 2,
				description: 'How many',
			},
			{ displayName: 'Tags', name: 'tags', type: 'string', default: '', placeholder: 'e.g. a, b' },
		]);
		expect(Object.keys(options[1])).toEqual([
			'displayName',
			'name',
			'type',
			'default',
			'placeholder',
		]);
		expect(fieldOptions(FIELDS, 'updateFields').map((o) => o.name)).toEqual([
			'visitAt',
			'guests',
			'note',
		]);
	});
});

describe('simplifiedFields', () => {
	it('lists the fields Simplify keeps, in their declared order', () => {
		expect(simplifiedFields(FIELDS)).toEqual(['id', 'visitAt', 'tags']);
	});
});

describe('apiBody', () => {
	it('sends what is set, each declared field converted, in the order given', async () => {
		const body = await apiBody(item, FIELDS, {
			tags: ' window,  quiet ,,',
			note: 'Late',
			visitAt: '2026-12-04T19:30',
			eventId: '5001',
			guests: '4',
			other: 'as given',
		});
		expect(JSON.stringify(body)).toBe(
			'{"tags":["window","quiet"],"note":"Late","visitAt":"2026-12-04T19:30:00","eventId":5001,"guests":4,"other":"as given"}',
		);
	});

	it("leaves out what is empty (0 and false are values) and converts nothing it isn't given", async () => {
		expect(
			await apiBody(item, FIELDS, {
				tags: '',
				note: null,
				visitAt: undefined,
				guests: 0,
				other: false,
			}),
		).toEqual({ guests: 0, other: false });
		expect(await apiBody(item, FIELDS, {})).toEqual({});
	});

	it('takes a list as it is, and a value of an undeclared field untouched', async () => {
		expect(await apiBody(item, FIELDS, { tags: ['a ', ' b'], extra: ['x, y'] })).toEqual({
			tags: ['a', 'b'],
			extra: ['x, y'],
		});
	});

	it('stops at a value that cannot be sent, naming the field by its display name', async () => {
		expect(await refusal({ guests: 'many' })).toEqual({
			message: 'Guests is "many", not a whole number',
			description: 'Give a whole number, such as 4. Nothing was sent to the restaurant.',
		});
		expect((await refusal({ visitAt: 'soon' }))?.message).toBe(
			'Visit At "soon" is not a date and time',
		);
	});

	it('reports the first wrong value in the order of the declarations, not of the values', async () => {
		expect((await refusal({ guests: 'many', visitAt: 'soon' }))?.message).toBe(
			'Visit At "soon" is not a date and time',
		);
	});

	it('reads an amount given as text as a number, and leaves the rest to the money rules', async () => {
		const prices: ApiField[] = [{ name: 'price', send: asAmount }];
		expect(await apiBody(item, prices, { price: '3.50' })).toEqual({ price: 3.5 });
		expect(await apiBody(item, prices, { price: 12 })).toEqual({ price: 12 });
		expect(await apiBody(item, prices, { price: 'cheap' })).toEqual({ price: 'cheap' });
	});

	it('names a field without a parameter by its API name', async () => {
		const error = await apiBody(item, [{ name: 'size', send: asWholeNumber('Give a number.') }], {
			size: 'x',
		}).catch((thrown: NodeOperationError) => thrown);
		expect((error as NodeOperationError).message).toBe('size is "x", not a whole number');
	});
});

describe('the reservation fields', () => {
	it('keep under Simplify the fields they always kept, first and in that order', () => {
		// A new field is declared after these (Simplify's output and the trigger's records keep order).
		expect(RESERVATION_FIELDS.slice(0, 15)).toEqual([
			'id',
			'restaurantId',
			'reservationTime',
			'businessDate',
			'groupSize',
			'customerName',
			'phone',
			'email',
			'tableNumber',
			'state',
			'status',
			'eventId',
			'specialRequests',
			'createdAt',
			'updatedAt',
		]);
	});

	it("give the trigger its guest details, the four it always watched first, in its records' order", () => {
		expect(TRIGGER_GUEST_DETAILS.slice(0, 4)).toEqual([
			'customerName',
			'phone',
			'email',
			'specialRequests',
		]);
		expect(TRIGGER_GUEST_DETAILS).toBe(GUEST_DETAIL_FIELDS);
	});
});
