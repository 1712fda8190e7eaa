/**
 * The Events watch: per restaurant the list of all its events (GET /events: published, drafts and
 * past ones, each with `isOffline`), and the tickets of each event not yet over, read by ID (they
 * are only in the floor layout of GET /events/<id>, spec 2.9). An event deleted between the list
 * and its read is left out: it is reported as deleted (or, if new, not at all).
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { mapWithConcurrency } from '../../../shared/concurrency';
import { parseLocal, WINDOW_CONCURRENCY } from '../../../shared/dateWindows';
import { toLocalDateTime } from '../../../shared/localTime';
import { apiPath } from '../../../shared/paths';
import { localTimeOf } from '../../../shared/reading/record';
import { requireZone } from '../../api/restaurants';
import type { CompleteListDefinition } from '../completeList/completeListWatch';
import { RESTAURANT_EVENT_TRIGGER_EVENTS } from './triggerEvents';
import { RESTAURANT_EVENT_ITEMS, RESTAURANT_EVENT_RECORDS } from './fields';
import { failure, listIn, send, serverTimeOf } from '../../api/requests';
import type { PollClock, Restaurant } from '../../types';

export const RESTAURANT_EVENT_WATCH: CompleteListDefinition = {
	table: RESTAURANT_EVENT_TRIGGER_EVENTS,
	records: RESTAURANT_EVENT_RECORDS,
	items: RESTAURANT_EVENT_ITEMS,
	list: async ({ context, clock, now }, restaurant) =>
		await listEvents(context, restaurant, now, clock),
	orderKey: (event) => String(event.startDate ?? ''),
};

async function listEvents(
	context: IPollFunctions,
	restaurant: Restaurant,
	now: number,
	clock: PollClock,
): Promise<{ values: IDataObject[]; serverTime?: number }> {
	const what = `the events of restaurant ${restaurant.key}`;
	const response = await send(
		context,
		{ method: 'GET', path: apiPath('events', { restaurantId: restaurant.key }) },
		what,
		clock,
	);
	const events = listIn(context, response.body, 'event list', what);
	const timeZone = requireZone(context, restaurant);
	const localNow = parseLocal(toLocalDateTime(new Date(now), timeZone))!;
	let failed = false;
	const tickets = await mapWithConcurrency(events, WINDOW_CONCURRENCY, async (event) => {
		if (isOver(event, localNow, timeZone)) return undefined;
		// After one read failed, the poll is lost anyway: start no further request.
		if (failed) return undefined;
		const read = readTickets(context, restaurant.key, String(event.id), clock);
		read.catch(() => (failed = true));
		return await read;
	});
	const values: IDataObject[] = [];
	events.forEach((event, i) => {
		const read = tickets[i];
		if (read === 'gone') return;
		values.push(read === undefined ? event : { ...event, tickets: read });
	});
	return { values, serverTime: serverTimeOf(response) };
}

/** Ended before now (restaurant-local); an unreadable end counts as not over. */
/** Whether the event ended before now; its end date may carry an offset (read as that instant). */
function isOver(event: IDataObject, localNow: number, timeZone: string): boolean {
	const local = localTimeOf(event.endDate, timeZone);
	const end = local === undefined ? undefined : parseLocal(local);
	return end !== undefined && end < localNow;
}

/** The tickets of one event, from every floor of its layout; 'gone' when it was deleted meanwhile. */
async function readTickets(
	context: IPollFunctions,
	restaurantId: string,
	eventId: string,
	clock: PollClock,
): Promise<IDataObject[] | 'gone'> {
	const what = `event ${eventId} of restaurant ${restaurantId}`;
	const path = apiPath('event', { restaurantId, eventId });
	const response = await send(context, { method: 'GET', path }, what, clock, true);
	if (response.statusCode === 404) return 'gone';
	if (response.statusCode >= 400) throw failure(context, response, what);
	const floors = (response.body as { floors?: unknown } | undefined)?.floors;
	return (Array.isArray(floors) ? floors : []).flatMap(
		(floor: { event?: { tickets?: unknown } }) =>
			Array.isArray(floor?.event?.tickets) ? (floor.event.tickets as IDataObject[]) : [],
	);
}
