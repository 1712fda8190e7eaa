/**
 * The reservation states the nodes offer. The API lists none (the spec leaves them "not shown"):
 * where states are picked to match bookings (Status, the three In States) the list is loaded
 * (getBookingStates): the roles, whose values are the package's earlier state names and match a
 * state in any spelling, then the states seen in the restaurant's bookings. Where a state is set
 * on a booking (State) the list is the sandbox's, and the parameter says so.
 */
import type { INodeProperties } from 'n8n-workflow';
import { RestaurantReservations } from '../../nodes/RestaurantReservations/RestaurantReservations.node';
import { RestaurantReservationsTrigger } from '../../nodes/RestaurantReservationsTrigger/RestaurantReservationsTrigger.node';
import { RESERVATION_STATES, STATES_NOTE } from '../../nodes/shared/parameters';
import { ROLE_OPTIONS, seenStateOptions } from '../../nodes/shared/reading/stateOptions';
import { roleNamed, STATE_ROLES } from '../../nodes/shared/reading/states';
import { NO_PLACEMENTS, stateMatcher } from '../../nodes/shared/reading/vocabulary';
import { RESERVATION_STATES as SANDBOX_STATES } from '../../sandbox/store/types';

/** Every parameter, collections and their options included, with the node's name. */
function parameters(node: string, properties: INodeProperties[]): Array<[string, INodeProperties]> {
	return properties.flatMap((p) => [
		[`${node} › ${p.displayName} (${p.name})`, p] as [string, INodeProperties],
		...(p.type === 'collection' ? parameters(node, (p.options ?? []) as INodeProperties[]) : []),
	]);
}

const all = [
	...parameters('Trigger', new RestaurantReservationsTrigger().description.properties),
	...parameters('Action', new RestaurantReservations().description.properties),
];

it('every parameter that matches bookings by state loads the roles and the restaurant states', () => {
	const loaded = all.filter(([, p]) => p.typeOptions?.loadOptionsMethod === 'getBookingStates');
	expect(loaded.map(([name]) => name).sort()).toEqual([
		'Action › Status Name or ID (status)',
		'Trigger › In State Names or IDs (cameStates)',
		'Trigger › In State Names or IDs (expectedStates)',
		'Trigger › In State Names or IDs (reminderStates)',
		'Trigger › Status Name or ID (status)',
	]);
	for (const [name, parameter] of loaded) {
		const defaults = ([] as unknown[]).concat(parameter.default).filter((value) => value !== '');
		// Each default is a role's value, so a saved workflow's states read as roles.
		expect([name, defaults.every((value) => roleNamed(String(value)))]).toEqual([name, true]);
	}
});

it('offers one option per role, whose value reads as that role', () => {
	expect(ROLE_OPTIONS.map((o) => roleNamed(String(o.value)))).toEqual([...STATE_ROLES]);
	const matches = stateMatcher(
		ROLE_OPTIONS.map((o) => String(o.value)),
		NO_PLACEMENTS,
	);
	expect(['Confirmed', 'CANCELED_BY_GUEST', 'Checked In', 'Closed'].every(matches)).toBe(true);
});

it('offers the states seen, each with its role, unknown ones with the fix', () => {
	expect(seenStateOptions(['Seated', 'Walked', 'Seated', null], NO_PLACEMENTS)).toEqual([
		expect.objectContaining({ name: 'Seated: Arrived or seated', value: 'state:Seated' }),
		expect.objectContaining({
			name: 'Walked: meaning unknown',
			value: 'state:Walked',
			description: expect.stringContaining('Booking States'),
		}),
	]);
});

it("the states a booking can be set to are the sandbox's, and State says the API lists none", () => {
	expect(RESERVATION_STATES.map((s) => s.value).sort()).toEqual(
		SANDBOX_STATES.filter((s) => s !== 'cancelled').sort(),
	);
	const [, state] = all.find(([name]) => name === 'Action › State (state)')!;
	expect(state.description).toContain(STATES_NOTE);
});
