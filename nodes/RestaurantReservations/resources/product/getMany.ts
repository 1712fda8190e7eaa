import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import {
	fieldsCollection,
	returnAllAndLimit,
	simplifyOption,
} from '../../operationHelpers/descriptions';
import { collectionOf, onlySet } from '../../operationHelpers/readParameters';
import { apiOperation, pageBySkipTake } from '../../operationHelpers/routing';
import { productGroupField } from './helpers/apiFields';
import { PRODUCT_FIELDS } from './helpers/fields';

/** Puts the filters that are set into the query; skip and take come from the paging. */
async function requestQuery(item: IExecuteSingleFunctions): Promise<IDataObject> {
	const filters = onlySet(collectionOf(item, 'filters'));
	return filters;
}

export const operation = apiOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many products',
	description:
		'List the products of the catalog, filtered by group, name or visibility; pages through all of them with Return All',
	method: 'GET',
	url: routingUrl('products'),
	query: requestQuery,
	pagination: pageBySkipTake(PRODUCT_FIELDS),
});

export const fields: INodeProperties[] = [
	restaurantLocator,
	...returnAllAndLimit,
	fieldsCollection('filters', [
		productGroupField('productGroup', 'Only products of this group'),
		{
			displayName: 'Search',
			name: 'search',
			type: 'string',
			default: '',
			placeholder: 'e.g. pasta',
			description: 'Only products whose name contains this text (any case)',
		},
		{
			displayName: 'Visible',
			name: 'visible',
			type: 'boolean',
			default: true,
			description: 'Whether to return only visible products (on) or only hidden ones (off)',
		},
	]),
	simplifyOption(PRODUCT_FIELDS),
];
