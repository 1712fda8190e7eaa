import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { fieldsCollection, nameField } from '../../operationHelpers/descriptions';
import { collectionOf, onlySet, requireChanges } from '../../operationHelpers/readParameters';
import { apiOperation } from '../../operationHelpers/routing';
import { groupFieldOptions, groupIdField } from './helpers/fields';

async function requestBody(item: IExecuteSingleFunctions): Promise<IDataObject | IDataObject[]> {
	const body = onlySet(collectionOf(item, 'updateFields'));
	requireChanges(item, body);
	return body;
}

export const operation = apiOperation({
	value: 'update',
	name: 'Update',
	action: 'Update a product group',
	description: 'Change the fields you set; the others keep their values',
	method: 'PUT',
	url: routingUrl('productGroup'),
	body: requestBody,
});

export const fields: INodeProperties[] = [
	restaurantLocator,
	groupIdField,
	fieldsCollection('updateFields', [nameField('group', 'Starters'), ...groupFieldOptions()]),
];
