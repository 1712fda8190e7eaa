import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { apiOperation, splitList } from '../../shared/routing';
import { MENUS_PATH } from './fields';

const show = { resource: ['menu'], operation: ['get'] };

async function buildQuery(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const options = this.getNodeParameter('menuOptions', {}) as IDataObject;
	const sections = splitList(options.sections);
	return sections.length ? { ...requestOptions, qs: { ...requestOptions.qs, sections: sections.join(',') } } : requestOptions;
}

export const get = apiOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a menu',
	description: 'Get a menu with its sections and their products',
	method: 'GET',
	url: `=${MENUS_PATH}/{{encodeURIComponent($parameter.menuId)}}`,
	preSend: [buildQuery],
});

export const getFields: INodeProperties[] = [
	{
		displayName: 'Options',
		name: 'menuOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show },
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
