import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { fieldsCollection } from '../../shared/descriptions';
import { apiOperation, onlySet, withBody } from '../../shared/routing';
import { groupFieldOptions, PRODUCT_GROUPS_PATH } from './fields';

const show = { resource: ['productGroup'], operation: ['create'] };

async function buildBody(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const body = onlySet({ name: this.getNodeParameter('name'), ...(this.getNodeParameter('additionalFields', {}) as IDataObject) });
	return withBody(requestOptions, body);
}

export const create = apiOperation({
	value: 'create',
	name: 'Create',
	action: 'Create a product group',
	description: 'Create a category of the menu catalog, such as Starters or Drinks',
	method: 'POST',
	url: `=${PRODUCT_GROUPS_PATH}`,
	preSend: [buildBody],
});

export const createFields: INodeProperties[] = [
	{ displayName: 'Name', name: 'name', type: 'string', default: '', required: true, placeholder: 'e.g. Starters', description: 'Name of the group', displayOptions: { show } },
	fieldsCollection('additionalFields', show, groupFieldOptions()),
];
