/**
 * One poll: look up the restaurants (cached for an hour), list every <= 60-day window of the
 * horizon of each, compare with the stored snapshot, emit one item per changed reservation, and
 * only then store the new snapshot. A failure anywhere throws before anything is stored or emitted.
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { mapWithConcurrency } from '../shared/concurrency';
import type { LocalWindow } from '../shared/dateWindows';
import { addLocalDays, parseLocal, splitIntoWindows, WINDOW_CONCURRENCY } from '../shared/dateWindows';
import { isValidTimeZone, toLocalDateTime } from '../shared/localTime';
import type { ChangeItem, TriggerEvent } from './changes';
import type { Pairing, StoredRecord } from './codec';
import { ALL_EVENTS, createdItem, diff, EVENTS, eventFor, updateItem } from './changes';
import { decodeRecord, decodeRecords, decodeValue, encodeRecord, encodeRecords, pairRecords } from './codec';
import type { ListFilters, PollClock, RestaurantInfo } from './fetch';
import { getReservation, getRestaurant, listRestaurants, listWindow, startClock } from './fetch';
import { fingerprint, reservationId, TEXT_FIELDS } from './fingerprint';
import { textDigest } from './hash';
import { sampleItems } from './sample';
import type { RestaurantState, TriggerState } from './snapshot';
import { readState, STATE_VERSION, writeState } from './snapshot';

/** Longest horizon, look-back plus look-ahead, in days. */
export const MAX_HORIZON_DAYS = 730;
/** How long the restaurants and their time zones are reused before they are looked up again. */
export const RESTAURANT_CACHE_MS = 60 * 60_000;

export interface TriggerSettings {
	events: Set<TriggerEvent>;
	restaurants: 'one' | 'all';
	restaurantId?: string;
	lookBackDays: number;
	lookAheadDays: number;
	filters: ListFilters;
	keepGuestDetails: boolean;
	/** What the snapshot depends on besides the horizon. */
	key: string;
}

interface TriggerOptions {
	includeEvents?: boolean;
	kind?: string;
	status?: string;
	pending?: boolean;
	keepGuestDetails?: boolean;
}

export function readSettings(context: IPollFunctions): TriggerSettings {
	const node = context.getNode();
	const events = new Set((context.getNodeParameter('events', []) as string[]).filter((e): e is TriggerEvent => (ALL_EVENTS as string[]).includes(e)));
	if (events.size === 0) throw new NodeOperationError(node, 'Choose at least one event to watch');
	const restaurants = context.getNodeParameter('restaurants', 'one') === 'all' ? 'all' : 'one';
	let restaurantId: string | undefined;
	if (restaurants === 'one') {
		restaurantId = String(context.getNodeParameter('restaurantId', '', { extractValue: true }) ?? '').trim();
		if (!/^\d+$/.test(restaurantId)) throw new NodeOperationError(node, `Choose a restaurant: "${restaurantId}" is not a restaurant ID`);
	}
	const lookBackDays = context.getNodeParameter('lookBackDays', 1) as number;
	const lookAheadDays = context.getNodeParameter('lookAheadDays', 90) as number;
	if (!Number.isInteger(lookBackDays) || !Number.isInteger(lookAheadDays) || lookBackDays < 0 || lookAheadDays < 0) {
		throw new NodeOperationError(node, 'Look Back and Look Ahead are whole numbers of days, 0 or more');
	}
	if (lookBackDays + lookAheadDays < 1 || lookBackDays + lookAheadDays > MAX_HORIZON_DAYS) {
		throw new NodeOperationError(node, `The horizon (Look Back + Look Ahead) must be between 1 and ${MAX_HORIZON_DAYS} days; it is ${lookBackDays + lookAheadDays}`);
	}
	const options = context.getNodeParameter('options', {}) as TriggerOptions;
	const filters: ListFilters = { includeEvents: options.includeEvents ?? true };
	if (options.kind) filters.kind = options.kind;
	if (options.status) filters.status = options.status;
	if (options.pending === true) filters.pending = true;
	const keepGuestDetails = options.keepGuestDetails === true;
	const key = textDigest(JSON.stringify([restaurants, restaurantId ?? null, filters.includeEvents, filters.kind ?? null, filters.status ?? null, filters.pending ?? false, keepGuestDetails]), 8);
	return { events, restaurants, restaurantId, lookBackDays, lookAheadDays, filters, keepGuestDetails, key };
}

