/**
 * The edges of what a stored description may say (state/description.ts,
 * targets/reservations/layout.ts): the widest and narrowest hashes it may name are read, and a
 * reservation description whose state or time sits under another field's name is refused (its
 * snapshot is then a new baseline), however that field's kind is written.
 */
import { readDescription } from '../../nodes/RestaurantReservationsTrigger/state/description';
import {
	reservationDescription,
	reservationLayout,
} from '../../nodes/RestaurantReservationsTrigger/targets/reservations/layout';

it('a description may name hashes of 1 to 8 characters', () => {
	const description = { records: 'fields', hash: 'h53', widths: [1, 8, 8], exact: [], ignored: [] };
	expect(readDescription(description, 'fields').widths).toEqual([1, 8, 8]);
});

it.each<[string, string[]]>([
	['a state under another name', ['reservationTime:time', 'status:state']],
	['a time under another name', ['arrivalTime:time', 'state:state']],
])('a reservation description with %s is refused', (_what, exact) => {
	expect(() => reservationLayout({ ...reservationDescription(false), exact })).toThrow();
	// The same description with the names this release reads is read.
	const named = exact.map((field) =>
		field.endsWith(':state') ? 'state:state' : 'reservationTime:time',
	);
	expect(reservationLayout({ ...reservationDescription(false), exact: named }).exact).toHaveLength(
		2,
	);
});
