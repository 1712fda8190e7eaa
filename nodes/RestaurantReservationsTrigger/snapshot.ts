/**
 * The trigger's state in the workflow's static data (getWorkflowStaticData('node')). Compact: per
 * restaurant a few fields and one encoded string (see ./codec), never whole records.
 *
 * ```
 * { v: 2, k: '<settings key>', at: <epoch ms the restaurants were looked up>,
 *   r: { '101': { z: 'Europe/Berlin', f: '<horizon from>', t: '<horizon to>', d: <server time>, s: '<records>' } } }
 * ```
 */
import type { IDataObject } from 'n8n-workflow';

/**
 * 2: the hashes are those of ./hash (version 1 hashed the JSON text). A state of another version is not
 * compared against: the first poll after an upgrade takes a new baseline and emits nothing.
 */
export const STATE_VERSION = 2;

export interface RestaurantState {
	/** The restaurant's time zone, as looked up at `TriggerState.at`. */
	z: string;
	/** The horizon [f, t) of the last successful poll, restaurant-local. */
	f: string;
	t: string;
	/** The server's clock (Date header) at the first answer of the last successful poll, epoch ms. */
	d: number;
	/** The encoded snapshot. */
	s: string;
}

export interface TriggerState {
	v: number;
	/** Which settings the snapshot was taken with: other settings start a new baseline. */
	k: string;
	/** When the restaurants and their time zones were last looked up, epoch ms. */
	at: number;
	r: Record<string, RestaurantState>;
}

function isRestaurantState(value: unknown): value is RestaurantState {
	const r = value as RestaurantState;
	return !!r && typeof r === 'object' && typeof r.z === 'string' && typeof r.f === 'string' && typeof r.t === 'string' && typeof r.d === 'number' && typeof r.s === 'string';
}

/** The stored state when it was made with the same settings; undefined means "take a baseline". */
export function readState(staticData: IDataObject, key: string): TriggerState | undefined {
	const { v, k, at, r } = staticData as Partial<TriggerState>;
	if (v !== STATE_VERSION || k !== key || typeof at !== 'number' || !r || typeof r !== 'object') return undefined;
	const restaurants: Record<string, RestaurantState> = {};
	for (const [id, value] of Object.entries(r)) {
		if (!isRestaurantState(value)) return undefined;
		restaurants[id] = { z: value.z, f: value.f, t: value.t, d: value.d, s: value.s };
	}
	return { v, k, at, r: restaurants };
}

/** Replaces the stored state (n8n saves static data that changed after a successful poll). */
export function writeState(staticData: IDataObject, state: TriggerState): void {
	for (const key of Object.keys(staticData)) {
		if (!(key in state)) delete staticData[key];
	}
	staticData.v = state.v;
	staticData.k = state.k;
	staticData.at = state.at;
	staticData.r = state.r as unknown as IDataObject;
}
