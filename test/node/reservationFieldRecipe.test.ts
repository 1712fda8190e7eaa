/**
 * The recipe of a new reservation field, proved: one more declaration in
 * nodes/RestaurantReservations/resources/reservation/helpers/apiFields.ts (here added by jest.mock,
 * as a contributor would write it: `dietaryNeeds`, a list of texts) and nothing else changed. The
 * node offers it in Create's Additional Fields and Update's Update Fields, and adds nothing else
 * but its name in Simplify's description; Create and Update send it as a JSON array of strings
 * from the comma-separated text a user types; Simplify keeps it; the trigger watches it as a guest
 * detail. The API answering is the sandbox started on openapi.yaml with the field's one entry
 * added: the other half of the recipe.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { addLocalDays } from '../../nodes/shared/dateWindows';
import { GUEST_DETAIL_FIELDS } from '../../nodes/RestaurantReservationsTrigger/targets/reservations/layout';
import { actionNodeDescriptionText } from '../support/nodeDescription';
import { json } from '../support/nodeResults';
import { nodeRunner, restaurant } from '../support/nodeRunner';
import { documentFileWithDietaryNeeds } from '../support/openapiWithField';
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

// The sandbox on openapi.yaml with the field's one entry (../support/openapiWithField).
const ctx = useSandbox({ openapi: documentFileWithDietaryNeeds() });

const node = nodeRunner(ctx, { resource: 'reservation', restaurantId: restaurant(101) });
// Its requests are checked by the sandbox against the changed document, not the test's unchanged one.
const run = async (parameters: Record<string, unknown>) =>
	await node.run(parameters, { baseUrl: ctx.sandbox.url });
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
