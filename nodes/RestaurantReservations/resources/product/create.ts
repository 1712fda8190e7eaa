import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { fieldOptions } from '../../operationHelpers/apiFields';
import { fieldsCollection, nameField, simplifyOption } from '../../operationHelpers/descriptions';
import { collectionOf } from '../../operationHelpers/readParameters';
import { apiOperation, simplify } from '../../operationHelpers/routing';
import { PRICE_RULE, PRODUCT_API_FIELDS } from './helpers/apiFields';
import { PRODUCT_FIELDS, productBody } from './helpers/fields';

async function requestBody(item: IExecuteSingleFunctions): Promise<IDataObject | IDataObject[]> {
	const fields: IDataObject = {
		name: item.getNodeParameter('name'),
		price: item.getNodeParameter('price'),
		...collectionOf(item, 'additionalFields'),
	};
	return await productBody(item, fields);
}

export const operation = apiOperation({
	value: 'create',
	name: 'Create',
	action: 'Create a product',
	description: 'Add a dish, drink or modifier to the catalog; prices are checked before sending',
	method: 'POST',
	url: routingUrl('products'),
	body: requestBody,
	postReceive: [simplify(PRODUCT_FIELDS)],
});

export const fields: INodeProperties[] = [
	restaurantLocator,
	nameField('product', 'Burrata', true),
	{
		displayName: 'Price',
		name: 'price',
		type: 'number',
		typeOptions: { numberPrecision: 2 },
		default: 0,
		required: true,
		description: `Dine-in price. ${PRICE_RULE}.`,
	},
	fieldsCollection('additionalFields', fieldOptions(PRODUCT_API_FIELDS, 'additionalFields')),
	simplifyOption(PRODUCT_FIELDS),
];
