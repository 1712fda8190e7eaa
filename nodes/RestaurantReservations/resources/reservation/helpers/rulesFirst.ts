/**
 * "Check Booking Rules First" on Create and Update: the restaurant's published rules judge the
 * booking before anything is sent, and a booking they refuse stops the item with the rule's
 * sentence and the nearest bookable times (for a party size outside the limits no time helps, so
 * none are offered). A booking they accept is read back once written, so that callers booking the
 * last place at the same moment cannot overbook it (./slotGuard). The server keeps the final word.
 */
import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';
import { checkBooking } from '../../../../shared/bookingRules';
import { localTimeOf } from '../../../../shared/reading/record';
import { apiPath } from '../../../../shared/paths';
import { apiRequest } from '../../../../shared/transport';
import { booleanInput } from '../../../operationHelpers/inputValues';
import { restaurantIdOf, restaurantTimeZone } from '../../../operationHelpers/readParameters';
import { loadBookingContextAround } from './bookingContext';
import { rulesRefusal } from './refusal';
import { reservationIdOf } from './reservationId';
import { verifyAfterWriting } from './slotGuard';

export const checkBookingRulesField: INodeProperties = {
	displayName: 'Check Booking Rules First',
	name: 'checkBookingRules',
	type: 'boolean',
	default: false,
	description:
		"Whether to check the restaurant's published booking rules (hours, closed days, party size, notice, days ahead, slot capacity) before sending, and refuse with the reason and the nearest bookable times. Turn on for guest-facing workflows and AI agents; staff bookings may break the online rules. The restaurant's server keeps the final word.",
};

const rulesFirst = (item: IExecuteSingleFunctions) =>
	booleanInput(
		item,
		item.getNodeParameter('checkBookingRules', false),
		'Check Booking Rules First',
		false,
	);

/** Create: refuses, sending nothing, a booking that the published rules refuse. */
export async function checkRulesFirst(
	item: IExecuteSingleFunctions,
	booking: { time: string; partySize: number },
): Promise<void> {
	if (rulesFirst(item)) await refuseBrokenRules(item, booking);
}

/**
 * Refuses a booking of `partySize` at `time` that the published rules refuse (`previous`: the
 * booking being changed, whose own place is free); a booking they accept is verified again once
 * written (./slotGuard).
 */
async function refuseBrokenRules(
	item: IExecuteSingleFunctions,
	booking: { time: string; partySize: number },
	previous?: { id: string; reservationTime: string; groupSize: number },
): Promise<void> {
	const context = await loadBookingContextAround(item, booking.time, previous?.id);
	const verdict = checkBooking(context.rules, booking, context);
	if (!verdict.bookable)
		throw rulesRefusal(item, verdict, { context, booking }, ', so nothing was sent');
	verifyAfterWriting(item, { context, booking, previous });
}

/** Update: the booking as it would be after the change (what the body leaves out, read from the API). */
export async function checkChangeFirst(
	item: IExecuteSingleFunctions,
	body: IDataObject,
): Promise<void> {
	if (!rulesFirst(item)) return;
	// The rules judge a booking's time and size: other changes are not checked.
	if (body.reservationTime === undefined && body.groupSize === undefined) return;
	const reservationId = reservationIdOf(item);
	const current = await apiRequest<{ reservationTime: string; groupSize: number }>(item, {
		method: 'GET',
		path: apiPath('reservation', { restaurantId: restaurantIdOf(item), reservationId }),
		itemIndex: item.getItemIndex(),
	});
	// The API's time may carry an offset: the rules judge the restaurant's wall clock.
	const currentTime =
		localTimeOf(current.reservationTime, await restaurantTimeZone(item)) ?? current.reservationTime;
	await refuseBrokenRules(
		item,
		{
			time: (body.reservationTime as string | undefined) ?? currentTime,
			partySize: Number(body.groupSize ?? current.groupSize),
		},
		{ id: reservationId, reservationTime: current.reservationTime, groupSize: current.groupSize },
	);
}
