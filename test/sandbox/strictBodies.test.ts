/**
 * JSON bodies are read as the platform reads them (ASP.NET Core's System.Text.Json): a value of
 * the wrong JSON type is refused with a 400 that names the field, never converted, and nothing is
 * stored; a field the API does not know is ignored. What arrives as text (query strings, path
 * parameters, form fields) is still read as its type.
 */
import { useSandbox } from '../support/sandbox';

const ctx = useSandbox();

const RESERVATION = 'rsv-101-000002';

/** An update of RESERVATION with `body`: the answer, and the reservation before and after it. */
async function update(body: Record<string, unknown>) {
	const path = { reservationId: RESERVATION };
	const before = await ctx.call('getReservation', { path });
	const res = await ctx.call('updateReservation', { path, body });
	const after = await ctx.call('getReservation', { path });
	return { res, before: before.body, after: after.body };
}

/** An update of RESERVATION with `body` refused (400) for `field`'s `problem`, nothing stored. */
async function expectRefused(body: Record<string, unknown>, field: string, problem: string) {
	const { res, before, after } = await update(body);
	expect(res.status).toBe(400);
	expect(res.body).toMatchObject({
		code: 'validation_failed',
		message: `${field}: ${problem}.`,
		errors: { [field]: [problem] },
	});
	expect(after).toEqual(before);
	return { before, after };
}

describe('a body value of the wrong JSON type is refused, naming the field, and nothing is stored', () => {
	it('a string for an integer', async () => {
		await expectRefused(
			{ groupSize: '4', specialRequests: 'Strict' },
			'groupSize',
			'must be integer',
		);
	});

	it('a number for a string', async () => {
		const { before, after } = await expectRefused(
			{ tableNumber: 12, specialRequests: 'Strict' },
			'tableNumber',
			'must be string',
		);
		expect(after.tableNumber).toBe(before.tableNumber);
	});

	it('an object for an array', async () => {
		await expectRefused(
			{
				customerProfile: { allergy: { nuts: true } },
				specialRequests: 'Strict',
			},
			'customerProfile.allergy',
			'must be array',
		);
	});

	it('a scalar for an array', async () => {
		await expectRefused(
			{
				customerProfile: { allergy: 'nuts' },
				specialRequests: 'Strict',
			},
			'customerProfile.allergy',
			'must be array',
		);
	});

	it('items of the wrong type in an array', async () => {
		const { res, before, after } = await update({
			additionals: { customs: [1, true] },
			specialRequests: 'Strict',
		});
		expect(res.status).toBe(400);
		expect(res.body.errors).toEqual({
			'additionals.customs[0]': ['must be string'],
			'additionals.customs[1]': ['must be string'],
		});
		expect(after).toEqual(before);
	});

	it('null where the field is not nullable', async () => {
		await expectRefused(
			{
				reservationTime: null,
				specialRequests: 'Strict',
			},
			'reservationTime',
			'must be string',
		);
	});

	it('null where the field is nullable is taken', async () => {
		const { res, after } = await update({ specialRequests: null });
		expect(res.status).toBe(200);
		expect(after.specialRequests).toBeNull();
	});

	it('on create too: no reservation is made', async () => {
		const day = '2029-03-14';
		const res = await ctx.call('createReservation', {
			body: { reservationTime: `${day}T19:00:00`, groupSize: '2', customerName: 'Strict' },
		});
		expect(res.status).toBe(400);
		expect(res.body.errors).toEqual({ groupSize: ['must be integer'] });
		const list = await ctx.call('listReservations', {
			query: { from: `${day}T00:00:00`, to: `${day}T23:59:00`, includeEvents: true },
		});
		expect(list.body).toEqual([]);
	});

	it('in the catalog too: a price sent as text changes no product', async () => {
		const productId = 'prd-101-pasta-01';
		const priceOf = async () => {
			const list = await ctx.call('listProducts', { query: { take: 200 } });
			return list.body.items.find((p: { id: string }) => p.id === productId).price;
		};
		const price = await priceOf();
		const res = await ctx.call('updateProduct', {
			path: { productId },
			body: { price: '9.90' },
		});
		expect(res.status).toBe(400);
		expect(res.body.errors).toEqual({ price: ['must be number'] });
		expect(await priceOf()).toBe(price);
	});
});

describe('a field the API does not know is ignored: neither stored nor sent back', () => {
	it('at the top of a body and inside a nested object', async () => {
		const res = await ctx.call('createReservation', {
			body: {
				reservationTime: '2029-03-15T19:00:00',
				groupSize: 2,
				customerName: 'Unknown Fields',
				seatingWish: 'terrace',
				customerProfile: { allergy: ['nuts'], shoeSize: 44 },
			},
		});
		expect(res.status).toBe(201);
		expect(res.body).not.toHaveProperty('seatingWish');
		expect(res.body.customerProfile).toEqual({ allergy: ['nuts'] });
		const read = await ctx.call('getReservation', { path: { reservationId: res.body.id } });
		expect(read.body).not.toHaveProperty('seatingWish');
		expect(read.body.customerProfile).toEqual({ allergy: ['nuts'] });
	});

	it('in a product', async () => {
		const res = await ctx.call('createProduct', {
			body: { name: 'Strict Spritz', price: 7.5, colour: 'orange', hasModifiers: true },
		});
		expect(res.status).toBe(201);
		expect(res.body).not.toHaveProperty('colour');
		expect(res.body).not.toHaveProperty('hasModifiers');
		expect(res.body).toMatchObject({ name: 'Strict Spritz', price: 7.5 });
	});
});

describe('what arrives as text is read as its type', () => {
	it('query strings: ?take=5&skip=2&visible=true', async () => {
		const res = await ctx.call('listProducts', {
			query: { take: '5', skip: '2', visible: 'true' },
		});
		expect(res.status).toBe(200);
		expect(res.body).toMatchObject({ take: 5, skip: 2 });
		expect(res.body.items).toHaveLength(5);
		expect(res.body.items.every((p: { visible: boolean }) => p.visible === true)).toBe(true);
	});

	it('a query string that is no integer is still refused, naming it', async () => {
		const res = await ctx.call('listProducts', { query: { take: 'five' } });
		expect(res.status).toBe(400);
		expect(res.body).toMatchObject({
			code: 'validation_failed',
			errors: { take: ['must be integer'] },
		});
	});

	it('a path parameter: /events/5001', async () => {
		const res = await ctx.call('getEvent', { path: { eventId: '5001' } });
		expect(res.status).toBe(200);
		expect(res.body.id).toBe(5001);
	});

	it('a multipart form field: parentRestaurantId "101"', async () => {
		const form = new FormData();
		form.set('name', 'Strict Bistro');
		form.set('timeZone', 'Europe/Berlin');
		form.set('parentRestaurantId', '101');
		const res = await ctx.call('createRestaurant', { rawBody: form });
		expect(res.status).toBe(201);
		expect(res.body.parentRestaurantId).toBe(101);
	});
});
