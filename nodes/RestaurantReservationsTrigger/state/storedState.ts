/**
 * The trigger's state in the workflow's static data (getWorkflowStaticData('node')), the same for
 * every watch target: readable names in code, short keys where it is stored. Compact: per
 * restaurant a few fields and one string of records (./records), never whole records.
 *
 * ```
 * { v: 2, k: '<settings key>', at: <epoch ms the restaurants were looked up>, n: ['Confirmed', ...],
 *   g: '<known guests: the Guests watch only>',
 *   r: { '101': { z: 'Europe/Berlin', y: 'DE', f: '<horizon from>', t: '<horizon to>', d: <server time>, s: '<records>',
 *                 m: { '<reservation id>': '<time it was reminded for>' }, w: '<history read on>',
 *                 p: <epoch seconds it was last polled>, e: <failed polls in a row>, c: 1 },
 *        '104': { z: 'Asia/Tokyo' } } }
 * ```
 * n (the state names records refer to: ./valueTokens StateNames), m, p, e and c only when there is something to say (m not empty, e above 0, c: the missed
 * reminders of a first activation are still to send). A restaurant with `z`
 * alone (and perhaps `e`) was looked up but not listed yet: a poll that ran out of time before it,
 * or whose requests for it failed.
 */
import type { IDataObject } from 'n8n-workflow';

/**
 * 2: the hashes are those of ./hash (version 1 hashed the JSON text). A state of another version is not
 * compared against: the first poll after an upgrade takes a new baseline and emits nothing.
 */
export const STATE_VERSION = 2;

export interface StoredRestaurant {
	/** The restaurant's time zone, as looked up at `StoredState.restaurantsLookedUpAt`. */
	timeZone: string;
	/** The horizon [from, to) of the last successful poll, restaurant-local, whole hours; '' for a watch target without one (events, products). */
	horizonFrom: string;
	horizonTo: string;
	/**
	 * The server's clock (Date header) at the first answer of the last successful poll that changed
	 * the records or the horizon (an idle poll keeps the state as it was: ./compare), epoch ms.
	 */
	serverTime: number;
	/** The restaurant's records (./records). */
	records: string;
	/** Moved bookings reminded for their previous time, until their next reminder (../targets/reservations/moments). */
	remindedBefore?: Record<string, string>;
	/**
	 * Taken at the restaurant's first listing with Send Missed Reminders at First Activation on: the
	 * next poll sends the reminders already past whose visit has not begun, then drops the mark.
	 */
	missedRemindersDue?: true;
	/** The Guests watch: the restaurant-local date of its last read of the history (YYYY-MM-DD). */
	sweptOn?: string;
}

/** A watched restaurant: its snapshot once a poll listed it, and how its polls went. */
export interface RestaurantEntry {
	timeZone: string;
	/** Its country (ISO 3166-1 alpha-2), when the API gives it. */
	country?: string;
	/** Absent until a poll lists the restaurant (it takes the baseline then). */
	snapshot?: StoredRestaurant;
	/** The start of the last poll that listed it and stored the result, epoch ms (whole seconds). */
	polledAt?: number;
	/** Polls in a row whose requests for it failed (0 when absent). */
	failedPolls?: number;
}

export interface StoredState {
	version: number;
	/**
	 * The state names the reservations' records refer to (./valueTokens StateNames): states not the
	 * sandbox's, each stored once. Absent when there are none.
	 */
	stateNames?: string[];
	/** The Guests watch's known guests (../targets/guests/ledger); absent for the other targets. */
	guests?: string;
	/** Which settings the snapshot was taken with: other settings start a new baseline. */
	settingsKey: string;
	/** When the restaurants and their time zones were last looked up, epoch ms. */
	restaurantsLookedUpAt: number;
	restaurants: Record<string, RestaurantEntry>;
}

/** The stored form, keys as they are in the static data. */
interface StoredRestaurantJson {
	z: string;
	y?: string;
	f?: string;
	t?: string;
	d?: number;
	s?: string;
	m?: Record<string, string>;
	c?: number;
	w?: string;
	p?: number;
	e?: number;
}

interface StoredStateJson {
	v: number;
	k: string;
	at: number;
	r: Record<string, StoredRestaurantJson>;
	n?: string[];
	g?: string;
}

const STORED_KEYS = new Set(['v', 'k', 'at', 'r', 'n', 'g']);

