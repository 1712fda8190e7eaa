import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { fieldsCollection, nameField } from '../../operationHelpers/descriptions';
import { collectionOf, onlySet } from '../../operationHelpers/readParameters';
import { apiOperation } from '../../operationHelpers/routing';
import { menuFieldOptions, sectionsBody, sectionsField } from './helpers/fields';

async function requestBody(item: IExecuteSingleFunctions): Promise<IDataObject | IDataObject[]> {
	const body = onlySet({
		name: item.getNodeParameter('name'),
		...collectionOf(item, 'additionalFields'),
	});
	body.sections = sectionsBody(collectionOf(item, 'sections')) ?? [];
	return body;
}

export const operation = apiOperation({
	value: 'create',
	name: 'Create',
	action: 'Create a menu',
	description: 'Create a menu made of sections of catalog products',
	method: 'POST',
	url: routingUrl('menus'),
	body: requestBody,
});

export const fields: INodeProperties[] = [
	restaurantLocator,
	nameField('menu', 'Lunch', true),
	sectionsField('Sections of the menu, in display order, each with its products'),
	fieldsCollection('additionalFields', menuFieldOptions()),
];
