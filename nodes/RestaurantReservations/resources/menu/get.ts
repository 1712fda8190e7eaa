import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { splitList } from '../../shared/readParameters';
import { apiOperation } from '../../shared/routing';
import { menuIdField } from './fields';

async function buildQuery(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const options = this.getNodeParameter('menuOptions', {}) as IDataObject;
	const sections = splitList(options.sections);
	return sections.length
		? { ...requestOptions, qs: { ...requestOptions.qs, sections: sections.join(',') } }
		: requestOptions;
}

export const operation = apiOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a menu',
	description: 'Get a menu with its sections and their products',
	method: 'GET',
	url: routingUrl('menu'),
	preSend: [buildQuery],
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
