/**
 * The products' trigger events, in one ordered table (see ../triggerEvents): created, updated
 * (with the previous prices, stock, visibility, group, name and PLU), deleted. `sample` builds the
 * item a manual test run shows when no change is waiting, from real products (previous values
 * illustrative).
 */
import type { RecordPick } from '../completeList/completeListWatch';
import { triggerEventTable } from '../triggerEvents';
import type { FieldDiff } from '../completeList/fieldRecords';
import { PRODUCT_ITEMS, PRODUCT_RECORDS } from './fields';
import type { TriggerItem } from '../../types';

export const PRODUCT_TRIGGER_EVENTS = triggerEventTable<FieldDiff, RecordPick[], TriggerItem>([
	{
		value: 'productCreated',
		displayName: 'Product Created',
		description: 'A new product in the catalog',
		onByDefault: true,
		reports: 'new',
		sample(picks, event) {
			const pick = picks[picks.length - 1];
			return pick && PRODUCT_ITEMS.created(event, pick.restaurantId, pick.value);
		},
	},
	{
		value: 'productUpdated',
		displayName: 'Product Updated',
		description:
			'Any change, reported with the changed fields and their previous values (prices, stock, visibility, group, name, PLU)',
		onByDefault: true,
		reports: 'change',
		precedence: 0,
		matches: () => true,
		sample(picks, event) {
			const pick = picks.find((p) => typeof p.value.price === 'number');
			if (!pick) return undefined;
			const price = pick.value.price as number;
			const change: FieldDiff = {
				changedFields: ['price'],
				changes: { price: { previous: Math.round((price + 1) * 100) / 100, current: price } },
				otherFieldsChanged: false,
			};
			return PRODUCT_ITEMS.updated(event, pick.restaurantId, pick.value, change);
		},
	},
	{
		value: 'productDeleted',
		displayName: 'Product Deleted',
		description: 'A product was deleted; reported with the values the trigger kept',
		onByDefault: true,
		reports: 'gone',
		sample(picks, event) {
			const pick = picks[0];
			if (!pick) return undefined;
			const stored = PRODUCT_RECORDS.listed(pick.value);
			return PRODUCT_ITEMS.gone(event, pick.restaurantId, stored.id, PRODUCT_RECORDS.kept(stored));
		},
	},
]);
