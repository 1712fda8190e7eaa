import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { fieldsCollection } from '../../shared/descriptions';
import { onlySet } from '../../shared/readParameters';
import { apiOperation, withBody } from '../../shared/routing';
import { groupFieldOptions } from './fields';

async function buildBody(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const body = onlySet({
		name: this.getNodeParameter('name'),
		...(this.getNodeParameter('additionalFields', {}) as IDataObject),
	});
	return withBody(requestOptions, body);
}

export const operation = apiOperation({
	value: 'create',
	name: 'Create',
	action: 'Create a product group',
	description: 'Create a category of the menu catalog, such as Starters or Drinks',
	method: 'POST',
	url: routingUrl('productGroups'),
	preSend: [buildBody],
});

export const fields: INodeProperties[] = [
	restaurantLocator,
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Starters',
		description: 'Name of the group',
	},
	fieldsCollection('additionalFields', groupFieldOptions()),
];
