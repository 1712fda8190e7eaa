import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { fieldsCollection } from '../../shared/descriptions';
import { apiOperation, onlySet, requireChanges, withBody } from '../../shared/routing';
import { groupFieldOptions, PRODUCT_GROUPS_PATH } from './fields';

const show = { resource: ['productGroup'], operation: ['update'] };

async function buildBody(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const body = onlySet(this.getNodeParameter('updateFields', {}) as IDataObject);
	requireChanges(this, body);
	return withBody(requestOptions, body);
}

export const update = apiOperation({
	value: 'update',
	name: 'Update',
	action: 'Update a product group',
	description: 'Change the fields you set; the others keep their values',
	method: 'PUT',
	url: `=${PRODUCT_GROUPS_PATH}/{{encodeURIComponent($parameter.groupId)}}`,
	preSend: [buildBody],
});

export const updateFields: INodeProperties[] = [
	fieldsCollection('updateFields', show, [
			{ displayName: 'Name', name: 'name', type: 'string', default: '', placeholder: 'e.g. Starters', description: 'Name of the group' },
			...groupFieldOptions(),
		]),
];
