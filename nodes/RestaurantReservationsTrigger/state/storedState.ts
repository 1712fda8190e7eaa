/**
 * The trigger's state in the workflow's static data (getWorkflowStaticData('node')), the same for
 * every watch target: readable names in code, short keys where it is stored. Compact: per
 * restaurant a few fields and one string of records (./records), never whole records.
 *
 * ```
 * { v: 3, k: '<settings key>', at: <epoch ms the restaurants were looked up>, n: ['Confirmed', ...],
 *   l: [{ records: 'reservation', ... }, ...], g: '<known guests: the Guests watch only>',
 *   r: { '101': { z: 'Europe/Berlin', y: 'DE', f: '<horizon from>', t: '<horizon to>', d: <server time>, s: '<records>',
 *                 l: <its description's place in l>, m: { '<reservation id>': '<time it was reminded for>' },
 *                 w: '<history read on>', p: <epoch seconds it was last polled>, e: <failed polls in a row>, c: 1 },
 *        '104': { z: 'Asia/Tokyo' } } }
 * ```
 * l (the descriptions of what the records hold, ./description: each once, the most used first), n
 * (the state names records refer to: ./valueTokens StateNames), a restaurant's l (when its records'
 * description is not the first), m, p, e and c only when there is something to say (m not empty, e
 * above 0, c: the missed reminders of a first activation are still to send). A restaurant with `z`
 * alone (and perhaps `e`) was looked up but not listed yet: a poll that ran out of time before it,
 * or whose requests for it failed.
 */
import type { IDataObject } from 'n8n-workflow';
import type { RecordDescription } from './description';

/**
 * 3: each snapshot's records are described (`l`). The versions this release reads: 3, and 2 (the
 * states of release 0.1.0, which describe nothing: their records are read by the description of
 * 0.1.0's records under their settings key, TriggerSettings.keysOf010). A state of any other version
 * (1, development builds before 0.1.0, whose hashes were of the JSON text; a later release's, after a
 * downgrade) is not compared against: its first poll takes a new baseline and emits nothing. The
 * version also keeps release 0.1.0 from misreading this release's records after a downgrade: it
 * reads version 2 alone.
 */
export const STATE_VERSION = 3;
/** The version of release 0.1.0's states. */
const VERSION_OF_010 = 2;

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
	/** What its records hold (./description): they are read by it, whatever this release writes. */
	description: RecordDescription;
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
	l?: number;
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
	l?: RecordDescription[];
}

/** The state's keys; `ra`, the stamp of the last report, is the overlap guard's (../poll/overlapGuard). */
const STORED_KEYS = new Set(['v', 'k', 'at', 'r', 'n', 'g', 'l']);

function isStoredRestaurant(value: unknown): value is StoredRestaurantJson {
	const r = value as StoredRestaurantJson;
	if (!r || typeof r !== 'object' || typeof r.z !== 'string') return false;
	if (r.y !== undefined && typeof r.y !== 'string') return false;
	if (r.p !== undefined && typeof r.p !== 'number') return false;
	if (r.e !== undefined && typeof r.e !== 'number') return false;
	if (r.c !== undefined && r.c !== 1) return false;
	if (r.w !== undefined && typeof r.w !== 'string') return false;
	if (r.l !== undefined && !Number.isInteger(r.l)) return false;
	// Listed (every snapshot field) or not yet (none).
	return r.s === undefined
		? r.f === undefined && r.t === undefined && r.d === undefined
		: typeof r.f === 'string' &&
				typeof r.t === 'string' &&
				typeof r.d === 'number' &&
				typeof r.s === 'string';
}

/**
 * The stored state when it was made with the same settings, each snapshot with the description of
 * its records; undefined means "take a baseline". `keysOf010`: the keys release 0.1.0 stored states
 * under that this release reads, each with the description of 0.1.0's records under it.
 */
