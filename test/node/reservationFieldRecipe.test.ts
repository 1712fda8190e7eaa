/**
 * The recipe of a new reservation field, proved: one more declaration in
 * nodes/RestaurantReservations/resources/reservation/helpers/apiFields.ts (here added by jest.mock,
 * as a contributor would write it: `dietaryNeeds`, a list of texts) and nothing else changed. The
 * node offers it in Create's Additional Fields and Update's Update Fields, and adds nothing else
 * but its name in Simplify's description; Create and Update send it as a JSON array of strings
 * from the comma-separated text a user types; Simplify keeps it; the trigger watches it as a guest
 * detail. The API answering is the sandbox behind a proxy that stores the field (the sandbox of
 * this branch does not know it).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { addLocalDays } from '../../nodes/shared/dateWindows';
import { GUEST_DETAIL_FIELDS } from '../../nodes/RestaurantReservationsTrigger/targets/reservations/fingerprint';
import { actionNodeDescriptionText } from '../support/nodeDescription';
import { json } from '../support/nodeResults';
import { nodeRunner, restaurant } from '../support/nodeRunner';
import { todayUtc, useSandbox } from '../support/sandbox';

jest.mock('../../nodes/RestaurantReservations/resources/reservation/helpers/apiFields', () => {
	const actual = jest.requireActual(
		'../../nodes/RestaurantReservations/resources/reservation/helpers/apiFields',
	);
	const { asList } = jest.requireActual(
		'../../nodes/RestaurantReservations/operationHelpers/apiFields',
	);
	return {
		...actual,
		// Appended, as the declarations ask (in place of a real declaration of it, if one is made).
		RESERVATION_API_FIELDS: [
			...actual.RESERVATION_API_FIELDS.filter(
				(field: { name: string }) => field.name !== 'dietaryNeeds',
			),
			{
				name: 'dietaryNeeds',
				parameter: {
					displayName: 'Dietary Needs',
					type: 'string',
					default: '',
					placeholder: 'e.g. vegan, no nuts',
					description: 'Comma-separated dietary needs of the guest',
				},
				in: ['additionalFields', 'updateFields'],
				send: asList,
				simplify: true,
				guestDetail: true,
			},
		],
	};
});

const ctx = useSandbox();

/**
 * The API with one more reservation field: each request goes to the sandbox; the `dietaryNeeds` a
 * request sends is kept for the reservation it answers with, and added to that reservation in
 * every later answer.
 */
function apiWithDietaryNeeds() {
	const kept = new Map<string, unknown>();
	const withField = (record: unknown): unknown => {
		if (Array.isArray(record)) return record.map(withField);
		const id = (record as { id?: unknown } | null)?.id;
		return typeof id === 'string' && kept.has(id)
			? { ...(record as object), dietaryNeeds: kept.get(id) }
			: record;
	};
	const server = http.createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			void (async () => {
				const sent = Buffer.concat(chunks).toString('utf8');
				const answer = await fetch(`${ctx.sandbox.url}${request.url}`, {
					method: request.method,
					headers: Object.fromEntries(
						['authorization', 'content-type', 'accept']
							.filter((name) => request.headers[name] !== undefined)
							.map((name) => [name, String(request.headers[name])]),
					),
					body: sent === '' ? undefined : sent,
				});
				const text = await answer.text();
				let body: unknown;
				try {
					body = JSON.parse(text);
				} catch {
					response.writeHead(answer.status).end(text);
					return;
				}
				const field = sent === '' ? undefined : (JSON.parse(sent) as Record<string, unknown>);
				const id = (body as { id?: unknown }).id;
				if (field && 'dietaryNeeds' in field && typeof id === 'string')
					kept.set(id, field.dietaryNeeds);
				response
					.writeHead(answer.status, { 'content-type': 'application/json' })
					.end(JSON.stringify(withField(body)));
			})();
		});
	});
	return {
		start: async () =>
			await new Promise<string>((resolve) =>
				server.listen(0, '127.0.0.1', () =>
					resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
				),
			),
		stop: async () => await new Promise((resolve) => server.close(resolve)),
	};
}

const api = apiWithDietaryNeeds();
let baseUrl = '';
beforeAll(async () => {
	baseUrl = await api.start();
});
afterAll(async () => {
	await api.stop();
});

const node = nodeRunner(ctx, { resource: 'reservation', restaurantId: restaurant(101) });
const run = async (parameters: Record<string, unknown>) => await node.run(parameters, { baseUrl });
// Beyond the seeded year, so that these tests see only their own reservations.
const day = `${addLocalDays(`${todayUtc()}T00:00:00`, 720).slice(0, 10)}T19:00:00`;

