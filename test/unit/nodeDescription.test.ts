/**
 * A saved workflow keeps its meaning: the action node's description (every parameter's name, type,
 * default, options and display conditions, and every operation's routing steps;
 * test/support/nodeDescription.ts) is the one in fixtures/actionNodeDescription.json. The fixture was
 * written by d82baed, before each resource field was declared once
 * (nodes/RestaurantReservations/operationHelpers/apiFields.ts); a change users are meant to see (a
 * new field) rewrites it with `npx tsx scripts/nodeDescription.ts`, and its diff shows the change.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { actionNodeDescriptionText } from '../support/nodeDescription';

const FIXTURE = path.join(__dirname, 'fixtures', 'actionNodeDescription.json');

describe('the action node description', () => {
	const actual = actionNodeDescriptionText();
	const expected = readFileSync(FIXTURE, 'utf8');

	it('holds every parameter and operation as the fixture does', () => {
		expect(JSON.parse(actual)).toEqual(JSON.parse(expected));
	});

	it('is the fixture to the character (key order included)', () => {
		expect(actual).toBe(expected);
	});

	it('holds the reservation fields that Create and Update offer', () => {
		// A sample read literally, so that the fixture is known to hold what the declarations build
		// (a field added later adds to these).
		const options = (collection: string, operation: string) =>
			(
				JSON.parse(expected) as {
					properties: Array<{
						name: string;
						displayOptions?: { show?: Record<string, string[]> };
						options?: Array<{ name: string }>;
					}>;
				}
			).properties
				.find(
					(p) =>
						p.name === collection &&
						p.displayOptions?.show?.resource?.includes('reservation') &&
						p.displayOptions.show.operation?.includes(operation),
				)
				?.options?.map((o) => o.name);
		const existing = (names: string) => expect.arrayContaining(names.split(' '));
		expect(options('additionalFields', 'create')).toEqual(
			existing(
				'aboutGuestNotes amount createdBy deliveryType depositToken email estimatedTurnOverTime eventId externalUserId internalNotes paymentType phone source specialRequests state tableNumber',
			),
		);
		expect(options('updateFields', 'update')).toEqual(
			existing(
				'aboutGuestNotes amount createdBy deliveryType depositToken email estimatedTurnOverTime eventId externalUserId groupSize customerName internalNotes paymentType phone reservationTime source specialRequests state tableNumber',
			),
		);
		expect(expected).toContain(
			'Whether to return only the main fields (id, restaurantId, reservationTime, businessDate, groupSize, customerName, phone, email, tableNumber, state, status, eventId, specialRequests, createdAt, updatedAt',
		);
	});
});