export function readStoredState(
	staticData: IDataObject,
	settingsKey: string,
	keysOf010: Readonly<Record<string, RecordDescription>>,
): StoredState | undefined {
	const { v, k, at, r, n, g, l } = staticData as Partial<StoredStateJson>;
	if (typeof k !== 'string' || typeof at !== 'number' || !r || typeof r !== 'object')
		return undefined;
	const descriptions =
		v === STATE_VERSION && k === settingsKey
			? (l ?? [])
			: v === VERSION_OF_010 && Object.prototype.hasOwnProperty.call(keysOf010, k)
				? [keysOf010[k]]
				: undefined;
	if (!isDescriptionList(descriptions)) return undefined;
	const restaurants: Record<string, RestaurantEntry> = {};
	for (const [id, value] of Object.entries(r)) {
		if (!isStoredRestaurant(value)) return undefined;
		const description = descriptions[v === VERSION_OF_010 ? 0 : (value.l ?? 0)];
		if (value.s !== undefined && description === undefined) return undefined;
		restaurants[id] = fromJson(value, description);
	}
	if (n !== undefined && !(Array.isArray(n) && n.every((name) => typeof name === 'string')))
		return undefined;
	if (g !== undefined && typeof g !== 'string') return undefined;
	return {
		version: v!,
		settingsKey: k,
		restaurantsLookedUpAt: at,
		restaurants,
		...(n && n.length > 0 ? { stateNames: n } : {}),
		...(g !== undefined ? { guests: g } : {}),
	};
}

/** A list of descriptions (objects: the watch reads what each says). */
function isDescriptionList(value: unknown): value is RecordDescription[] {
	return (
		Array.isArray(value) &&
		value.every((item) => !!item && typeof item === 'object' && !Array.isArray(item))
	);
}

function fromJson(
	value: StoredRestaurantJson,
	description: RecordDescription | undefined,
): RestaurantEntry {
	const snapshot: StoredRestaurant | undefined =
		value.s === undefined
			? undefined
			: {
					timeZone: value.z,
					horizonFrom: value.f!,
					horizonTo: value.t!,
					serverTime: value.d!,
					records: value.s,
					description: description!,
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
	const descriptions = descriptionList(state.restaurants);
	staticData.r = Object.fromEntries(
		Object.entries(state.restaurants).map(([id, restaurant]) => [
			id,
			toJson(restaurant, descriptions.placeOf),
		]),
	) as IDataObject;
	if (descriptions.list.length > 0) staticData.l = descriptions.list;
	else delete staticData.l;
	if (state.stateNames && state.stateNames.length > 0) staticData.n = state.stateNames;
	else delete staticData.n;
	if (state.guests !== undefined) staticData.g = state.guests;
	else delete staticData.g;
}

/**
 * The descriptions the snapshots' records have, each once, the most used first (a snapshot of the
 * first one names none), and each snapshot's place among them.
 */
function descriptionList(restaurants: Record<string, RestaurantEntry>): {
	list: RecordDescription[];
	placeOf: (description: RecordDescription) => number;
} {
	const byText = new Map<string, { description: RecordDescription; uses: number }>();
	const textOf = new Map<RecordDescription, string>();
	for (const { snapshot } of Object.values(restaurants)) {
		if (!snapshot) continue;
		// Snapshots mostly share one description object: written as JSON once each.
		let text = textOf.get(snapshot.description);
		if (text === undefined) {
			text = JSON.stringify(snapshot.description);
			textOf.set(snapshot.description, text);
		}
		const entry = byText.get(text) ?? { description: snapshot.description, uses: 0 };
		entry.uses++;
		byText.set(text, entry);
	}
	// A stable sort: descriptions used alike keep the order the restaurants gave them.
	const entries = [...byText.entries()].sort((a, b) => b[1].uses - a[1].uses);
	const places = new Map(entries.map(([text], i) => [text, i]));
	return {
		list: entries.map(([, entry]) => entry.description),
		placeOf: (description) => places.get(textOf.get(description)!)!,
	};
}

function toJson(
	{ timeZone, country, snapshot, polledAt, failedPolls }: RestaurantEntry,
	placeOf: (description: RecordDescription) => number,
): StoredRestaurantJson {
	const place = snapshot ? placeOf(snapshot.description) : 0;
	return {
		z: timeZone,
		...(country ? { y: country } : {}),
		...(snapshot
			? {
					f: snapshot.horizonFrom,
					t: snapshot.horizonTo,
					d: snapshot.serverTime,
					s: snapshot.records,
					...(place > 0 ? { l: place } : {}),
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
