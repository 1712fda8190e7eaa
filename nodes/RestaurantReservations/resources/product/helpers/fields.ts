/**
 * The product parameters that several operations share: the ID, what Simplify keeps, the fields
 * of VendorProduct (spec 2.4) that Create shows as Additional Fields and Update as Update Fields,
 * and the body they build: only what the user set, with the price rules of spec 7 and 8 checked
 * before anything is sent.
 */
import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import {
	amountOf,
	checkProductPrices,
	describeViolation,
	MAX_AMOUNT,
} from '../../../../shared/money';
import { onlySet, splitList } from '../../../operationHelpers/readParameters';

/** The product group dropdown, loaded from the restaurant, also accepting an expression. */
export function productGroupField(name: string, purpose: string): INodeProperties {
	return {
		displayName: 'Product Group Name or ID',
		name,
		type: 'options',
		typeOptions: {
			loadOptionsMethod: 'getProductGroups',
			loadOptionsDependsOn: ['restaurantId.value'],
		},
		default: '',
		description: `${purpose}. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
	};
}

/** What Simplify keeps of a product (VendorProduct has 17 fields). */
export const PRODUCT_FIELDS = [
	'id',
	'name',
	'price',
	'takeawayPrice',
	'deliveryPrice',
	'groupId',
	'visible',
	'stockAmount',
	'productType',
	'productPLU',
] as const;

const PRICE_LABELS: Record<string, string> = {
	price: 'Price',
	takeawayPrice: 'Takeaway Price',
	deliveryPrice: 'Delivery Price',
};

export const PRICE_RULE = `Prices must be 0 or more, with at most two decimals, and at most ${MAX_AMOUNT}`;

/** The money fields, with the rule in their descriptions. */
export function priceField(
	name: 'price' | 'takeawayPrice' | 'deliveryPrice',
	description: string,
): INodeProperties {
	return {
		displayName: PRICE_LABELS[name],
		name,
		type: 'number',
		typeOptions: { numberPrecision: 2 },
		default: 0,
		description: `${description}. ${PRICE_RULE}.`,
	};
}

/** Fields that Create shows as Additional Fields and Update as Update Fields. */
export function productFieldOptions(): INodeProperties[] {
	return [
		{
			displayName: 'Article Code (PLU)',
			name: 'productPLU',
			type: 'string',
			default: '',
			placeholder: 'e.g. 4006381333931',
			description: 'Article code or barcode',
		},
		priceField('deliveryPrice', 'Price for delivery; when empty, the dine-in price applies'),
		{
			displayName: 'Delivery Tax Rate',
			name: 'deliveryTaxeRate',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 0,
			description: 'Tax rate for delivery, in percent',
		},
		{
			displayName: 'Description',
			name: 'description',
			type: 'string',
			default: '',
			description: 'Description shown to guests',
		},
		{
			displayName: 'Image Location',
			name: 'imageLocation',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://example.com/burrata.jpg',
			description: 'URL or path of the image of the product',
		},
		{
			displayName: 'Modifier Names or IDs',
			name: 'modifiers',
			type: 'multiOptions',
			typeOptions: {
				loadOptionsMethod: 'getProducts',
				loadOptionsDependsOn: ['restaurantId.value'],
			},
			default: [],
			description:
				'Modifiers guests can add to the product, e.g. extra cheese. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		},
		productGroupField('groupId', 'Group (category) of the product'),
		{
			displayName: 'Product Type',
			name: 'productType',
			type: 'string',
			default: '',
			placeholder: 'e.g. dish',
			description: 'Product type on your POS side',
		},
		{
			displayName: 'Stock Amount',
			name: 'stockAmount',
			type: 'number',
			typeOptions: { numberPrecision: 0 },
			default: 0,
			description: 'Stock balance',
		},
		priceField('takeawayPrice', 'Price for takeaway; when empty, the dine-in price applies'),
		{
			displayName: 'Takeaway Tax Rate',
			name: 'takeawayTaxeRate',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 0,
			description: 'Tax rate for takeaway, in percent',
		},
		{
			displayName: 'Tax IDs',
			name: 'taxIds',
			type: 'string',
			default: '',
			placeholder: 'e.g. vat-19, city-tax',
			description: 'Comma-separated identifiers of the taxes applied',
		},
		{
			displayName: 'Tax Rate',
			name: 'taxeRate',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 0,
			description: 'Tax rate for dine-in, in percent',
		},
		{
			displayName: 'Visible',
			name: 'visible',
			type: 'boolean',
			default: true,
			description: 'Whether guests see the product',
		},
	];
}

/**
 * The VendorProduct body from the node's parameters, only what is set. The price rules are checked
 * first: a violation throws an error naming the field, the value and the rule, and nothing is sent.
 */
export function productBody(context: IExecuteSingleFunctions, fields: IDataObject): IDataObject {
	const body = onlySet(fields);
	if (body.taxIds !== undefined) body.taxIds = splitList(body.taxIds);
	if (body.modifiers !== undefined) body.modifiers = splitList(body.modifiers);
	for (const field of ['price', 'takeawayPrice', 'deliveryPrice', 'stockAmount'])
		if (typeof body[field] === 'string') body[field] = amountOf(body[field]) as IDataObject[string];
	const violations = checkProductPrices(body as Record<string, number | string | undefined>);
	if (violations.length > 0) {
		const said = violations
			.map((v) => describeViolation({ ...v, field: `${PRICE_LABELS[v.field]} (${v.field})` }))
			.join('; ');
		throw new NodeOperationError(context.getNode(), `Product not sent: ${said}`, {
			description: `${PRICE_RULE}. Correct the value and run again. Nothing was sent to the restaurant.`,
			itemIndex: context.getItemIndex(),
		});
	}
	return body;
}

export const productIdField: INodeProperties = {
	displayName: 'Product Name or ID',
	name: 'productId',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getProducts', loadOptionsDependsOn: ['restaurantId.value'] },
	default: '',
	required: true,
	description:
		'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
};
