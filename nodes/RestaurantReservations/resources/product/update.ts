import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { fieldOptions } from '../../operationHelpers/apiFields';
import { fieldsCollection, simplifyOption } from '../../operationHelpers/descriptions';
import { collectionOf, requireChanges } from '../../operationHelpers/readParameters';
import { apiOperation, simplify } from '../../operationHelpers/routing';
import { PRODUCT_API_FIELDS } from './helpers/apiFields';
import { PRODUCT_FIELDS, productBody, productIdField } from './helpers/fields';

/**
 * Spec 7.3: the price rules hold for the product as stored after the update, legacy prices
 * included. `where` is the collection the price fields are set in (Update, Create or Update).
 */
export function legacyPriceHint(where: string): string {
	return (
		'The price rules are checked on the whole product on every update, even one that changes only stock or visibility, ' +
		'so a price stored before the rules existed (below 0, or with more than two decimals) blocks the update. ' +
		`To fix it, add the price fields to ${where} in this same update with valid values ` +
		'(Price, and Takeaway Price or Delivery Price when the product has them; e.g. 3.46 instead of 3.456) and run again.'
	);
}

async function requestBody(item: IExecuteSingleFunctions): Promise<IDataObject | IDataObject[]> {
	const body = await productBody(item, collectionOf(item, 'updateFields'));
	requireChanges(item, body);
	return body;
}

export const operation = apiOperation({
	value: 'update',
	name: 'Update',
	action: 'Update a product',
	description:
		'Change the fields you set; the others keep their values. Prices are checked before sending.',
	method: 'PUT',
	url: routingUrl('product'),
	body: requestBody,
	postReceive: [simplify(PRODUCT_FIELDS)],
	errorHints: { invalid_price: legacyPriceHint('Update Fields') },
});

export const fields: INodeProperties[] = [
	restaurantLocator,
	productIdField,
	fieldsCollection('updateFields', fieldOptions(PRODUCT_API_FIELDS, 'updateFields')),
	simplifyOption(PRODUCT_FIELDS),
];
