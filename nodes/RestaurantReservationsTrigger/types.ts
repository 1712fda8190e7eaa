/**
 * The trigger's shared interfaces, and no implementation: the settings of a poll, the restaurants
 * it watches, its clock, and a watch target (the Watch parameter: reservations, restaurant events,
 * products) as the one poll (./poll), comparison and stored state (./state) see it. A target
 * brings its trigger events, its list fetch and its record format; nothing else differs between
 * targets (./targets).
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import type { StateVocabulary } from '../shared/reading/vocabulary';
import type { RequestPacing } from './api/pacing';
import type { RecordDescription } from './state/description';
import type { ListedRecord, StoredRecord } from './state/records';
import type { StoredRestaurant, StoredState } from './state/storedState';
import type { MomentSettings } from './targets/reservations/momentSettings';
import type { SnapshotFormat } from './targets/reservations/recordFormat';

/** The Watch parameter's values (saved in workflows: never change); reservations is the default. */
export type Watch = 'reservations' | 'events' | 'products' | 'guests';

export interface TriggerSettings {
	watch: Watch;
	/** The chosen events (values of the watch target's event table). */
	events: Set<string>;
	restaurants: 'one' | 'all';
	restaurantId?: string;
	/** Requests of one poll in flight at once (the Requests at Once option). */
	requestLimit: number;
	/** What the stored state depends on: another key starts a new baseline. */
	settingsKey: string;
	/**
	 * The keys release 0.1.0 stored its states under for settings this release reads as they are,
	 * each with the description of the records 0.1.0 stored under it (its states hold none).
	 */
	keysOf010: Readonly<Record<string, RecordDescription>>;
	/** The settings of the reservation listing; present when reservations or guests are watched. */
	reservations?: ReservationSettings;
	/** The settings only guests have; present exactly when guests are watched. */
	guests?: GuestSettings;
}

export interface GuestSettings {
	/** How far back the first listing of a restaurant reads bookings (and each day's occasion sweep). */
	historyDays: number;
	/** Whether a guest is the same in every restaurant of the account (else each restaurant's own). */
	sameGuestEverywhere: boolean;
	/** Birthday or Anniversary Coming: how many days before the date. */
	occasionDaysBefore: number;
}

export interface ReservationSettings {
	lookBackDays: number;
	lookAheadDays: number;
	filters: ListFilters;
	/** The snapshot's format: it holds the "Report Previous Guest Details" option. */
	format: SnapshotFormat;
	/** The reminders and follow-ups, when one of their events is chosen. */
	moments?: MomentSettings;
}

export interface Restaurant {
	/** The ID as the stored state and the API paths have it. */
	key: string;
	/** The ID as the items carry it (a number when it is one). */
	id: number | string;
	/** As ../shared/localTime computes with it; '' when it cannot be read (then `zoneProblem`). */
	timeZone: string;
	/** Its country (ISO 3166-1 alpha-2), when the API gives it: a guest's phone without a prefix is read as one of it. */
	country?: string;
	/** Why the restaurant's time zone cannot be read, and what to do. */
	zoneProblem?: { problem: string; fix: string };
}

/** When the poll started, how long it may take (n8n's poll budget), and the pace its requests share. */
export interface PollClock {
	startedAt: number;
	budgetMs: number;
	pacing: RequestPacing;
}

export interface ListFilters extends IDataObject {
	includeEvents: boolean;
	kind?: string;
	status?: string;
	pending?: boolean;
}

/** An item the trigger emits. */
export interface TriggerItem extends IDataObject {
	/** A value of the target's event table: never changes. */
	event: string;
	restaurantId: number | string;
}

/** One restaurant's records as one poll listed them. */
export interface Listing {
	restaurant: Restaurant;
	/** By ID. */
	records: Map<string, ListedRecord>;
	/** The watched period [from, to), restaurant-local; '' for a target without one. */
	horizonFrom: string;
	horizonTo: string;
	/** The server's clock at the first answer, epoch ms. */
	serverTime: number;
	/**
	 * Records before the watched period that the target read as well (the Guests watch's history,
	 * at a restaurant's first listing and once a day); never compared or stored.
	 */
	history?: IDataObject[];
}

