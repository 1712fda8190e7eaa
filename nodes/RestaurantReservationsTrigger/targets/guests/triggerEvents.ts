/** The guest events, in one ordered table (../triggerEvents); samples from real bookings. */
import { isVisit, stands } from '../../../shared/guests/roles';
import { triggerEventTable } from '../triggerEvents';
import type { GuestBooking, GuestItem } from './items';
import { guestItem, occasionItem } from './items';

/** What a booking's change meant for its guest, as the ledger settled it. */
export type GuestOccasion = 'newGuest' | 'returningGuest' | 'noShow';

export const GUEST_EVENTS = {
	newGuest: 'newGuest',
	returningGuest: 'returningGuest',
	guestNoShow: 'guestNoShow',
	occasionComing: 'occasionComing',
} as const;

export const GUEST_TRIGGER_EVENTS = triggerEventTable<GuestOccasion, GuestBooking[], GuestItem>([
	{
		value: GUEST_EVENTS.newGuest,
		displayName: 'New Guest',
		description:
			'The first booking of a guest the trigger has not seen, once it stands (booked, not cancelled)',
		onByDefault: true,
		reports: 'change',
		precedence: 2,
		matches: (occasion) => occasion === 'newGuest',
		sample: (bookings, event) => sampleOf(bookings, event, (b) => stands(b.stateRole), 0),
	},
	{
		value: GUEST_EVENTS.returningGuest,
		displayName: 'Returning Guest',
		description: 'A new booking of a guest the trigger knows, with their visits so far',
		onByDefault: true,
		reports: 'change',
		precedence: 1,
		matches: (occasion) => occasion === 'returningGuest',
		sample: (bookings, event) => sampleOf(bookings, event, (b) => stands(b.stateRole), 3),
	},
	{
		value: GUEST_EVENTS.guestNoShow,
		displayName: 'Guest No-Show',
		description: 'A guest did not come to their booking, with how often that happened',
		onByDefault: false,
		reports: 'change',
		precedence: 0,
		matches: (occasion) => occasion === 'noShow',
		sample: (bookings, event) => sampleOf(bookings, event, (b) => b.stateRole === 'noShow', 1),
	},
	{
		value: GUEST_EVENTS.occasionComing,
		displayName: 'Birthday or Anniversary Coming',
		description:
			"A known guest's birthday or anniversary (from their profile) is the chosen number of days away: once a year each",
		onByDefault: false,
		reports: 'moment',
		sample(bookings, event) {
			const booking = bookings.find((b) => stands(b.stateRole)) ?? bookings[0];
			if (!booking) return undefined;
			return occasionItem(
				event,
				booking,
				{ visits: 2, noShows: 0 },
				{
					kind: 'birthday',
					on: { month: 1, day: 1 },
					date: '2027-01-01',
					daysUntil: 7,
				},
			);
		},
	},
]);

/** An illustrative item of a real booking (counts illustrative too). */
function sampleOf(
	bookings: GuestBooking[],
	event: string,
	fits: (booking: GuestBooking) => boolean,
	visits: number,
): GuestItem | undefined {
	const booking = bookings.find(fits);
	if (!booking) return undefined;
	return guestItem(event, booking, {
		visits: visits + (isVisit(booking.stateRole) ? 1 : 0),
		noShows: booking.stateRole === 'noShow' ? 1 : 0,
	});
}
