/**
 * What the Products watch keeps of a product (VendorProductSummary, spec 2.4) and how its items
 * look: `productId` and `product`.
 */
import { fieldItems } from '../completeList/completeListWatch';
import { fieldRecords } from '../completeList/fieldRecords';

export const PRODUCT_RECORDS = fieldRecords({
	// Stored exactly: an update reports their previous values, a deletion carries them.
	exact: [
		{ name: 'name', kind: 'text' },
		{ name: 'productPLU', kind: 'text' },
		{ name: 'price', kind: 'number' },
		{ name: 'takeawayPrice', kind: 'number' },
		{ name: 'deliveryPrice', kind: 'number' },
		{ name: 'stockAmount', kind: 'int' },
		{ name: 'visible', kind: 'bool' },
		{ name: 'groupId', kind: 'text' },
	],
	// Everything else (description, image, type, taxes, hasModifiers, ...) is one hash: `otherFieldsChanged`.
	hashed: [],
	ignored: ['id'],
});

export const PRODUCT_ITEMS = fieldItems('productId', 'product', (id) => id);