type Property = {
	name: string;
	displayOptions?: { show?: Record<string, string[]> };
	options?: Array<{ name: string; displayName?: string }>;
};
const properties = (text: string) => (JSON.parse(text) as { properties: Property[] }).properties;
const collection = (of: Property[], name: string, operation: string) =>
	of.find(
		(p) =>
			p.name === name &&
			p.displayOptions?.show?.resource?.includes('reservation') &&
			p.displayOptions.show.operation?.includes(operation),
	)!;

describe('a reservation field added with one declaration: dietaryNeeds', () => {
	const now = actionNodeDescriptionText();
	const before = readFileSync(
		path.join(__dirname, '..', 'unit', 'fixtures', 'actionNodeDescription.json'),
		'utf8',
	);

	it("is offered in Create's Additional Fields and Update's Update Fields, in alphabetical place", () => {
		const option = {
			displayName: 'Dietary Needs',
			name: 'dietaryNeeds',
			type: 'string',
			default: '',
			placeholder: 'e.g. vegan, no nuts',
			description: 'Comma-separated dietary needs of the guest',
		};
		const create = collection(properties(now), 'additionalFields', 'create');
		const update = collection(properties(now), 'updateFields', 'update');
		expect(create.options!.map((o) => o.displayName).slice(4, 7)).toEqual([
			'Deposit Token',
			'Dietary Needs',
			'Email',
		]);
		expect(create.options![5]).toEqual(option);
		expect(update.options!.find((o) => o.name === 'dietaryNeeds')).toEqual(option);
		// Get, Get Many, Find and the others show no such parameter: only the two collections do.
		expect(now.match(/"name": "dietaryNeeds"/g)).toHaveLength(2);
	});

	it('changes nothing else in the node but Simplify naming it last', () => {
		// One Simplify parameter, merged over the reservation operations (declaredOnce).
		expect(now.match(/updatedAt, dietaryNeeds\) instead of the full record/g)).toHaveLength(1);
		const withoutIt = (text: string) =>
			properties(text.replace(/, dietaryNeeds\) instead/g, ') instead')).map((p) =>
				p.options ? { ...p, options: p.options.filter((o) => o.name !== 'dietaryNeeds') } : p,
			);
		expect(withoutIt(now)).toEqual(withoutIt(before));
	});

	it('is sent by Create as a list of texts from the comma-separated text typed, and kept by Simplify', async () => {
		const result = await run({
			operation: 'create',
			reservationTime: day,
			groupSize: 2,
			customerName: 'Dana Recipe',
			additionalFields: { dietaryNeeds: ' vegan,  no nuts ,', internalNotes: 'Regular' },
		});
		expect(result.error).toBeUndefined();
		const sent = result.requests.find(
			(r) => r.method === 'POST' && r.url.endsWith('/reservations'),
		);
		expect(sent?.body).toEqual({
			reservationTime: day,
			groupSize: 2,
			customerName: 'Dana Recipe',
			dietaryNeeds: ['vegan', 'no nuts'],
			internalNotes: 'Regular',
		});
		const [booking] = json(result);
		expect(booking.dietaryNeeds).toEqual(['vegan', 'no nuts']);
		expect(booking.internalNotes).toBeUndefined(); // not a field Simplify keeps
	});

	it('is sent by Update alone when it is all that changes, and read back by Get', async () => {
		const created = await run({
			operation: 'create',
			reservationTime: day,
			groupSize: 2,
			customerName: 'Eli Recipe',
		});
		const id = json(created)[0].id as string;
		const updated = await run({
			operation: 'update',
			reservationId: id,
			updateFields: { dietaryNeeds: 'halal' },
		});
		expect(updated.error).toBeUndefined();
		const put = updated.requests.find((r) => r.method === 'PUT');
		expect(put?.body).toEqual({ dietaryNeeds: ['halal'] });
		expect(json(updated)[0].dietaryNeeds).toEqual(['halal']);

		const read = await run({ operation: 'get', reservationId: id });
		expect(json(read)[0]).toMatchObject({
			id,
			customerName: 'Eli Recipe',
			dietaryNeeds: ['halal'],
		});
	});

	it('takes a list mapped by expression (an AI agent gives one) as a list', async () => {
		const result = await run({
			operation: 'create',
			reservationTime: day,
			groupSize: 2,
			customerName: 'Fay Recipe',
			additionalFields: { dietaryNeeds: ['gluten-free ', ' kosher'] },
		});
		const sent = result.requests.find(
			(r) => r.method === 'POST' && r.url.endsWith('/reservations'),
		);
		expect((sent?.body as Record<string, unknown>).dietaryNeeds).toEqual(['gluten-free', 'kosher']);
	});

	it('is watched by the trigger as a guest detail, after the others', () => {
		expect(GUEST_DETAIL_FIELDS.slice(0, 4)).toEqual([
			'customerName',
			'phone',
			'email',
			'specialRequests',
		]);
		expect(GUEST_DETAIL_FIELDS.at(-1)).toBe('dietaryNeeds');
	});
});
