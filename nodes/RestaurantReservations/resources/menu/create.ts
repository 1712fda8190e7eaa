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
import { menuFieldOptions, sectionsBody, sectionsField } from './fields';

async function buildBody(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const body = onlySet({
		name: this.getNodeParameter('name'),
		...(this.getNodeParameter('additionalFields', {}) as IDataObject),
	});
	body.sections = sectionsBody(this.getNodeParameter('sections', {}) as IDataObject) ?? [];
	return withBody(requestOptions, body);
}

export const operation = apiOperation({
	value: 'create',
	name: 'Create',
	action: 'Create a menu',
	description: 'Create a menu made of sections of catalog products',
	method: 'POST',
	url: routingUrl('menus'),
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
		placeholder: 'e.g. Lunch',
		description: 'Name of the menu',
	},
	sectionsField('Sections of the menu, in display order, each with its products'),
	fieldsCollection('additionalFields', menuFieldOptions()),
];
