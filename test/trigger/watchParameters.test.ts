/**
 * The Watch parameter as n8n resolves the node's parameters (NodeHelpers.getNodeParameters, what the
 * editor and the engine use): each target shows its own Events and defaults; the horizon and the
 * reservation options only for Reservations (Requests at Once for every watch); a workflow saved
 * before the Watch parameter is a Reservations workflow.
 */
import { NodeHelpers, type IDataObject, type INodeParameters } from 'n8n-workflow';
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

/** The options the Options collection offers for a watch (shown for it, or for every watch). */
function optionsFor(watch: string): string[] {
	const collection = description.properties.find((p) => p.name === 'options')!;
	return (collection.options as Array<{ name: string; displayOptions?: { show?: IDataObject } }>)
		.filter((o) => {
			const only = o.displayOptions?.show?.['/watch'] as string[] | undefined;
			return !only || only.includes(watch);
		})
		.map((o) => o.name)
		.sort();
}

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
			// Authentication is shown for every watch.
			expect(shown({ watch, restaurants: 'all' })).toEqual(
				['authentication', name, 'options', 'restaurants', 'watch'].sort(),
			);
			expect(optionsFor(watch)).toEqual(['requestsAtOnce']);
			expect(resolved({ watch, restaurants: 'all' })[name]).toEqual(all);
			const events = description.properties.find(
				(p) => p.name === name && p.displayOptions?.show?.watch?.[0] === watch,
			)!;
			expect(events.options!.map((o) => (o as { value: string }).value).sort()).toEqual(
				[...all].sort(),
			);
		},
	);

	it('Reservations offers its filters, Report Previous Guest Details and Requests at Once', () => {
		expect(optionsFor('reservations')).toEqual(
			['includeEvents', 'keepGuestDetails', 'kind', 'pending', 'requestsAtOnce', 'status'].sort(),
		);
	});

	it('a choice of reservation events does not carry over to another watch', () => {
		const values = { watch: 'events', restaurants: 'all', events: ['reservationCreated'] };
		expect(resolved(values).events).toBeUndefined();
		expect(resolved(values).eventEvents).toHaveLength(5);
	});
});