interface Restaurant {
	key: string;
	/** The ID as the items carry it (a number when it is one). */
	id: number | string;
	timeZone: string;
}

function restaurantIdValue(key: string): number | string {
	return /^\d+$/.test(key) && Number.isSafeInteger(Number(key)) ? Number(key) : key;
}

function toRestaurant(context: IPollFunctions, info: RestaurantInfo): Restaurant {
	const key = String(info.id);
	// A restaurant without a usable time zone is read in the workflow's time zone.
	const timeZone = info.timeZone && isValidTimeZone(info.timeZone) ? info.timeZone : context.getTimezone();
	return { key, id: restaurantIdValue(key), timeZone };
}

/** The restaurants to watch: from the stored state when looked up less than an hour ago. */
async function resolveRestaurants(context: IPollFunctions, settings: TriggerSettings, stored: TriggerState | undefined, now: number, clock: PollClock): Promise<{ restaurants: Restaurant[]; lookedUpAt: number }> {
	const fresh = stored && now - stored.at >= 0 && now - stored.at < RESTAURANT_CACHE_MS;
	if (fresh && (settings.restaurants === 'all' || stored.r[settings.restaurantId!] !== undefined)) {
		const restaurants = Object.entries(stored.r).map(([key, r]) => ({ key, id: restaurantIdValue(key), timeZone: r.z }));
		return { restaurants: restaurants.sort(byKey), lookedUpAt: stored.at };
	}
	const infos = settings.restaurants === 'all' ? await listRestaurants(context, clock) : [await getRestaurant(context, settings.restaurantId!, clock)];
	return { restaurants: infos.map((info) => toRestaurant(context, info)).sort(byKey), lookedUpAt: now };
}

