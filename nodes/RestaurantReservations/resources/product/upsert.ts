/**
 * Product Create or Update: the row's product is the one with its Article Code (PLU), or, for a
 * row without one, the one with its name (any case, optionally only within its group). The API
 * cannot look a product up by either, so the catalog is read once per run of the node and shared
 * by its rows (../../shared/runCache, ../../shared/upsert). Prices are checked before anything is
 * read or sent, as in Create and Update; a stored legacy price is reported as Update reports it.
 */
import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { apiPath, routingUrl } from '../../../shared/paths';
import { fieldOptions } from '../../operationHelpers/apiFields';
import { fieldsCollection, nameField, simplifyOption } from '../../operationHelpers/descriptions';
import { collectionOf, restaurantIdOf } from '../../operationHelpers/readParameters';
import {
	apiOperation,
	pairWithItem,
	simplifyItems,
	type Pagination,
} from '../../operationHelpers/routing';
import { sharedByRun } from '../../operationHelpers/runCache';
import {
	matchName,
	RecordCopy,
	routedRequest,
	upsert,
	type UpsertRow,
} from '../../operationHelpers/upsert';
import { readAllProducts } from './helpers/allProducts';
import { priceField, PRODUCT_API_FIELDS } from './helpers/apiFields';
import { PRODUCT_FIELDS, productBody } from './helpers/fields';
import { legacyPriceHint } from './update';

/** What the API needs to create a product (spec 4.3), and where the row sets it. */
const REQUIRED_TO_CREATE = [
	['name', 'Name'],
	['price', 'Price (under Additional Fields)'],
] as const;

const pluOf = (value: unknown) =>
	value === null || value === undefined ? '' : String(value).trim();

/** The keys a product answers to: its PLU, its name, and its name within its group. */
function productKeys(record: IDataObject): string[] {
	const keys: string[] = [];
	const plu = pluOf(record.productPLU);
	if (plu) keys.push(`plu:${plu}`);
	const name = matchName(record.name);
	if (name) keys.push(`name:${name}`, `group:${pluOf(record.groupId)}:name:${name}`);
	return keys;
}

/** The list gives `hasModifiers` where a write's answer lists `modifiers`: keep the two in step. */
function mergeProduct(before: IDataObject, response: IDataObject): IDataObject {
	const merged = { ...before, ...response };
	if ('hasModifiers' in before && Array.isArray(response.modifiers))
		merged.hasModifiers = response.modifiers.length > 0;
	return merged;
}

/** Modifiers of a listed product are known only as `hasModifiers`: none, or not known. */
function storedValue(record: IDataObject, field: string): unknown {
	if (field !== 'modifiers' || Array.isArray(record.modifiers)) return record[field];
	return record.hasModifiers === false ? [] : undefined;
}

/** How the row finds its product; a row that gives nothing to match by is refused. */
function rowOf(item: IExecuteSingleFunctions, fields: IDataObject): UpsertRow {
	const plu = pluOf(fields.productPLU);
	if (plu) return { key: `plu:${plu}`, matchedBy: `PLU "${plu}"`, fields };
	const refuse = (message: string, description: string) =>
		new NodeOperationError(item.getNode(), message, {
			description: `${description} Nothing was sent.`,
			itemIndex: item.getItemIndex(),
		});
	const name = matchName(fields.name);
	if (!name)
		throw refuse(
			'Nothing to match the product by: Article Code (PLU) and Name are both empty',
			'Set the Article Code (PLU), or the Name for a product without one.',
		);
	if (!(item.getNodeParameter('matchNameWithinGroup', false) as boolean))
		return { key: `name:${name}`, matchedBy: `name "${String(fields.name)}"`, fields };
	const group = pluOf(fields.groupId);
	if (!group)
		throw refuse(
			'Match Name Within Group is on, but no Product Group is set',
			'Add Product Group under Additional Fields, or turn Match Name Within Group off.',
		);
	return {
		key: `group:${group}:name:${name}`,
		matchedBy: `name "${String(fields.name)}" in group ${group}`,
		fields,
	};
}

/** The fields the row sets, checked like Create and Update before anything is read or sent. */
async function requestBody(item: IExecuteSingleFunctions): Promise<IDataObject> {
	const fields = await productBody(item, {
		productPLU: pluOf(item.getNodeParameter('productPLU', '')),
		name: item.getNodeParameter('name', ''),
		...collectionOf(item, 'additionalFields'),
	});
	rowOf(item, fields);
	return fields;
}

const createOrUpdate: Pagination = async function (requestData) {
	const fields = requestData.options.body as IDataObject;
	const restaurantId = restaurantIdOf(this);
	const copy = await sharedByRun(this, 'products', [restaurantId], async () => {
		const products = await readAllProducts(this, restaurantId, this.getItemIndex());
		return new RecordCopy(products, productKeys, mergeProduct);
	});
	const send = routedRequest(this, requestData);
	const { action, record } = await upsert(
		this,
		{
			noun: 'product',
			copy,
			create: async (body) => await send('POST', apiPath('products', { restaurantId }), body),
			update: async (productId, body) =>
				await send('PUT', apiPath('product', { restaurantId, productId }), body),
			requireCreatable: (row) => {
				const missing = REQUIRED_TO_CREATE.filter(([field]) => row.fields[field] === undefined);
				if (missing.length === 0) return;
				throw new NodeOperationError(
					this.getNode(),
					`No product matches ${row.matchedBy}, and a new product needs a ${missing.map(([field]) => field).join(' and a ')}`,
					{
						description: `Set ${missing.map(([, where]) => where).join(' and ')} to create it, or check the match. Nothing was sent.`,
						itemIndex: this.getItemIndex(),
					},
				);
			},
			storedValue,
			ambiguityHint:
				'Give each product its own Article Code (PLU), or delete the duplicate, then run again.',
		},
		rowOf(this, fields),
	);
	const [product] = simplifyItems(this, [{ json: record }], PRODUCT_FIELDS);
	return pairWithItem(this.getItemIndex(), [{ json: { action, product: product.json } }]);
};

export const operation = apiOperation({
	value: 'upsert',
	name: 'Create or Update',
	action: 'Create or update a product',
	description: 'Create a new product, or update the current one if it already exists (upsert)',
	method: 'POST',
	url: routingUrl('products'),
	body: requestBody,
	pagination: createOrUpdate,
	errorHints: { invalid_price: legacyPriceHint('Additional Fields') },
});

export const fields: INodeProperties[] = [
	restaurantLocator,
	{
		displayName: 'Article Code (PLU)',
		name: 'productPLU',
		type: 'string',
		default: '',
		placeholder: 'e.g. 4006381333931',
		description:
			'The product with this code is updated, or created with it. When empty, the product is matched by Name.',
	},
	{
		...nameField('product', 'Burrata', true),
		description:
			'Name of the product. Matches the product (in any case) when the Article Code is empty.',
	},
	{
		displayName: 'Match Name Within Group',
		name: 'matchNameWithinGroup',
		type: 'boolean',
		default: false,
		description:
			'Whether a row without an Article Code matches only a product of the Product Group set under Additional Fields (the same name may be in several groups)',
	},
	fieldsCollection('additionalFields', [
		priceField('price', 'Dine-in price; needed when the product is created'),
		...fieldOptions(PRODUCT_API_FIELDS, 'additionalFields').filter(
			(option) => option.name !== 'productPLU',
		),
	]),
	simplifyOption(PRODUCT_FIELDS),
];
