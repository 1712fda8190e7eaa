import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { fieldsCollection } from '../../shared/descriptions';
import { apiOperation, onlySet, withBody } from '../../shared/routing';
import { menuFieldOptions, MENUS_PATH, sectionsBody, sectionsField } from './fields';

const show = { resource: ['menu'], operation: ['create'] };

async function buildBody(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const body = onlySet({ name: this.getNodeParameter('name'), ...(this.getNodeParameter('additionalFields', {}) as IDataObject) });
	body.sections = sectionsBody(this.getNodeParameter('sections', {}) as IDataObject) ?? [];
	return withBody(requestOptions, body);
}

export const create = apiOperation({
	value: 'create',
	name: 'Create',
	action: 'Create a menu',
	description: 'Create a menu made of sections of catalog products',
	method: 'POST',
	url: `=${MENUS_PATH}`,
	preSend: [buildBody],
});

export const createFields: INodeProperties[] = [
	{ displayName: 'Name', name: 'name', type: 'string', default: '', required: true, placeholder: 'e.g. Lunch', description: 'Name of the menu', displayOptions: { show } },
	{ ...sectionsField('Sections of the menu, in display order, each with its products'), displayOptions: { show } },
	fieldsCollection('additionalFields', show, menuFieldOptions()),
];
