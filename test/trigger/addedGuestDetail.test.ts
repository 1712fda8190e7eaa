/**
 * A release that watches one more guest detail: `aboutGuestNotes` (notes about the guest, which the
 * API returns and this release keeps in the rest of a booking) added to the guest details, as a
 * later release would add it to GUEST_DETAIL_FIELDS. The records stored before are read as they
 * were written (no Updated for every booking at the first poll; a change of the notes made across
 * the update is a change of the rest, as the earlier release saw it); from the first poll that
 * stored the new records on, a change of the notes is named, once.
 */
import type { IDataObject, INodeParameters, IPollFunctions } from 'n8n-workflow';
import { RestaurantReservationsTrigger } from '../../nodes/RestaurantReservationsTrigger/RestaurantReservationsTrigger.node';
import { pollWatch } from '../../nodes/RestaurantReservationsTrigger/poll/poll';
import { GUEST_DETAIL_FIELDS } from '../../nodes/RestaurantReservationsTrigger/targets/reservations/layout';
import { SEEDED_TIME_ZONES, useSandbox } from '../support/sandbox';
import { fixClock, realClock } from './fixedClocks';
import { baselined, localDay, oneRestaurant, type Trigger } from './support';

const ctx = useSandbox();
beforeEach(async () => ctx.sandbox.reset());

const ZONE = SEEDED_TIME_ZONES[101];

/** This release's trigger, its Reservations watch watching the notes about the guest as well. */
class TriggerWatchingNotes extends RestaurantReservationsTrigger {
	async poll(this: IPollFunctions) {
		return await pollWatch(this, [...GUEST_DETAIL_FIELDS, 'aboutGuestNotes']);
	}
}

async function book(customerName: string, days: number): Promise<string> {
	const response = await ctx.call('createReservation', {
		path: { restaurantId: 101 },
		body: {
			reservationTime: localDay(ZONE, days),
			groupSize: 2,
			customerName,
			aboutGuestNotes: 'Likes the terrace',
		},
	});
	expect(response.status).toBe(201);
	return String(response.body.id);
}

async function writeNotes(reservationId: string, aboutGuestNotes: string): Promise<void> {
	const response = await ctx.call('updateReservation', {
		path: { restaurantId: 101, reservationId },
		body: { aboutGuestNotes },
	});
	expect(response.status).toBe(200);
}

async function tick(trigger: Trigger) {
	const result = await trigger.tick();
	expect(result.error).toBeUndefined();
	return result.changes.map(({ reservation: _r, restaurantLastPolledAt: _p, ...item }) => item);
}

/** What the stored records of the trigger hold. */
const descriptions = (trigger: Trigger) =>
	(trigger.state!.l as Array<{ guestDetails: string[]; guestDetailsAs: string }>).map(
		({ guestDetails, guestDetailsAs }) => ({ guestDetails, guestDetailsAs }),
	);

const updated = (reservationId: string, more: IDataObject) => ({
	event: 'reservationUpdated',
	restaurantId: 101,
	reservationId,
	stateRole: 'booked',
	...more,
});

it.each<[string, INodeParameters, object]>([
	['without', {}, { current: 'Prefers the window' }],
	[
		'with',
		{ options: { keepGuestDetails: true } },
		{ previous: 'Likes the terrace', current: 'Prefers the window' },
	],
])(
	'%s Report Previous Guest Details: records stored before read as they were, the new detail watched from the next poll',
	async (_with, options, notesChange) => {
		const [ida, ugo] = [await book('Ida Notes', 5), await book('Ugo Notes', 6)];
		const trigger = await baselined(ctx, oneRestaurant(101, options));
		const guestDetailsAs = 'options' in options ? 'value' : 'hash';
		expect(descriptions(trigger)).toEqual([
			{ guestDetails: ['customerName', 'phone', 'email', 'specialRequests'], guestDetailsAs },
		]);

		// Changed across the update: its record does not watch the notes, they are part of the rest.
		await writeNotes(ugo, 'Allergic to nuts');
		trigger.nodeType = new TriggerWatchingNotes();
		expect(await tick(trigger)).toEqual([
			updated(ugo, { changedFields: [], changes: {}, otherFieldsChanged: true }),
		]);
		expect(descriptions(trigger)).toEqual([
			{
				guestDetails: ['customerName', 'phone', 'email', 'specialRequests', 'aboutGuestNotes'],
				guestDetailsAs,
			},
		]);

		await writeNotes(ida, 'Prefers the window');
		expect(await tick(trigger)).toEqual([
			updated(ida, {
				changedFields: ['aboutGuestNotes'],
				changes: { aboutGuestNotes: notesChange },
				otherFieldsChanged: false,
			}),
		]);
		expect(await tick(trigger)).toEqual([]);
	},
	60_000,
);

it('the first poll after the update reports nothing when nothing changed', async () => {
	await book('Ida Notes', 5);
	// The same horizon for both polls, however close the hour is.
	fixClock(Date.now());
	try {
		const trigger = await baselined(ctx, oneRestaurant(101));
		const before = (trigger.state!.r as Record<string, { s: string }>)['101'].s;
		trigger.nodeType = new TriggerWatchingNotes();
		const first = await trigger.tick();
		expect(first.error).toBeUndefined();
		expect(first.items).toBeNull();
		// Stored again by the new description: every record has two more hash characters.
		const after = (trigger.state!.r as Record<string, { s: string }>)['101'].s;
		expect(after.split('|').length).toBe(before.split('|').length);
		expect(after.length - before.length).toBe(2 * after.split('|').length);
	} finally {
		realClock();
	}
}, 60_000);
