import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { fieldsCollection } from '../../shared/descriptions';
import { apiOperation, onlySet, requireChanges, withBody } from '../../shared/routing';
import { menuFieldOptions, MENUS_PATH, sectionsBody, sectionsField } from './fields';

const show = { resource: ['menu'], operation: ['update'] };

async function buildBody(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const { sections, ...fields } = this.getNodeParameter('updateFields', {}) as IDataObject;
	const body = onlySet(fields);
	const newSections = sectionsBody(sections as IDataObject | undefined);
	if (newSections) body.sections = newSections;
	requireChanges(this, body);
	return withBody(requestOptions, body);
}

export const update = apiOperation({
	value: 'update',
	name: 'Update',
	action: 'Update a menu',
	description: 'Change the fields you set; Sections, when set, replace all sections of the menu',
	method: 'PUT',
	url: `=${MENUS_PATH}/{{encodeURIComponent($parameter.menuId)}}`,
	preSend: [buildBody],
});

export const updateFields: INodeProperties[] = [
	fieldsCollection('updateFields', show, [
			{ displayName: 'Name', name: 'name', type: 'string', default: '', placeholder: 'e.g. Lunch', description: 'Name of the menu' },
			sectionsField('The new sections of the menu, in display order: they replace all current sections'),
			...menuFieldOptions(),
		]),
];
