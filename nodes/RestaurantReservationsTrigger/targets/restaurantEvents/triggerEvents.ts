/**
 * The restaurant events' trigger events, in one ordered table (see ../triggerEvents): created,
 * updated, published, unpublished (publication is the `isOffline` flag, spec 3), deleted. `sample` builds the item a
 * manual test run shows when no change is waiting, from real events (previous values illustrative).
 */
import type { IDataObject } from 'n8n-workflow';
import type { RecordPick } from '../completeList/completeListWatch';
import { RESTAURANT_EVENT_ITEMS, RESTAURANT_EVENT_RECORDS } from './fields';
import type { ChangeEvent } from '../triggerEvents';
import { triggerEventTable } from '../triggerEvents';
import type { FieldDiff } from '../completeList/fieldRecords';
import type { TriggerItem } from '../../types';

export const RESTAURANT_EVENT_TRIGGER_EVENTS = triggerEventTable<
	FieldDiff,
	RecordPick[],
	TriggerItem
>([
	{
		value: 'eventCreated',
		displayName: 'Event Created',
		description: 'A new event, published or draft',
		onByDefault: true,
		reports: 'new',
		sample(picks, event) {
			const pick = newest(picks);
			return pick && RESTAURANT_EVENT_ITEMS.created(event, pick.restaurantId, pick.value);
		},
	},
	{
		value: 'eventUpdated',
		displayName: 'Event Updated',
		description:
			'Any change, reported with the changed fields and their previous values (name, dates, description, tickets, reservation settings, ...)',
		onByDefault: true,
		reports: 'change',
		precedence: 0,
		matches: () => true,
		sample(picks, event) {
			const pick = newest(picks);
			return (
				pick &&
				RESTAURANT_EVENT_ITEMS.updated(event, pick.restaurantId, pick.value, renamed(pick.value))
			);
		},
	},
	publication(
		'eventPublished',
		'Event Published',
		'A draft was published (also a change of other fields at the same time)',
		1,
		false,
	),
	publication(
		'eventUnpublished',
		'Event Unpublished',
		'A published event was switched off (made a draft again)',
		2,
		true,
	),
	{
		value: 'eventDeleted',
		displayName: 'Event Deleted',
		description: 'An event was deleted; reported with the values the trigger kept',
		onByDefault: true,
		reports: 'gone',
		sample(picks, event) {
			const pick = newest(picks);
			if (!pick) return undefined;
			const stored = RESTAURANT_EVENT_RECORDS.listed(pick.value);
			return RESTAURANT_EVENT_ITEMS.gone(
				event,
				pick.restaurantId,
				stored.id,
				RESTAURANT_EVENT_RECORDS.kept(stored),
			);
		},
	},
]);

/** The event of a change of the publication flag to `isOffline` = `offline`. */
function publication(
	value: string,
	displayName: string,
	description: string,
	precedence: number,
	offline: boolean,
): ChangeEvent<FieldDiff, RecordPick[], TriggerItem> {
	return {
		value,
		displayName,
		description,
		onByDefault: true,
		reports: 'change',
		precedence,
		matches: ({ changes: { isOffline } }) =>
			!!isOffline && isOffline.previous === !offline && isOffline.current === offline,
		sample(picks, event) {
			const pick = newest(picks.filter((p) => p.value.isOffline === offline));
			return (
				pick &&
				RESTAURANT_EVENT_ITEMS.updated(event, pick.restaurantId, pick.value, published(offline))
			);
		},
	};
}

/** The event with the highest ID: the one created last. */
function newest(picks: RecordPick[]): RecordPick | undefined {
	return picks.reduce<RecordPick | undefined>(
		(best, p) => (!best || Number(p.value.id) > Number(best.value.id) ? p : best),
		undefined,
	);
}

/** An illustrative update: the name changed. */
function renamed(value: IDataObject): FieldDiff {
	const name = typeof value.name === 'string' ? value.name : 'Event';
	return {
		changedFields: ['name'],
		changes: { name: { previous: `${name} (working title)`, current: value.name ?? null } },
		otherFieldsChanged: false,
	};
}

/** The publication flag alone changed: `isOffline` is now `current`. */
function published(current: boolean): FieldDiff {
	return {
		changedFields: ['isOffline'],
		changes: { isOffline: { previous: !current, current } },
		otherFieldsChanged: false,
	};
}
