/**
 * What the Products watch keeps of a product (VendorProductSummary, spec 2.4) and how its items
 * look: `productId` and `product`.
 */
import { fieldItems } from '../completeList/completeListWatch';
import type { FieldsDescription } from '../completeList/fieldRecords';
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

/** What release 0.1.0 stored, which stored no description: its records are read by this one. */
export const PRODUCTS_OF_010: FieldsDescription = {
	records: 'fields',
	hash: 'h53',
	widths: [5, 2, 2],
	exact: [
		'name:text',
		'productPLU:text',
		'price:number',
		'takeawayPrice:number',
		'deliveryPrice:number',
		'stockAmount:int',
		'visible:bool',
		'groupId:text',
	],
	hashed: [],
	ignored: ['id'],
};
