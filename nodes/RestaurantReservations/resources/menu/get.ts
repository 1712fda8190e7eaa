import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { collectionOf, splitList } from '../../operationHelpers/readParameters';
import { apiOperation } from '../../operationHelpers/routing';
import { menuIdField } from './helpers/fields';

async function requestQuery(item: IExecuteSingleFunctions): Promise<IDataObject> {
	const options = collectionOf(item, 'menuOptions');
	const sections = splitList(options.sections);
	return sections.length ? { sections: sections.join(',') } : {};
}

export const operation = apiOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a menu',
	description: 'Get a menu with its sections and their products',
	method: 'GET',
	url: routingUrl('menu'),
	query: requestQuery,
});

export const fields: INodeProperties[] = [
	restaurantLocator,
	menuIdField,
	{
		displayName: 'Options',
		name: 'menuOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Sections',
				name: 'sections',
				type: 'string',
				default: '',
				placeholder: 'e.g. Starters, Desserts',
				description: 'Only these sections: comma-separated section names, any case',
			},
		],
	},
];
