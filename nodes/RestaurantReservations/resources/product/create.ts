import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { fieldsCollection, simplifyOption } from '../../shared/descriptions';
import { apiOperation, simplify, withBody } from '../../shared/routing';
import { PRICE_RULE, PRODUCT_FIELDS, productBody, productFieldOptions } from './fields';

async function buildBody(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const fields: IDataObject = {
		name: this.getNodeParameter('name'),
		price: this.getNodeParameter('price'),
		...(this.getNodeParameter('additionalFields', {}) as IDataObject),
	};
	return withBody(requestOptions, productBody(this, fields));
}

export const operation = apiOperation({
	value: 'create',
	name: 'Create',
	action: 'Create a product',
	description: 'Add a dish, drink or modifier to the catalog; prices are checked before sending',
	method: 'POST',
	url: routingUrl('products'),
	preSend: [buildBody],
	postReceive: [simplify(PRODUCT_FIELDS)],
});

export const fields: INodeProperties[] = [
	restaurantLocator,
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Burrata',
		description: 'Name of the product',
	},
	{
		displayName: 'Price',
		name: 'price',
		type: 'number',
		typeOptions: { numberPrecision: 2 },
		default: 0,
		required: true,
		description: `Dine-in price. ${PRICE_RULE}.`,
	},
	fieldsCollection('additionalFields', productFieldOptions()),
	simplifyOption(PRODUCT_FIELDS),
];