function isStoredRestaurant(value: unknown): value is StoredRestaurantJson {
	const r = value as StoredRestaurantJson;
	if (!r || typeof r !== 'object' || typeof r.z !== 'string') return false;
	if (r.y !== undefined && typeof r.y !== 'string') return false;
	if (r.p !== undefined && typeof r.p !== 'number') return false;
	if (r.e !== undefined && typeof r.e !== 'number') return false;
	if (r.c !== undefined && r.c !== 1) return false;
	if (r.w !== undefined && typeof r.w !== 'string') return false;
	// Listed (every snapshot field) or not yet (none).
	return r.s === undefined
		? r.f === undefined && r.t === undefined && r.d === undefined
		: typeof r.f === 'string' &&
				typeof r.t === 'string' &&
				typeof r.d === 'number' &&
				typeof r.s === 'string';
}

/** The stored state when it was made with the same settings; undefined means "take a baseline". */
export function readStoredState(
	staticData: IDataObject,
	settingsKey: string,
): StoredState | undefined {
	const { v, k, at, r, n, g } = staticData as Partial<StoredStateJson>;
	if (
		v !== STATE_VERSION ||
		k !== settingsKey ||
		typeof at !== 'number' ||
		!r ||
		typeof r !== 'object'
	)
		return undefined;
	const restaurants: Record<string, RestaurantEntry> = {};
	for (const [id, value] of Object.entries(r)) {
		if (!isStoredRestaurant(value)) return undefined;
		restaurants[id] = fromJson(value);
	}
	if (n !== undefined && !(Array.isArray(n) && n.every((name) => typeof name === 'string')))
		return undefined;
	if (g !== undefined && typeof g !== 'string') return undefined;
	return {
		version: v,
		settingsKey: k,
		restaurantsLookedUpAt: at,
		restaurants,
		...(n && n.length > 0 ? { stateNames: n } : {}),
		...(g !== undefined ? { guests: g } : {}),
	};
}

function fromJson(value: StoredRestaurantJson): RestaurantEntry {
	const snapshot: StoredRestaurant | undefined =
		value.s === undefined
			? undefined
			: {
					timeZone: value.z,
					horizonFrom: value.f!,
					horizonTo: value.t!,
					serverTime: value.d!,
					records: value.s,
					...(value.m && typeof value.m === 'object' ? { remindedBefore: value.m } : {}),
					...(value.c === 1 ? { missedRemindersDue: true as const } : {}),
					...(value.w !== undefined ? { sweptOn: value.w } : {}),
				};
	return {
		timeZone: value.z,
		...(value.y ? { country: value.y } : {}),
		...(snapshot ? { snapshot } : {}),
		...(value.p !== undefined ? { polledAt: value.p * 1000 } : {}),
		...(value.e ? { failedPolls: value.e } : {}),
	};
}

/** Replaces the stored state (n8n saves static data that changed after a successful poll). */
export function writeStoredState(staticData: IDataObject, state: StoredState): void {
	for (const key of Object.keys(staticData)) {
		if (!STORED_KEYS.has(key)) delete staticData[key];
	}
	staticData.v = state.version;
	staticData.k = state.settingsKey;
	staticData.at = state.restaurantsLookedUpAt;
	staticData.r = Object.fromEntries(
		Object.entries(state.restaurants).map(([id, restaurant]) => [id, toJson(restaurant)]),
	) as IDataObject;
	if (state.stateNames && state.stateNames.length > 0) staticData.n = state.stateNames;
	else delete staticData.n;
	if (state.guests !== undefined) staticData.g = state.guests;
	else delete staticData.g;
}

function toJson({
	timeZone,
	country,
	snapshot,
	polledAt,
	failedPolls,
}: RestaurantEntry): StoredRestaurantJson {
	return {
		z: timeZone,
		...(country ? { y: country } : {}),
		...(snapshot
			? {
					f: snapshot.horizonFrom,
					t: snapshot.horizonTo,
					d: snapshot.serverTime,
					s: snapshot.records,
					...(snapshot.remindedBefore && Object.keys(snapshot.remindedBefore).length > 0
						? { m: snapshot.remindedBefore }
						: {}),
					...(snapshot.missedRemindersDue ? { c: 1 } : {}),
					...(snapshot.sweptOn !== undefined ? { w: snapshot.sweptOn } : {}),
				}
			: {}),
		...(polledAt !== undefined ? { p: Math.floor(polledAt / 1000) } : {}),
		...(failedPolls ? { e: failedPolls } : {}),
	};
}
