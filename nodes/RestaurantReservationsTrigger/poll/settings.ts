/**
 * The node's parameters, checked and read into the settings of one poll, with the key of what the
 * stored state depends on besides the horizon.
 */
import type { IPollFunctions } from 'n8n-workflow';
import { configurationError } from '../../shared/errors';
import { textDigest } from '../state/hash';
import { watchTargetOf, WATCH_TARGETS } from '../targets';
import {
	checkHorizonHoldsMoments,
	readMomentSettings,
} from '../targets/reservations/momentParameters';
import type { MomentSettings } from '../targets/reservations/momentSettings';
import { RESERVATIONS_OF_010 } from '../targets/reservations/layout';
import { snapshotFormat } from '../targets/reservations/recordFormat';
import { PRODUCTS_OF_010 } from '../targets/products/fields';
import { RESTAURANT_EVENTS_OF_010 } from '../targets/restaurantEvents/fields';
import { RESERVATION_TRIGGER_EVENTS } from '../targets/reservations/triggerEvents';
import type { ListFilters, TriggerSettings, Watch } from '../types';
import { readGuestSettings } from '../targets/guests/parameters';
import { readRequestsAtOnce } from './requestsAtOnce';

/** Longest horizon, look-back plus look-ahead, in days. */
export const MAX_HORIZON_DAYS = 730;

interface TriggerOptions {
	includeEvents?: boolean;
	kind?: string;
	status?: string;
	pending?: boolean;
	/** "Report Previous Guest Details" (the parameter's name is saved in workflows). */
	keepGuestDetails?: boolean;
	requestsAtOnce?: number;
	sameGuestEverywhere?: boolean;
}

/** The description of release 0.1.0's records of the complete lists (its states hold none). */
const LISTS_OF_010 = { events: RESTAURANT_EVENTS_OF_010, products: PRODUCTS_OF_010 } as const;

/**
 * The settings of this poll. `guestDetails`: the guest details the Reservations watch watches (a
 * test adds one, as a later release would).
 */
export function readSettings(
	context: IPollFunctions,
	guestDetails?: readonly string[],
): TriggerSettings {
	const watch = readWatch(context);
	const events = readEvents(context, watch);
	const restaurants = context.getNodeParameter('restaurants', 'one') === 'all' ? 'all' : 'one';
	const restaurantId = restaurants === 'one' ? readRestaurantId(context) : undefined;
	const options = context.getNodeParameter('options', {}) as TriggerOptions;
	const requestLimit = readRequestsAtOnce(context, options);
	const common = { watch, events, restaurants, restaurantId, requestLimit } as const;
	if (watch === 'guests') {
		const guests = readGuestSettings(context, options);
		const key = ['guests', restaurants, restaurantId ?? null, guests.sameGuestEverywhere];
		return {
			...common,
			settingsKey: textDigest(JSON.stringify(key), 8),
			// Release 0.1.0 had no Guests watch: no state of it to read.
			keysOf010: {},
			// Every booking, event bookings too, whatever its state: each may be a guest's.
			reservations: {
				...readHorizon(context),
				filters: { includeEvents: true },
				format: snapshotFormat(false, guestDetails),
			},
			guests,
		};
	}
	if (watch !== 'reservations') {
		// Another target's state never reads as a reservation snapshot: its key names the target.
		const settingsKey = textDigest(JSON.stringify([watch, restaurants, restaurantId ?? null]), 8);
		return { ...common, settingsKey, keysOf010: { [settingsKey]: LISTS_OF_010[watch] } };
	}
	const { lookBackDays, lookAheadDays } = readHorizon(context);
	const filters = readFilters(options);
	const reportPreviousGuestDetails = options.keepGuestDetails === true;
	const moments = readMoments(context, events, { lookBackDays, lookAheadDays });
	// The key of release 0.1.0, which held Report Previous Guest Details as well: records of either
	// setting are now read by their description, so the key is that of the setting off, for both.
	const keyWith = (guestDetailValues: boolean) =>
		textDigest(
			JSON.stringify([
				restaurants,
				restaurantId ?? null,
				filters.includeEvents,
				filters.kind ?? null,
				filters.status ?? null,
				filters.pending ?? false,
				guestDetailValues,
			]),
			8,
		);
	return {
		...common,
		settingsKey: keyWith(false),
		keysOf010: {
			[keyWith(false)]: RESERVATIONS_OF_010.hash,
			[keyWith(true)]: RESERVATIONS_OF_010.value,
		},
		reservations: {
			lookBackDays,
			lookAheadDays,
			filters,
			format: snapshotFormat(reportPreviousGuestDetails, guestDetails),
			...(moments ? { moments } : {}),
		},
	};
}

/** The moments' settings when one of their events is chosen, checked against the horizon. */
function readMoments(
	context: IPollFunctions,
	events: ReadonlySet<string>,
	horizon: { lookBackDays: number; lookAheadDays: number },
): MomentSettings | undefined {
	if (!RESERVATION_TRIGGER_EVENTS.momentEvents.some((event) => events.has(event))) return undefined;
	const moments = readMomentSettings(context, events);
	checkHorizonHoldsMoments(context, moments, events, horizon);
	return moments;
}

function readWatch(context: IPollFunctions): Watch {
	const watch = context.getNodeParameter('watch', 'reservations') as string;
	const target = watchTargetOf(watch);
	if (target) return target.option.value;
	throw configurationError(context.getNode(), `"${watch}" is not something the trigger watches`);
}

function readEvents(context: IPollFunctions, watch: Watch): Set<string> {
	const { triggerEvents, eventsParameter } = WATCH_TARGETS[watch];
	const chosen = context.getNodeParameter(eventsParameter, []) as string[];
	const events = new Set(chosen.filter((event) => triggerEvents.values.includes(event)));
	if (events.size === 0)
		throw configurationError(context.getNode(), 'Choose at least one event to watch');
	return events;
}

function readRestaurantId(context: IPollFunctions): string {
	const restaurantId = String(
		context.getNodeParameter('restaurantId', '', { extractValue: true }) ?? '',
	).trim();
	if (!/^\d+$/.test(restaurantId))
		throw configurationError(
			context.getNode(),
			`Choose a restaurant: "${restaurantId}" is not a restaurant ID`,
		);
	return restaurantId;
}

function readHorizon(context: IPollFunctions): { lookBackDays: number; lookAheadDays: number } {
	const node = context.getNode();
	const lookBackDays = context.getNodeParameter('lookBackDays', 1) as number;
	const lookAheadDays = context.getNodeParameter('lookAheadDays', 90) as number;
	if (
		!Number.isInteger(lookBackDays) ||
		!Number.isInteger(lookAheadDays) ||
		lookBackDays < 0 ||
		lookAheadDays < 0
	) {
		throw configurationError(node, 'Look Back and Look Ahead are whole numbers of days, 0 or more');
	}
	if (lookBackDays + lookAheadDays < 1 || lookBackDays + lookAheadDays > MAX_HORIZON_DAYS) {
		throw configurationError(
			node,
			`The horizon (Look Back + Look Ahead) must be between 1 and ${MAX_HORIZON_DAYS} days; it is ${lookBackDays + lookAheadDays}`,
		);
	}
	return { lookBackDays, lookAheadDays };
}

function readFilters(options: TriggerOptions): ListFilters {
	const filters: ListFilters = { includeEvents: options.includeEvents ?? true };
	if (options.kind) filters.kind = options.kind;
	if (options.status) filters.status = options.status;
	if (options.pending === true) filters.pending = true;
	return filters;
}
