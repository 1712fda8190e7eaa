/**
 * A watch target's trigger events (what the Events parameter offers: created, updated, ...),
 * defined in one ordered table per target (its triggerEvents.ts in ./reservations,
 * ./restaurantEvents, ./products), and everything derived from it: the Events option's choices and
 * default, the event a change is reported as, and the samples of a manual test run. Nothing else
 * lists trigger events.
 */
import type { INodePropertyOptions } from 'n8n-workflow';

interface EventBase<Source, Item> {
	/** The option's value, saved in workflows and carried by every item as `event`: never changes. */
	value: string;
	/** The option's name in the Events list. */
	displayName: string;
	description: string;
	/** Chosen when the node is added. */
	onByDefault: boolean;
	/** The item a manual test run shows for this event (`event`: its value) when no change is waiting; undefined when nothing fits. */
	sample(source: Source, event: string): Item | undefined;
}

/** The event of a record new to the snapshot. */
export interface NewRecordEvent<Source, Item> extends EventBase<Source, Item> {
	reports: 'new';
}

/** The event of a tracked record that is gone from a complete list (deleted). */
export interface GoneRecordEvent<Source, Item> extends EventBase<Source, Item> {
	reports: 'gone';
}

/**
 * An event of a change to a tracked record. A change is reported once, as the chosen event of
 * highest `precedence` among those that match it.
 */
export interface ChangeEvent<Change, Source, Item> extends EventBase<Source, Item> {
	reports: 'change';
	precedence: number;
	matches(change: Change): boolean;
}

/**
 * An event of a moment in a record's life rather than a change (a reminder before a visit, a
 * follow-up after it): fired by the target at the poll the moment falls due, whatever changed.
 */
export interface MomentEvent<Source, Item> extends EventBase<Source, Item> {
	reports: 'moment';
}

export type TriggerEventDefinition<Change, Source, Item> =
	| NewRecordEvent<Source, Item>
	| GoneRecordEvent<Source, Item>
	| ChangeEvent<Change, Source, Item>
	| MomentEvent<Source, Item>;

export interface TriggerEventTable<Change, Source, Item> {
	/** Every event's value, in table order. */
	values: readonly string[];
	/** The Events option's choices, by name. */
	options: readonly INodePropertyOptions[];
	/** The values of the events on by default, in table order. */
	defaults: readonly string[];
	/** The event of a record new to the snapshot; undefined when the target has none. */
	newRecordEvent: string | undefined;
	/** The event of a tracked record gone from the list; undefined when the target has none (records that leave are dropped silently). */
	goneRecordEvent: string | undefined;
	/** The moment events, in table order. */
	momentEvents: readonly string[];
	/** The event a change is reported as: of the chosen events that match it, the one of highest precedence. */
	eventFor(change: Change, chosen: ReadonlySet<string>): string | undefined;
	/**
	 * A sample of each chosen event, marked `sample: true`: the new-record event first, then the
	 * change events from the lowest precedence (the broadest) to the highest (the most specific),
	 * then the gone-record event, then the moment events.
	 */
	samples(source: Source, chosen: ReadonlySet<string>): Item[];
}

export function triggerEventTable<Change, Source, Item extends object>(
	events: ReadonlyArray<TriggerEventDefinition<Change, Source, Item>>,
): TriggerEventTable<Change, Source, Item> {
	const newRecordEvents = events.filter((event) => event.reports === 'new');
	const goneRecordEvents = events.filter((event) => event.reports === 'gone');
	const momentEvents = events.filter((event) => event.reports === 'moment');
	const changeEvents = events.filter(
		(event): event is ChangeEvent<Change, Source, Item> => event.reports === 'change',
	);
	if (
		newRecordEvents.length > 1 ||
		goneRecordEvents.length > 1 ||
		new Set(changeEvents.map((event) => event.precedence)).size < changeEvents.length
	) {
		throw new Error(
			'An event table has at most one new-record and one gone-record event, and distinct precedences',
		);
	}
	const mostSpecificFirst = [...changeEvents].sort((a, b) => b.precedence - a.precedence);
	const sampleOrder = [
		...newRecordEvents,
		...[...mostSpecificFirst].reverse(),
		...goneRecordEvents,
		...momentEvents,
	];
	return {
		values: events.map((event) => event.value),
		options: sortedByName(
			events.map(({ displayName, value, description }) => ({
				name: displayName,
				value,
				description,
			})),
		),
		defaults: events.filter((event) => event.onByDefault).map((event) => event.value),
		newRecordEvent: newRecordEvents[0]?.value,
		goneRecordEvent: goneRecordEvents[0]?.value,
		momentEvents: momentEvents.map((event) => event.value),
		eventFor: (change, chosen) =>
			mostSpecificFirst.find((event) => event.matches(change) && chosen.has(event.value))?.value,
		samples: (source, chosen) =>
			sampleOrder
				.filter((event) => chosen.has(event.value))
				.flatMap((event) => sampleOf(event, source)),
	};
}

function sampleOf<Source, Item extends object>(
	event: EventBase<Source, Item>,
	source: Source,
): Item[] {
	const item = event.sample(source, event.value);
	return item ? [{ ...item, sample: true }] : [];
}

function sortedByName(options: INodePropertyOptions[]): INodePropertyOptions[] {
	return options.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