function byKey(a: Restaurant, b: Restaurant): number {
	const [x, y] = [restaurantIdValue(a.key), restaurantIdValue(b.key)];
	if (typeof x === 'number' && typeof y === 'number') return x - y;
	return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

export interface Horizon extends LocalWindow {
	windows: LocalWindow[];
}

/** [now - back, now + ahead) in the restaurant's wall-clock time, split into <= 60-day windows. */
export function horizonAt(instant: Date, timeZone: string, lookBackDays: number, lookAheadDays: number): Horizon {
	const now = toLocalDateTime(instant, timeZone);
	const from = addLocalDays(now, -lookBackDays);
	const to = addLocalDays(now, lookAheadDays);
	return { from, to, windows: splitIntoWindows(from, to) };
}

/** True when a restaurant-local time lies in [from, to); an unreadable time counts as inside. */
function inRange(time: unknown, from: string, to: string): boolean {
	const t = typeof time === 'string' ? parseLocal(time) : undefined;
	return t === undefined || (t >= parseLocal(from)! && t < parseLocal(to)!);
}

/** The list filters applied to one reservation, as the server applies them to the list. */
function matchesFilters(reservation: IDataObject, filters: ListFilters): boolean {
	if (!filters.includeEvents && reservation.eventId !== null && reservation.eventId !== undefined) return false;
	if (filters.kind && reservation.kind !== undefined && reservation.kind !== filters.kind) return false;
	if (filters.status && reservation.state !== filters.status) return false;
	if (filters.pending && reservation.state !== 'pending') return false;
	return true;
}

/** A listed reservation with its snapshot record (its fingerprint is computed again only when it changed). */
interface Listed extends StoredRecord {
	reservation: IDataObject;
}

function listed(reservation: IDataObject, keep: boolean): Listed {
	const current = fingerprint(reservation, keep);
	return { id: current.id, reservation, record: encodeRecord(current, keep) };
}

interface Fetched {
	restaurant: Restaurant;
	horizon: Horizon;
	reservations: Map<string, Listed>;
	serverTime: number;
}

async function fetchRestaurant(context: IPollFunctions, restaurant: Restaurant, settings: TriggerSettings, now: number, clock: PollClock): Promise<Fetched> {
	const horizon = horizonAt(new Date(now), restaurant.timeZone, settings.lookBackDays, settings.lookAheadDays);
	let failed = false;
	const lists = await mapWithConcurrency(horizon.windows, WINDOW_CONCURRENCY, async (window) => {
		// After one window failed, the poll is lost anyway: start no further request.
		if (failed) return undefined;
		const list = listWindow(context, restaurant.key, window, settings.filters, clock);
		list.catch(() => (failed = true));
		const { reservations, serverTime } = await list;
		// Fingerprinted as soon as the window arrives: the work is done while the API prepares the others.
		return { serverTime, listed: reservations.map((reservation) => listed(reservation, settings.keepGuestDetails)) };
	});
	const reservations = new Map<string, Listed>();
	let serverTime: number | undefined;
	for (const list of lists) {
		if (!list) continue;
		if (list.serverTime !== undefined) serverTime = Math.min(serverTime ?? Infinity, list.serverTime);
		for (const one of list.listed) {
			const seen = reservations.get(one.id);
			// Moved from one window into a later one during the poll: keep the newer copy.
			if (!seen || !(String(seen.reservation.updatedAt ?? '') > String(one.reservation.updatedAt ?? ''))) reservations.set(one.id, one);
		}
	}
	return { restaurant, horizon, reservations, serverTime: serverTime ?? now };
}

/** A reservation not in the snapshot: new, or only now inside the horizon (time moved on, horizon widened). */
function isNewReservation(reservation: IDataObject, previous: RestaurantState): boolean {
	if (inRange(reservation.reservationTime, previous.f, previous.t)) return true;
	// Created at or after the previous poll's first answer (whole seconds: a tie counts as new, so
	// nothing created during that poll can be missed).
	const createdAt = typeof reservation.createdAt === 'string' ? Date.parse(reservation.createdAt) : NaN;
	return !Number.isNaN(createdAt) && createdAt >= previous.d;
}

interface Compared {
	items: ChangeItem[];
	state: RestaurantState;
}

/** The previous snapshot's records in ID order; undefined when there is none or it is unreadable. */
function previousRecords(previous: RestaurantState | undefined, keep: boolean): StoredRecord[] | undefined {
	if (!previous) return undefined;
	try {
		return decodeRecords(previous.s, keep, TEXT_FIELDS.length);
	} catch {
		return undefined; // unreadable: a new baseline for this restaurant
	}
}

/**
 * Tracked reservations missing from the list while their time is still inside the horizon left it
 * (moved out, stopped matching the filters, deleted), or moved between two windows while they were
 * fetched. Reading each tells which: the ones still watched are added to `reservations`. Returns
 * how many were added.
 */
async function readMissing(context: IPollFunctions, fetched: Fetched, unlisted: StoredRecord[], settings: TriggerSettings, clock: PollClock): Promise<number> {
	const { restaurant, horizon, reservations } = fetched;
	const missing = unlisted.filter(({ id, record }) => inRange(decodeValue(decodeRecord(id, record, settings.keepGuestDetails, TEXT_FIELDS.length).time, 'time'), horizon.from, horizon.to));
	const found = await mapWithConcurrency(missing, WINDOW_CONCURRENCY, async ({ id }) => await getReservation(context, restaurant.key, id, clock));
	let added = 0;
	for (const reservation of found) {
		if (reservation && inRange(reservation.reservationTime, horizon.from, horizon.to) && matchesFilters(reservation, settings.filters)) {
			reservations.set(reservationId(reservation), listed(reservation, settings.keepGuestDetails));
			added++;
		}
	}
	return added;
}

/** The listed reservations in ID order, each with its previous record when the snapshot has one. */
async function pairWithSnapshot(context: IPollFunctions, fetched: Fetched, before: StoredRecord[] | undefined, settings: TriggerSettings, clock: PollClock): Promise<{ entries: Listed[]; pairing?: Pairing }> {
	let entries = inIdOrder(fetched.reservations);
	if (!before) return { entries };
	let pairing = pairRecords(before, entries);
	if ((await readMissing(context, fetched, pairing.unlisted, settings, clock)) > 0) {
		entries = inIdOrder(fetched.reservations);
		pairing = pairRecords(before, entries);
	}
	return { entries, pairing };
}

function inIdOrder(reservations: Map<string, Listed>): Listed[] {
	// The IDs sorted alone (by UTF-16 code units, as `<` compares): much faster than a comparator.
	return [...reservations.keys()].sort().map((id) => reservations.get(id)!);
}

/** One item per listed reservation that is new or changed since the previous snapshot (`before`: the previous record of each). */
function changedItems(entries: Listed[], before: Array<string | undefined>, previous: RestaurantState, restaurant: Restaurant, settings: TriggerSettings): ChangeItem[] {
	const keep = settings.keepGuestDetails;
	const items: ChangeItem[] = [];
	entries.forEach(({ id, reservation, record }, i) => {
		const old = before[i];
		if (old === undefined) {
			if (settings.events.has(EVENTS.created) && isNewReservation(reservation, previous)) items.push(createdItem(restaurant.id, reservation));
			return;
		}
		// The usual case, nothing changed, is told by the records alone; only a change is decoded.
		if (old === record) return;
		const change = diff(decodeRecord(id, old, keep, TEXT_FIELDS.length), fingerprint(reservation, keep), reservation, keep);
		const event = change && eventFor(change, settings.events);
		if (change && event) items.push(updateItem(event, restaurant.id, reservation, change));
	});
	return items;
}

async function compare(context: IPollFunctions, fetched: Fetched, previous: RestaurantState | undefined, settings: TriggerSettings, clock: PollClock): Promise<Compared> {
	const { restaurant, horizon } = fetched;
	const { entries, pairing } = await pairWithSnapshot(context, fetched, previousRecords(previous, settings.keepGuestDetails), settings, clock);
	return {
		items: pairing && previous ? changedItems(entries, pairing.previous, previous, restaurant, settings) : [],
		state: { z: restaurant.timeZone, f: horizon.from, t: horizon.to, d: fetched.serverTime, s: encodeRecords(entries) },
	};
}

function sortItems(items: ChangeItem[]): ChangeItem[] {
	return items.sort((a, b) => {
		const [x, y] = [String(a.reservation.reservationTime ?? ''), String(b.reservation.reservationTime ?? '')];
		return x < y ? -1 : x > y ? 1 : a.reservationId < b.reservationId ? -1 : a.reservationId > b.reservationId ? 1 : 0;
	});
}

export async function pollReservations(context: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const settings = readSettings(context);
	const manual = context.getMode() === 'manual';
	const clock = startClock(context);
	const staticData = context.getWorkflowStaticData('node');
	const stored = readState(staticData, settings.key);
	const now = Date.now();

	const { restaurants, lookedUpAt } = await resolveRestaurants(context, settings, stored, now, clock);
	const fetched: Fetched[] = [];
	for (const restaurant of restaurants) fetched.push(await fetchRestaurant(context, restaurant, settings, now, clock));

	const items: ChangeItem[] = [];
	const next: TriggerState = { v: STATE_VERSION, k: settings.key, at: lookedUpAt, r: {} };
	for (const one of fetched) {
		const { items: found, state } = await compare(context, one, stored?.r[one.restaurant.key], settings, clock);
		items.push(...sortItems(found));
		next.r[one.restaurant.key] = state;
	}

	if (manual) {
		// A test run never touches the stored snapshot: it shows the changes waiting for the next
		// poll, or, when there are none, a sample built from the current reservations.
		const shown = items.length > 0 ? items : sampleItems(fetched.map((f) => ({ restaurantId: f.restaurant.id, reservations: [...f.reservations.values()].map((l) => l.reservation) })), settings.events);
		return shown.length > 0 ? [shown.map((json) => ({ json }))] : null;
	}
	writeState(staticData, next);
	return items.length > 0 ? [items.map((json) => ({ json }))] : null;
}
