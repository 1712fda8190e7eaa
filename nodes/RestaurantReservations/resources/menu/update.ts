import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { fieldsCollection, nameField } from '../../operationHelpers/descriptions';
import { collectionOf, onlySet, requireChanges } from '../../operationHelpers/readParameters';
import { apiOperation } from '../../operationHelpers/routing';
import { menuFieldOptions, menuIdField, sectionsBody, sectionsField } from './helpers/fields';

async function requestBody(item: IExecuteSingleFunctions): Promise<IDataObject | IDataObject[]> {
	const { sections, ...fields } = collectionOf(item, 'updateFields');
	const body = onlySet(fields);
	const newSections = sectionsBody(sections as IDataObject | undefined);
	if (newSections) body.sections = newSections;
	requireChanges(item, body);
	return body;
}

export const operation = apiOperation({
	value: 'update',
	name: 'Update',
	action: 'Update a menu',
	description: 'Change the fields you set; Sections, when set, replace all sections of the menu',
	method: 'PUT',
	url: routingUrl('menu'),
	body: requestBody,
});

export const fields: INodeProperties[] = [
	restaurantLocator,
	menuIdField,
	fieldsCollection('updateFields', [
		nameField('menu', 'Lunch'),
		sectionsField(
			'The new sections of the menu, in display order: they replace all current sections',
		),
		...menuFieldOptions(),
	]),
];
