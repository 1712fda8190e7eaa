/** A pasta class on one floor with one kind of seat (49): an event body as the API takes it. */
export const PASTA_CLASS = {
	name: 'Pasta class',
	startDate: '2027-02-10T18:00:00',
	endDate: '2027-02-10T21:00:00',
	floors: [
		{
			name: 'Kitchen',
			event: {
				tickets: [{ type: 'standard', title: 'Seat', description: 'One seat', amount: 49 }],
			},
		},
	],
};

/** A ticket type of an event floor, as the API takes it. */
export interface Ticket {
	type: string;
	title: string;
	description: string;
	amount: number;
}

/** An event body (name, dates, …) held on one floor named `floor` with these tickets. */
export const onOneFloor = (body: Record<string, unknown>, floor: string, tickets: Ticket[]) => ({
	...body,
	floors: [{ name: floor, event: { tickets } }],
});
