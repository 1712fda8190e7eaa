/**
 * Every operation of sandbox/openapi.yaml answers a valid request with a response that matches the
 * document (the client checks each response), and bad input gets a ProblemDetails that names the field.
 * The check itself refuses a field the document does not name, in a response or a request body.
 */
import type { CallOptions } from '../support/client';
import { useSandbox } from '../support/sandbox';
import { expectRequestsMatchOpenApi, operations, responseErrors } from '../support/openapi';

const ctx = useSandbox();

/** One valid call per operation; `expect` is the success status. Order matters: later calls use earlier results. */
const SAMPLES: Record<string, { options?: () => CallOptions; expect: number }> = {
	listRestaurants: { expect: 200 },
	searchRestaurants: { options: () => ({ query: { query: 'a' } }), expect: 200 },
	getRestaurant: { expect: 200 },
	getRestaurantSettings: { expect: 200 },
	getRestaurantConfiguration: { expect: 200 },
	getAccountMe: { expect: 200 },
	getOnboardingStatus: { expect: 200 },
	getRestaurantCompany: { expect: 200 },
	getRestaurantAudit: { expect: 200 },
	listReservations: { options: () => ({ query: { includeEvents: true } }), expect: 200 },
	createReservation: {
		options: () => ({
			body: { reservationTime: '2028-06-01T19:00:00', groupSize: 2, customerName: 'Contract' },
		}),
		expect: 201,
	},
	getReservation: { options: () => ({ path: { reservationId: 'rsv-101-000001' } }), expect: 200 },
	updateReservation: {
		options: () => ({
			path: { reservationId: 'rsv-101-000002' },
			body: { specialRequests: 'Contract' },
		}),
		expect: 200,
	},
	cancelReservation: {
		options: () => ({ path: { reservationId: 'rsv-101-000003' }, body: { note: 'Contract' } }),
		expect: 200,
	},
	getBookingAudit: { options: () => ({ path: { bookingId: 'rsv-101-000003' } }), expect: 200 },
	listProductGroups: { expect: 200 },
	createProductGroup: { options: () => ({ body: { name: 'Contract' } }), expect: 201 },
	updateProductGroup: {
		options: () => ({ path: { groupId: 'grp-101-wine' }, body: { visible: false } }),
		expect: 200,
	},
	deleteProductGroup: { options: () => ({ path: { groupId: 'grp-101-desserts' } }), expect: 200 },
	listProducts: { expect: 200 },
	createProduct: { options: () => ({ body: { name: 'Contract', price: 1 } }), expect: 201 },
	updateProduct: {
		options: () => ({ path: { productId: 'prd-101-pasta-01' }, body: { stockAmount: 4 } }),
		expect: 200,
	},
	deleteProduct: { options: () => ({ path: { productId: 'prd-101-pasta-02' } }), expect: 200 },
	listMenus: { expect: 200 },
	createMenu: { options: () => ({ body: { name: 'Contract', sections: [] } }), expect: 201 },
	batchUpdateMenus: {
		options: () => ({ body: [{ id: 'menu-101-lunch', visible: false }] }),
		expect: 200,
	},
	getMenu: { options: () => ({ path: { menuId: 'menu-101-lunch' } }), expect: 200 },
	updateMenu: {
		options: () => ({ path: { menuId: 'menu-101-lunch' }, body: { name: 'Lunch' } }),
		expect: 200,
	},
	deleteMenu: { options: () => ({ path: { menuId: 'menu-101-drinks' } }), expect: 200 },
	listEvents: { expect: 200 },
	listActiveEvents: { expect: 200 },
	listPastEvents: { expect: 200 },
	listDraftEvents: { expect: 200 },
	getEvent: { options: () => ({ path: { eventId: 5001 } }), expect: 200 },
	createEvent: {
		options: () => ({
			body: { name: 'Contract', startDate: '2028-01-01T19:00:00', endDate: '2028-01-01T22:00:00' },
		}),
		expect: 201,
	},
	updateEvent: {
		options: () => ({
			path: { eventId: 5002 },
			body: { name: 'Contract', startDate: '2028-01-01T19:00:00', endDate: '2028-01-01T22:00:00' },
		}),
		expect: 200,
	},
	copyEvent: {
		options: () => ({ path: { copyFromId: 5003 }, body: { name: 'Contract copy' } }),
		expect: 201,
	},
	setEventStatus: {
		options: () => ({ path: { eventId: 5004 }, query: { isOffline: false } }),
		expect: 200,
	},
	setEventStatusSystem: {
		options: () => ({ path: { eventId: 5004 }, query: { isOffline: true } }),
		expect: 200,
	},
	deleteEvent: { options: () => ({ path: { eventId: 5001 } }), expect: 200 },
	createRestaurant: {
		options: () => {
			const form = new FormData();
			form.set('name', 'Contract');
			form.set('timeZone', 'UTC');
			return { rawBody: form };
		},
		expect: 201,
	},
	updateRestaurant: {
		options: () => ({ path: { restaurantId: 104 }, body: { name: 'Contract 2' } }),
		expect: 200,
	},
	updateRestaurantSettings: {
		options: () => ({ path: { restaurantId: 104 }, body: { language: 'pt' } }),
		expect: 200,
	},
	deleteRestaurant: { options: () => ({ path: { restaurantId: 104 } }), expect: 200 },
};

