/**
 * A watch target whose list is complete (restaurant events, products): every record of the
 * restaurant on every poll, no period. A record the snapshot lacks is new; a tracked record missing
 * from the list is gone (deleted). Records are ./fieldRecords; the items carry the record's ID and
 * the record under the target's own keys.
 */
import type { IDataObject } from 'n8n-workflow';
import type { TriggerEventTable } from '../triggerEvents';
import type { FieldDiff, FieldRecords } from './fieldRecords';
import type { ListedRecord } from '../../state/records';
import type { PollScope, Restaurant, TriggerItem, WatchTarget } from '../../types';

/** A current record, for the samples of a manual run. */
export interface RecordPick {
	restaurantId: number | string;
	value: IDataObject;
}

/** The items of one target. */
export interface FieldItems {
	/** The key of the record's ID in an item, e.g. `eventId`. */
	idKey: string;
	/** The key of the record in an item, e.g. `restaurantEvent`. */
	recordKey: string;
	created(event: string, restaurantId: number | string, value: IDataObject): TriggerItem;
	updated(
		event: string,
		restaurantId: number | string,
		value: IDataObject,
		change: FieldDiff,
	): TriggerItem;
	/** The item of a gone record: its ID and the values the snapshot kept. */
	gone(event: string, restaurantId: number | string, id: string, kept: IDataObject): TriggerItem;
}

/** Items with the record's ID under `idKey` (as `idValue` gives it) and the record under `recordKey`. */
export function fieldItems(
	idKey: string,
	recordKey: string,
	idValue: (id: string) => number | string,
): FieldItems {
	return {
		idKey,
		recordKey,
		created: (event, restaurantId, value) => ({
			event,
			restaurantId,
			[idKey]: idValue(String(value.id)),
			[recordKey]: value,
		}),
		updated: (event, restaurantId, value, change) => ({
			event,
			restaurantId,
			[idKey]: idValue(String(value.id)),
			changedFields: change.changedFields,
			changes: change.changes as unknown as IDataObject,
			otherFieldsChanged: change.otherFieldsChanged,
			[recordKey]: value,
		}),
		gone: (event, restaurantId, id, kept) => ({
			event,
			restaurantId,
			[idKey]: idValue(id),
			[recordKey]: { id: idValue(id), ...kept },
		}),
	};
}

export interface CompleteListDefinition {
	table: TriggerEventTable<FieldDiff, RecordPick[], TriggerItem>;
	records: FieldRecords;
	items: FieldItems;
	/** Every record of one restaurant; every request answers, or the poll fails. */
	list(
		scope: PollScope,
		restaurant: Restaurant,
	): Promise<{ values: IDataObject[]; serverTime?: number }>;
	/** Items of one restaurant are emitted in the order of this key of their record, then by ID. */
	orderKey(record: IDataObject): string;
}

export function completeListWatch(
	definition: CompleteListDefinition,
	scope: PollScope,
): WatchTarget {
	const { table, records, items } = definition;
	const chosen = scope.settings.events;
	const pick = (event: string | undefined) =>
		event !== undefined && chosen.has(event) ? event : undefined;
	const [created, gone] = [pick(table.newRecordEvent), pick(table.goneRecordEvent)];
	return {
		async list(restaurant) {
			const { values, serverTime } = await definition.list(scope, restaurant);
			const listed = new Map<string, ListedRecord>();
			for (const value of values) {
				const one = records.listed(value);
				listed.set(one.id, one);
			}
			return {
				restaurant,
				records: listed,
				horizonFrom: '',
				horizonTo: '',
				serverTime: serverTime ?? scope.now,
			};
		},
		description: records.description,
		readRecords: records.readRecords,
		writeRecords: records.writeRecords,
		// The list is complete: a tracked record missing from it is gone.
		unlisted: async (_listing, missing) => ({ found: [], gone: missing }),
		created: (listed, restaurant) =>
			created === undefined ? undefined : items.created(created, restaurant.id, listed.value),
		changed(before, listed, restaurant, previous) {
			const change = records.changeSince(before, previous.description, listed.value);
			const event = change && table.eventFor(change, chosen);
			return change && event
				? items.updated(event, restaurant.id, listed.value, change)
				: undefined;
		},
		gone: (before, restaurant, previous) =>
			gone === undefined
				? undefined
				: items.gone(gone, restaurant.id, before.id, records.kept(before, previous.description)),
		order: (list) => list.sort((a, b) => compareItems(a, b, definition)),
		samples: (listings) =>
			table.samples(
				listings.flatMap(({ restaurant, records: listed }) =>
					[...listed.values()].map(({ value }) => ({ restaurantId: restaurant.id, value })),
				),
				chosen,
			),
	};
}

function compareItems(a: TriggerItem, b: TriggerItem, definition: CompleteListDefinition): number {
	const { items, orderKey } = definition;
	const key = (item: TriggerItem) => orderKey(item[items.recordKey] as IDataObject);
	const id = (item: TriggerItem) => String(item[items.idKey]);
	const [x, y] = [key(a), key(b)];
	if (x !== y) return x < y ? -1 : 1;
	const [i, j] = [id(a), id(b)];
	return i < j ? -1 : i > j ? 1 : 0;
}
