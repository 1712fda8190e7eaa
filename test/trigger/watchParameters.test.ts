/**
 * The Watch parameter as n8n resolves the node's parameters (NodeHelpers.getNodeParameters, what the
 * editor and the engine use): each target shows its own Events and defaults; the horizon and the
 * reservation options only for Reservations; a workflow saved before the Watch parameter is a
 * Reservations workflow.
 */
import { NodeHelpers, type INodeParameters } from 'n8n-workflow';
import { RestaurantReservationsTrigger } from '../../nodes/RestaurantReservationsTrigger/RestaurantReservationsTrigger.node';

const { description } = new RestaurantReservationsTrigger();

function resolved(values: INodeParameters): INodeParameters {
	return NodeHelpers.getNodeParameters(
		description.properties,
		values,
		true,
		false,
		{ typeVersion: 1 },
		description,
	)!;
}

const shown = (values: INodeParameters) => Object.keys(resolved(values)).sort();

describe('the Watch parameter', () => {
	it('defaults to Reservations: a workflow saved before it keeps its parameters and events', () => {
		const before = { restaurants: 'one', restaurantId: { __rl: true, mode: 'id', value: '101' } };
		expect(resolved(before)).toMatchObject({
			watch: 'reservations',
			events: [
				'reservationCreated',
				'reservationUpdated',
				'reservationCancelled',
				'reservationStateChanged',
			],
			lookBackDays: 1,
			lookAheadDays: 90,
			options: {},
		});
	});

	it.each([
		[
			'events',
			'eventEvents',
			['eventCreated', 'eventUpdated', 'eventPublished', 'eventUnpublished', 'eventDeleted'],
		],
		['products', 'productEvents', ['productCreated', 'productUpdated', 'productDeleted']],
	])(
		'%s: its own Events (all by default), no horizon, no reservation options',
		(watch, name, all) => {
			expect(shown({ watch, restaurants: 'all' })).toEqual([name, 'restaurants', 'watch'].sort());
			expect(resolved({ watch, restaurants: 'all' })[name]).toEqual(all);
			const events = description.properties.find(
				(p) => p.name === name && p.displayOptions?.show?.watch?.[0] === watch,
			)!;
			expect(events.options!.map((o) => (o as { value: string }).value).sort()).toEqual(
				[...all].sort(),
			);
		},
	);

	it('a choice of reservation events does not carry over to another watch', () => {
		const values = { watch: 'events', restaurants: 'all', events: ['reservationCreated'] };
		expect(resolved(values).events).toBeUndefined();
		expect(resolved(values).eventEvents).toHaveLength(5);
	});
});
