import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { fieldsCollection, nameField } from '../../operationHelpers/descriptions';
import { collectionOf, onlySet } from '../../operationHelpers/readParameters';
import { apiOperation } from '../../operationHelpers/routing';
import { groupFieldOptions } from './helpers/fields';

async function requestBody(item: IExecuteSingleFunctions): Promise<IDataObject | IDataObject[]> {
	const body = onlySet({
		name: item.getNodeParameter('name'),
		...collectionOf(item, 'additionalFields'),
	});
	return body;
}

export const operation = apiOperation({
	value: 'create',
	name: 'Create',
	action: 'Create a product group',
	description: 'Create a category of the menu catalog, such as Starters or Drinks',
	method: 'POST',
	url: routingUrl('productGroups'),
	body: requestBody,
});

export const fields: INodeProperties[] = [
	restaurantLocator,
	nameField('group', 'Starters', true),
	fieldsCollection('additionalFields', groupFieldOptions()),
];
