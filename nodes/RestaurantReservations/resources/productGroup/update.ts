import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { fieldsCollection } from '../../shared/descriptions';
import { onlySet, requireChanges } from '../../shared/readParameters';
import { apiOperation, withBody } from '../../shared/routing';
import { groupFieldOptions, groupIdField } from './fields';

async function buildBody(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const body = onlySet(this.getNodeParameter('updateFields', {}) as IDataObject);
	requireChanges(this, body);
	return withBody(requestOptions, body);
}

export const operation = apiOperation({
	value: 'update',
	name: 'Update',
	action: 'Update a product group',
	description: 'Change the fields you set; the others keep their values',
	method: 'PUT',
	url: routingUrl('productGroup'),
	preSend: [buildBody],
});

export const fields: INodeProperties[] = [
	restaurantLocator,
	groupIdField,
	fieldsCollection('updateFields', [
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			placeholder: 'e.g. Starters',
			description: 'Name of the group',
		},
		...groupFieldOptions(),
	]),
];
