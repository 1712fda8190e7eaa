/**
 * A field of the API is declared once, in openapi.yaml: a sandbox started on a copy of the
 * document with one more reservation field (`dietaryNeeds`, a nullable list of strings: the
 * `openapi` option, `--openapi <file>`) accepts it on create and update, validates it strictly,
 * stores it, and returns it from GET and the list; without that entry the same field is ignored.
 * Raw HTTP, each answer checked against the changed document (the test client follows the
 * unchanged one).
 */
import { openApiContract, responseErrors } from '../support/openapi';
import {
	documentFileWithDietaryNeeds,
	documentWithDietaryNeeds,
} from '../support/openapiWithField';
import { rawCall, type RawRequest } from '../support/rawHttp';
import { useSandbox, type SandboxContext } from '../support/sandbox';

const RESERVATIONS = '/api/rsv/admin/restaurants/101/reservations';
const TIME = '2029-05-17T19:30:00';

const document = documentWithDietaryNeeds();
const documentFile = documentFileWithDietaryNeeds();

const request = (ctx: SandboxContext, method: string, route: string, options?: RawRequest) =>
	rawCall(ctx.sandbox.url, method, route, options);
/** A reservation made for a guest with these dietary needs, raw: the sandbox's answer. */
const bookDietaryGuest = (ctx: SandboxContext, dietaryNeeds: string[]) =>
	request(ctx, 'POST', RESERVATIONS, {
		body: { reservationTime: TIME, groupSize: 3, customerName: 'Dietary Guest', dietaryNeeds },
	});

describe('a reservation field added to openapi.yaml alone', () => {
	const ctx = useSandbox({ openapi: documentFile, reservations: 5 });
	const contract = openApiContract(document);

	it('is taken on create, stored, and returned by GET and the list', async () => {
		const created = await bookDietaryGuest(ctx, ['vegan', 'no nuts']);
		expect(created.status).toBe(201);
		expect(created.body.dietaryNeeds).toEqual(['vegan', 'no nuts']);
		expect(contract.responseErrors('createReservation', 201, created.body)).toEqual([]);

		const read = await request(ctx, 'GET', `${RESERVATIONS}/${created.body.id}`);
		expect(read.body.dietaryNeeds).toEqual(['vegan', 'no nuts']);
		expect(contract.responseErrors('getReservation', 200, read.body)).toEqual([]);

		const list = await request(ctx, 'GET', RESERVATIONS, {
			query: { from: '2029-05-17T00:00:00', to: '2029-05-18T00:00:00' },
		});
		expect(list.body.map((r: { dietaryNeeds: unknown }) => r.dietaryNeeds)).toEqual([
			['vegan', 'no nuts'],
		]);
		expect(contract.responseErrors('listReservations', 200, list.body)).toEqual([]);
		// The unchanged document does not know the field: its contract check says so.
		expect(responseErrors('getReservation', 200, read.body)).toEqual([
			'getReservation 200: (root) has "dietaryNeeds", which the document lacks',
		]);
	});

	it('is changed by an update, and is null where a create or the seed left it out', async () => {
		const created = await request(ctx, 'POST', RESERVATIONS, {
			body: { reservationTime: TIME, groupSize: 2, customerName: 'No Needs' },
		});
		expect(created.body.dietaryNeeds).toBeNull();
		const updated = await request(ctx, 'PUT', `${RESERVATIONS}/${created.body.id}`, {
			body: { dietaryNeeds: ['halal'] },
		});
		expect(updated.status).toBe(200);
		const read = await request(ctx, 'GET', `${RESERVATIONS}/${created.body.id}`);
		expect(read.body.dietaryNeeds).toEqual(['halal']);

		const seeded = await request(ctx, 'GET', `${RESERVATIONS}/rsv-101-000001`);
		expect(seeded.body.dietaryNeeds).toBeNull();
		expect(contract.responseErrors('getReservation', 200, seeded.body)).toEqual([]);
	});

	it('is validated strictly: a string for the list, a number for an item; nothing stored', async () => {
		const scalar = await request(ctx, 'POST', RESERVATIONS, {
			body: {
				reservationTime: '2029-05-18T19:30:00',
				groupSize: 2,
				customerName: 'Strict Needs',
				dietaryNeeds: 'vegan',
			},
		});
		expect(scalar.status).toBe(400);
		expect(scalar.body).toMatchObject({
			code: 'validation_failed',
			errors: { dietaryNeeds: ['must be array'] },
		});
		const day = await request(ctx, 'GET', RESERVATIONS, {
			query: { from: '2029-05-18T00:00:00', to: '2029-05-19T00:00:00' },
		});
		expect(day.body).toEqual([]);

		const item = await request(ctx, 'PUT', `${RESERVATIONS}/rsv-101-000002`, {
			body: { dietaryNeeds: [7] },
		});
		expect(item.status).toBe(400);
		expect(item.body.errors).toEqual({ 'dietaryNeeds[0]': ['must be string'] });
		const unchanged = await request(ctx, 'GET', `${RESERVATIONS}/rsv-101-000002`);
		expect(unchanged.body.dietaryNeeds).toBeNull();
	});
});

describe('the same field without its entry in openapi.yaml', () => {
	const ctx = useSandbox();

	it('is ignored: neither stored nor returned', async () => {
		const created = await bookDietaryGuest(ctx, ['vegan']);
		expect(created.status).toBe(201);
		expect(created.body).not.toHaveProperty('dietaryNeeds');
		const read = await request(ctx, 'GET', `${RESERVATIONS}/${created.body.id}`);
		expect(read.body).not.toHaveProperty('dietaryNeeds');
	});
});
