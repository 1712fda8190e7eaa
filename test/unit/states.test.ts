/**
 * The reservation states the nodes offer. The API lists none (the spec leaves them "not shown", and
 * the restaurant configuration has no such list), so every list is the fixed one of
 * nodes/shared/parameters: the sandbox's states, exactly, and each parameter that offers them says so.
 */
import type { INodeProperties } from 'n8n-workflow';
import { RestaurantReservations } from '../../nodes/RestaurantReservations/RestaurantReservations.node';
import { RestaurantReservationsTrigger } from '../../nodes/RestaurantReservationsTrigger/RestaurantReservationsTrigger.node';
import { STATES_NOTE, STATUS_FILTERS } from '../../nodes/shared/parameters';
import { RESERVATION_STATES as SANDBOX_STATES } from '../../sandbox/store/types';

/** Every parameter, collections and their options included, with the node's name. */
function parameters(node: string, properties: INodeProperties[]): Array<[string, INodeProperties]> {
	return properties.flatMap((p) => [
		[`${node} › ${p.displayName} (${p.name})`, p] as [string, INodeProperties],
		...(p.type === 'collection' ? parameters(node, (p.options ?? []) as INodeProperties[]) : []),
	]);
}

const STATE_VALUES = new Set<string>(SANDBOX_STATES);
/** The parameters whose options are reservation states: any option list made only of states. */
const stateParameters = [
	...parameters('Trigger', new RestaurantReservationsTrigger().description.properties),
	...parameters('Action', new RestaurantReservations().description.properties),
].filter(
	([, p]) =>
		(p.type === 'options' || p.type === 'multiOptions') &&
		(p.options ?? []).length > 0 &&
		(p.options as Array<{ value: unknown }>).every((o) => STATE_VALUES.has(String(o.value))),
);

it("the Status filter's states are the sandbox's, every one of them", () => {
	expect(STATUS_FILTERS.map((s) => s.value).sort()).toEqual([...SANDBOX_STATES].sort());
});

it('every parameter offering states says the API lists none: the Status filters, State, the three In States', () => {
	const names = stateParameters.map(([name]) => name);
	expect(names).toEqual(
		expect.arrayContaining([
			'Trigger › In States (reminderStates)',
			'Trigger › In States (expectedStates)',
			'Trigger › In States (cameStates)',
			'Trigger › Status (status)',
			'Action › State (state)',
		]),
	);
	for (const [name, parameter] of stateParameters)
		expect([name, parameter.description]).toEqual([name, expect.stringContaining(STATES_NOTE)]);
});