describe('openapi.yaml contract', () => {
	it('has a sample for every operation and no sample for an operation it lacks', () => {
		expect(Object.keys(SAMPLES).sort()).toEqual(operations.map((o) => o.operationId).sort());
	});

	it.each(Object.keys(SAMPLES))('%s answers as documented', async (operationId) => {
		const sample = SAMPLES[operationId];
		const res = await ctx.call(operationId, sample.options?.());
		expect(res.status).toBe(sample.expect);
	});

	it.each(operations.map((o) => o.operationId))(
		'%s answers 401 without a token',
		async (operationId) => {
			const res = await ctx.call(operationId, {
				token: null,
				path: {
					reservationId: 'x',
					groupId: 'x',
					productId: 'x',
					menuId: 'x',
					eventId: 1,
					copyFromId: 1,
					bookingId: 'x',
				},
			});
			expect(res.status).toBe(401);
		},
	);
});

describe('request validation', () => {
	it('names every bad field of a body in errors and the first in the message', async () => {
		const res = await ctx.call('createReservation', {
			body: {
				reservationTime: 'next friday',
				groupSize: 'four',
				customerProfile: { vip: 'sometimes' },
			},
		});
		expect(res.status).toBe(400);
		expect(res.headers.get('content-type')).toContain('application/problem+json');
		expect(res.body).toMatchObject({
			code: 'validation_failed',
			status: 400,
			title: 'Bad Request',
		});
		expect(Object.keys(res.body.errors).sort()).toEqual([
			'customerProfile.vip',
			'groupSize',
			'reservationTime',
		]);
		expect(res.body.message).toMatch(/^(reservationTime|groupSize|customerProfile\.vip): /);
	});

	it('refuses a path id of the wrong type and broken JSON', async () => {
		const path = await fetch(`${ctx.sandbox.url}/api/core/admin/restaurants/abc`, {
			headers: { authorization: 'Bearer sandbox-staff-token' },
		});
		expect(path.status).toBe(400);
		expect(((await path.json()) as { errors: object }).errors).toHaveProperty('restaurantId');
		const broken = await ctx.call('createProductGroup', {
			rawBody: '{"name": ',
			headers: { 'content-type': 'application/json' },
		});
		expect(broken.status).toBe(400);
		expect(broken.body.code).toBe('bad_request');
	});

	it('answers an unknown API path with a ProblemDetails 404', async () => {
		const res = await fetch(`${ctx.sandbox.url}/api/core/admin/nothing-here`, {
			headers: { authorization: 'Bearer sandbox-staff-token' },
		});
		expect(res.status).toBe(404);
		expect(((await res.json()) as { code: string }).code).toBe('not_found');
	});
});

describe('the contract check', () => {
	it('refuses a response with a field the document lacks, at the top, nested or in a list', async () => {
		const res = await ctx.call('getReservation', { path: { reservationId: 'rsv-101-000001' } });
		const reservation = res.body;
		expect(responseErrors('getReservation', 200, reservation)).toEqual([]);
		expect(responseErrors('getReservation', 200, { ...reservation, loyaltyPoints: 12 })).toEqual([
			'getReservation 200: (root) has "loyaltyPoints", which the document lacks',
		]);
		expect(
			responseErrors('getReservation', 200, {
				...reservation,
				details: { ...reservation.details, refundId: 'r-1' },
			}),
		).toEqual(['getReservation 200: /details has "refundId", which the document lacks']);
		expect(
			responseErrors('listReservations', 200, [
				reservation,
				{ ...reservation, tableShape: 'round' },
			]),
		).toEqual(['listReservations 200: /1 has "tableShape", which the document lacks']);
	});

	it('refuses a response value of the wrong type', async () => {
		const res = await ctx.call('getReservation', { path: { reservationId: 'rsv-101-000001' } });
		expect(responseErrors('getReservation', 200, { ...res.body, groupSize: '2' })).toEqual([
			'getReservation 200: /groupSize must be integer',
		]);
	});

	it('refuses a request body with a field the document lacks or a value of the wrong type', () => {
		const url = `${ctx.sandbox.url}/api/rsv/admin/restaurants/101/reservations`;
		const body = { reservationTime: '2028-06-01T19:00:00', groupSize: 2 };
		expect(() => expectRequestsMatchOpenApi([{ method: 'POST', url, body }])).not.toThrow();
		expect(() =>
			expectRequestsMatchOpenApi([{ method: 'POST', url, body: { ...body, seatingWish: 'x' } }]),
		).toThrow('createReservation request: (root) has "seatingWish", which the document lacks');
		expect(() =>
			expectRequestsMatchOpenApi([
				{ method: 'POST', url, body: { ...body, customerProfile: { allergy: 'nuts' } } },
			]),
		).toThrow('createReservation request: /customerProfile/allergy must be array');
	});
});
