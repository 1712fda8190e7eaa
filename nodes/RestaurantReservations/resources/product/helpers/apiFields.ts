/**
 * The fields of a product (VendorProduct, spec 2.4), each declared once
 * (../../../operationHelpers/apiFields): Create's Additional Fields, Update's Update Fields, the
 * Create or Update's Additional Fields (but the Article Code, its key), the request body and what
 * Simplify keeps come from this list (./fields). Create's required Name and Price, and the Create or
 * Update's Article Code and Name, are their operations' own parameters; their values are sent as
 * declared here.
 */
import type { INodeProperties } from 'n8n-workflow';
import { MAX_AMOUNT } from '../../../../shared/money';
import type { ApiField } from '../../../operationHelpers/apiFields';
import { asAmount, asList } from '../../../operationHelpers/apiFields';
import { nameField, productsPicker } from '../../../operationHelpers/descriptions';

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

export const PRICE_LABELS: Record<string, string> = {
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

const BOTH = ['additionalFields', 'updateFields'] as const;

/** In the order Simplify keeps them; a new field goes at the end. */
export const PRODUCT_API_FIELDS: readonly ApiField[] = [
	{ name: 'id', simplify: true },
	{
		name: 'name',
		parameter: nameField('product', 'Burrata'),
		in: ['updateFields'],
		simplify: true,
	},
	{
		name: 'price',
		parameter: priceField('price', 'Dine-in price'),
		in: ['updateFields'],
		send: asAmount,
		simplify: true,
	},
	{
		name: 'takeawayPrice',
		parameter: priceField(
			'takeawayPrice',
			'Price for takeaway; when empty, the dine-in price applies',
		),
		in: BOTH,
		send: asAmount,
		simplify: true,
	},
	{
		name: 'deliveryPrice',
		parameter: priceField(
			'deliveryPrice',
			'Price for delivery; when empty, the dine-in price applies',
		),
		in: BOTH,
		send: asAmount,
		simplify: true,
	},
	{
		name: 'groupId',
		parameter: productGroupField('groupId', 'Group (category) of the product'),
		in: BOTH,
		simplify: true,
	},
	{
		name: 'visible',
		parameter: {
			displayName: 'Visible',
			type: 'boolean',
			default: true,
			description: 'Whether guests see the product',
		},
		in: BOTH,
		simplify: true,
	},
	{
		name: 'stockAmount',
		parameter: {
			displayName: 'Stock Amount',
			type: 'number',
			typeOptions: { numberPrecision: 0 },
			default: 0,
			description: 'Stock balance',
		},
		in: BOTH,
		send: asAmount,
		simplify: true,
	},
	{
		name: 'productType',
		parameter: {
			displayName: 'Product Type',
			type: 'string',
			default: '',
			placeholder: 'e.g. dish',
			description: 'Product type on your POS side',
		},
		in: BOTH,
		simplify: true,
	},
	{
		name: 'productPLU',
		parameter: {
			displayName: 'Article Code (PLU)',
			type: 'string',
			default: '',
			placeholder: 'e.g. 4006381333931',
			description: 'Article code or barcode',
		},
		in: BOTH,
		simplify: true,
	},
	{
		name: 'deliveryTaxeRate',
		parameter: {
			displayName: 'Delivery Tax Rate',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 0,
			description: 'Tax rate for delivery, in percent',
		},
		in: BOTH,
	},
	{
		name: 'description',
		parameter: {
			displayName: 'Description',
			type: 'string',
			default: '',
			description: 'Description shown to guests',
		},
		in: BOTH,
	},
	{
		name: 'imageLocation',
		parameter: {
			displayName: 'Image Location',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://example.com/burrata.jpg',
			description: 'URL or path of the image of the product',
		},
		in: BOTH,
	},
	{
		name: 'modifiers',
		parameter: {
			displayName: 'Modifier Names or IDs',
			...productsPicker('Modifiers guests can add to the product, e.g. extra cheese.'),
		},
		in: BOTH,
		send: asList,
	},
	{
		name: 'takeawayTaxeRate',
		parameter: {
			displayName: 'Takeaway Tax Rate',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 0,
			description: 'Tax rate for takeaway, in percent',
		},
		in: BOTH,
	},
	{
		name: 'taxIds',
		parameter: {
			displayName: 'Tax IDs',
			type: 'string',
			default: '',
			placeholder: 'e.g. vat-19, city-tax',
			description: 'Comma-separated identifiers of the taxes applied',
		},
		in: BOTH,
		send: asList,
	},
	{
		name: 'taxeRate',
		parameter: {
			displayName: 'Tax Rate',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 0,
			description: 'Tax rate for dine-in, in percent',
		},
		in: BOTH,
	},
];