/** What became of the tracked records missing from a listing. */
export interface Unlisted {
	/** Still watched (they moved while the list was fetched): added to the listing. */
	found: ListedRecord[];
	/** Gone from a complete list (deleted): reported with the gone-record event. The rest are dropped silently. */
	gone: StoredRecord[];
}

/** One poll's view of its watch target. */
export interface WatchTarget {
	/** One restaurant's listing: every request of it answers, or the poll fails. */
	list(restaurant: Restaurant): Promise<Listing>;
	/** What the records `writeRecords` writes hold: stored with the snapshot (./state/description). */
	description: RecordDescription;
	/**
	 * A restaurant's stored records by the description they were stored with, in ID order; throws on
	 * text that is not a snapshot of this target, or on a description this release cannot read.
	 */
	readRecords(text: string, description: RecordDescription): StoredRecord[];
	/** A restaurant's records (in ID order, distinct IDs) as the stored text. */
	writeRecords(records: readonly StoredRecord[]): string;
	/**
	 * The tracked records of no listed record (in ID order, stored as `previous` says): which are
	 * still watched, which are gone.
	 */
	unlisted(
		listing: Listing,
		missing: StoredRecord[],
		previous: StoredRestaurant,
	): Promise<Unlisted>;
	/** The item of a listed record the snapshot lacks; undefined when it only came into view, or its event is not chosen. */
	created(
		listed: ListedRecord,
		restaurant: Restaurant,
		previous: StoredRestaurant,
	): TriggerItem | undefined;
	/**
	 * The item of a tracked record whose record differs, compared by the description it was stored
	 * with (`previous`); undefined when nothing watched changed or no chosen event matches.
	 */
	changed(
		before: StoredRecord,
		listed: ListedRecord,
		restaurant: Restaurant,
		previous: StoredRestaurant,
	): TriggerItem | undefined;
	/** The item of a tracked record gone from the list; undefined when the target or the chosen events have none. */
	gone(
		before: StoredRecord,
		restaurant: Restaurant,
		previous: StoredRestaurant,
	): TriggerItem | undefined;
	/**
	 * The items of the moments due at this poll (reminders, follow-ups) for the listed records
	 * (`previousRecords`: the previous record of each), and what to keep for the next poll; a target
	 * without moments has none.
	 */
	moments?(
		listing: Listing,
		listed: ListedRecord[],
		previousRecords: Array<string | undefined>,
		previous: StoredRestaurant,
	): { items: TriggerItem[]; remindedBefore: Record<string, string> };
	/**
	 * Whether a restaurant's first listing is marked so that its next poll sends the moments already
	 * past then (Send Missed Reminders at First Activation); the mark reaches `moments` in `previous`.
	 */
	sendsMissedAfterFirstListing?: boolean;
	/** One restaurant's items in the order they are emitted. */
	order(items: TriggerItem[]): TriggerItem[];
	/** For a manual run with no change waiting: a sample of each chosen event, from the listings. */
	samples(listings: Listing[]): TriggerItem[];
	/**
	 * After every restaurant was compared: the target turns the restaurants' items into its own (in
	 * restaurant ID order, with state shared by the restaurants: the Guests watch's guests), and
	 * gives what to store beside the snapshots. Targets whose items are final have none.
	 */
	settle?(listed: ComparedRestaurant[]): { guests?: string };
}

/** One restaurant's listing compared with its stored records (../state/compare). */
export interface Compared {
	/** In the target's order. */
	items: TriggerItem[];
	next: StoredRestaurant;
	/** No previous records were compared (a first listing, an unreadable state): a new baseline. */
	baseline: boolean;
}

/** A restaurant a poll listed and compared. */
export interface ComparedRestaurant {
	restaurant: Restaurant;
	listing: Listing;
	compared: Compared;
}

/** What a target's poll is bound to. */
export interface PollScope {
	context: IPollFunctions;
	settings: TriggerSettings;
	clock: PollClock;
	/** The poll's start, epoch ms. */
	now: number;
	/** The credential's Booking States: how the bookings' states are read. */
	vocabulary: StateVocabulary;
	/** What the previous polls stored (undefined: a baseline). */
	stored?: StoredState;
}

export type WatchTargetFactory = (scope: PollScope) => WatchTarget;
