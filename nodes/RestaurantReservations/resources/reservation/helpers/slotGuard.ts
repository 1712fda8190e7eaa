/**
 * Check Booking Rules First when several callers book the same slot at once (five guests calling
 * an AI desk together, on one n8n or on several queue-mode workers): each caller's check counts the
 * slot before the others have booked, so all of them may find the last place free. A lock inside
 * one process cannot help across workers, and the API has no lock or conditional write, so the
 * node verifies after writing, with what every caller can read: the slot itself.
 *
 * After its booking is made, the caller reads the slot back (one list request) and judges its own
 * booking against the bookings that came before it, in an order every caller agrees on: the
 * server's `createdAt`, then the ID. A booking kept this way had, when it was read, every earlier
 * booking of its slot counted; later ones are judged by their own callers against it, so the
 * bookings this node keeps never take a slot past its limit. A booking that came in beyond the
 * limit is cancelled at once (with a note saying why) and its caller gets the refusal it would
 * have had if the slot had been full before the call. A move or a larger party (Update) counts
 * itself after every other booking of the slot, and is undone when that is beyond the limit.
 *
 * What it rests on: the server's reads see every booking created before them (read-your-writes,
 * as the sandbox and any single database give), and `createdAt` (ties: the ID) follows the order
 * of creation. Without `createdAt` each caller counts itself last: never above the limit, but
 * callers racing for the last place may all be refused.
 */
import type {
	IDataObject,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
} from 'n8n-workflow';
import {
	checkSlotCapacity,
	RULE_CODES,
	type BookingRequest,
	type Verdict,
} from '../../../../shared/bookingRules';
import { formatLocal, parseLocal } from '../../../../shared/dateWindows';
import { readProblem } from '../../../../shared/errors';
import { apiPath } from '../../../../shared/paths';
import { apiRequest, bodyOrThrow } from '../../../../shared/transport';
import { restaurantIdOf } from '../../../operationHelpers/readParameters';
import type { RestaurantBookingContext } from './bookingContext';
import { bookingsBefore, heldPlaces, placesAt, type HeldPlace } from './heldPlaces';
import { vocabularyOf } from '../../../../shared/reading/context';
import { rulesRefusal } from './refusal';

/** A booking this item is about to write, judged before sending and to be verified after. */
interface PendingBooking {
	context: RestaurantBookingContext;
	booking: BookingRequest;
	/** Update: the booking as it was, to undo the change if the slot turns out full. */
	previous?: { id: string; reservationTime: string; groupSize: number };
}

/** The note of a booking the check cancelled: visible in the restaurant's list. */
export const OVERBOOKING_NOTE =
	'Cancelled at once by Check Booking Rules First: another booking took the last place of this slot at the same moment.';

// Keyed by the item's context: n8n gives an item the same one before and after its request.
const pending = new WeakMap<IExecuteSingleFunctions, PendingBooking>();

/** Remembers the checked booking of this item, to verify its place once it is written. */
export function verifyAfterWriting(item: IExecuteSingleFunctions, check: PendingBooking): void {
	pending.set(item, check);
}

/** How far around the slot it is read: a server that reads the period in another zone still lists it. */
const SLOT_READ_MARGIN_MS = 86_400_000;

/** The holding bookings of the slot `time`, read back from the API. */
async function readSlot(
	item: IExecuteSingleFunctions,
	time: string,
	timeZone: string,
): Promise<HeldPlace[]> {
	const at = parseLocal(time)!;
	const [listed, vocabulary] = await Promise.all([
		apiRequest<IDataObject[]>(item, {
			method: 'GET',
			path: apiPath('reservations', { restaurantId: restaurantIdOf(item) }),
			qs: {
				from: formatLocal(at - SLOT_READ_MARGIN_MS),
				to: formatLocal(at + SLOT_READ_MARGIN_MS),
				includeEvents: true,
			},
			itemIndex: item.getItemIndex(),
		}),
		vocabularyOf(item),
	]);
	return placesAt(heldPlaces(listed, timeZone, vocabulary), time);
}

/** The slot's verdict on this item's booking, now that it is written. */
async function verdictAfterWriting(
	item: IExecuteSingleFunctions,
	check: PendingBooking,
	ownId: string,
): Promise<Verdict> {
	const slot = await readSlot(item, check.booking.time, check.context.timeZone);
	const earlier = bookingsBefore(slot, ownId, check.previous !== undefined);
	return checkSlotCapacity(check.context.rules, check.booking, earlier);
}

/** Create's output step: a booking beyond the slot's limit is cancelled, and the item refused. */
export async function keepCreatedPlace(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const check = pending.get(this);
	const created = items[0]?.json as IDataObject | undefined;
	if (!check || typeof created?.id !== 'string') return items;
	const verdict = await verdictAfterWriting(this, check, created.id);
	if (verdict.bookable) return items;
	await apiRequest(this, {
		method: 'PUT',
		path: apiPath('reservationCancel', {
			restaurantId: restaurantIdOf(this),
			reservationId: created.id,
		}),
		body: { note: OVERBOOKING_NOTE, doNotChargeFee: true },
		itemIndex: this.getItemIndex(),
	});
	throw rulesRefusal(
		this,
		verdict,
		check,
		`: another booking took the place at the same moment, so the booking made (${created.id}) was cancelled at once`,
	);
}

/** Update's output step: a move or larger party beyond the slot's limit is undone, and refused. */
export async function keepChangedPlace(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const check = pending.get(this);
	if (!check?.previous) return items;
	const verdict = await verdictAfterWriting(this, check, check.previous.id);
	if (verdict.bookable) return items;
	const { id, reservationTime, groupSize } = check.previous;
	await apiRequest(this, {
		method: 'PUT',
		path: apiPath('reservation', { restaurantId: restaurantIdOf(this), reservationId: id }),
		body: { reservationTime, groupSize },
		itemIndex: this.getItemIndex(),
	});
	throw rulesRefusal(
		this,
		verdict,
		check,
		`: another booking took the place at the same moment, so the change was undone (the booking is back at ${reservationTime.slice(0, 16).replace('T', ' ')} for ${groupSize})`,
	);
}

/**
 * First output step of Create and Update: the server's own refusal by a booking rule (it enforces
 * them for application tokens) reads like the node's, with the nearest bookable times.
 */
export async function refuseLikeTheRules(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const check = pending.get(this);
	const problem = readProblem(response.body);
	const rule = RULE_CODES.find((code) => code === problem.code);
	if (check && response.statusCode === 400 && rule && problem.message) {
		const verdict = { bookable: false, rule, reason: problem.message, approvalNeeded: false };
		throw rulesRefusal(this, verdict, check, ': the restaurant refused it, so nothing was booked');
	}
	bodyOrThrow(this, response, this.getItemIndex());
	return items;
}
